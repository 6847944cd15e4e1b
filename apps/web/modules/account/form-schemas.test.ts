import { describe, expect, it } from 'vitest';
import { TERMS_NOT_ACCEPTED_MESSAGE } from '@comptoir/contract/account-fields';
import { BIRTHDATE_REQUIRED_MESSAGE } from '@comptoir/contract/auth';
import { PASSWORD_IS_EMAIL_MESSAGE } from '@comptoir/domain/password-strength';
import {
  changePasswordFormSchema,
  PASSWORD_MISMATCH_MESSAGE,
  registerFormSchema,
  resetPasswordFormSchema,
} from './form-schemas';

const registration = {
  email: 'Lea.Martin@Example.fr ',
  password: 'Coupe-courte-2026',
  passwordConfirmation: 'Coupe-courte-2026',
  firstname: 'Léa',
  lastname: 'Martin',
  phone: '',
  birthdate: '',
  acceptTerms: true,
};

function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('registration form', () => {
  it('accepts a complete form and sends the address trimmed and in lower case', () => {
    const result = registerFormSchema({ birthdateRequired: false }).safeParse(registration);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('lea.martin@example.fr');
    expect(result.data?.phone).toBeNull();
  });

  it('refuses to create an account until the terms of use are accepted', () => {
    const result = registerFormSchema({ birthdateRequired: false }).safeParse({
      ...registration,
      acceptTerms: false,
    });
    expect(messages(result)).toEqual({ acceptTerms: TERMS_NOT_ACCEPTED_MESSAGE });
  });

  it('asks for the birth date only when the site requires it', () => {
    expect(registerFormSchema({ birthdateRequired: false }).safeParse(registration).success).toBe(
      true,
    );
    const result = registerFormSchema({ birthdateRequired: true }).safeParse(registration);
    expect(messages(result)).toEqual({ birthdate: BIRTHDATE_REQUIRED_MESSAGE });
  });

  it('reports a mistyped confirmation together with the other mistakes', () => {
    const result = registerFormSchema({ birthdateRequired: false }).safeParse({
      ...registration,
      firstname: ' ',
      passwordConfirmation: 'Coupe-courte-2025',
    });
    expect(Object.keys(messages(result)).sort()).toEqual(['firstname', 'passwordConfirmation']);
    expect(messages(result).passwordConfirmation).toBe(PASSWORD_MISMATCH_MESSAGE);
  });

  it('refuses a password that is the e-mail address', () => {
    const result = registerFormSchema({ birthdateRequired: false }).safeParse({
      ...registration,
      email: 'camille2026@example.fr',
      password: 'camille2026',
      passwordConfirmation: 'camille2026',
    });
    expect(messages(result)).toEqual({ password: PASSWORD_IS_EMAIL_MESSAGE });
  });
});

describe('password forms', () => {
  it('want the new password typed twice alike', () => {
    const reset = resetPasswordFormSchema.safeParse({
      password: 'Nouveau-mot-2026',
      passwordConfirmation: 'Nouveau-mot-2027',
    });
    expect(messages(reset)).toEqual({ passwordConfirmation: PASSWORD_MISMATCH_MESSAGE });
    const change = changePasswordFormSchema.safeParse({
      currentPassword: 'Ancien-mot-2025',
      newPassword: 'Nouveau-mot-2026',
      newPasswordConfirmation: 'Nouveau-mot-2026',
    });
    expect(change.success).toBe(true);
  });
});
