import { beforeEach, describe, expect, it } from 'vitest';
import { useFormErrorsStore } from './form-errors';

describe('form errors', () => {
  beforeEach(() => useFormErrorsStore.setState({ byForm: {} }));

  it('keeps the errors of each form apart', () => {
    const { setErrors } = useFormErrorsStore.getState();
    setErrors(1, [{ key: 'email', error: 'Adresse e-mail invalide.' }]);
    setErrors(2, [{ key: 'nom', error: 'Ce champ est obligatoire.' }]);
    expect(useFormErrorsStore.getState().byForm).toEqual({
      1: [{ key: 'email', error: 'Adresse e-mail invalide.' }],
      2: [{ key: 'nom', error: 'Ce champ est obligatoire.' }],
    });
  });

  it('forgets one field of one form, or a whole form, without touching the others', () => {
    const { setErrors, clearField, clearForm } = useFormErrorsStore.getState();
    setErrors(1, [
      { key: 'email', error: 'Adresse e-mail invalide.' },
      { key: 'nom', error: 'Ce champ est obligatoire.' },
    ]);
    setErrors(2, [{ key: 'email', error: 'Adresse e-mail invalide.' }]);
    clearField(1, 'email');
    expect(useFormErrorsStore.getState().byForm[1]).toEqual([
      { key: 'nom', error: 'Ce champ est obligatoire.' },
    ]);
    expect(useFormErrorsStore.getState().byForm[2]).toHaveLength(1);
    clearForm(2);
    expect(useFormErrorsStore.getState().byForm).toEqual({
      1: [{ key: 'nom', error: 'Ce champ est obligatoire.' }],
    });
  });
});
