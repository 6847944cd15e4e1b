import { describe, expect, it } from 'vitest';
import { formDefinitionSchema } from '@comptoir/contract/admin-forms';
import {
  builderField,
  builderPath,
  initialBuilderValues,
  newFieldKey,
  optionsFromChoices,
  toFormDefinition,
  typedNumber,
} from './form-builder-model';

describe('the form builder model', () => {
  it('keeps the key of a saved choice and makes new keys from the labels', () => {
    const saved = [
      { key: 'coupe', label: 'Coupe' },
      { key: 'couleur', label: 'Couleur' },
    ];
    expect(optionsFromChoices('Couleur\n\n  Coupe femme \ncoupe\nÉté', saved)).toEqual([
      { key: 'couleur', label: 'Couleur' },
      { key: 'coupe-femme', label: 'Coupe femme' },
      { key: 'coupe', label: 'coupe' },
      { key: 'ete', label: 'Été' },
    ]);
    expect(optionsFromChoices('Coupe\n!!!', [{ key: 'coupe-2', label: 'Autre' }])).toEqual([
      { key: 'coupe', label: 'Coupe' },
      { key: 'choix', label: '!!!' },
    ]);
  });

  it('numbers a new field after the others, skipping keys in use', () => {
    expect(newFieldKey([])).toBe('champ_1');
    expect(newFieldKey([{ key: 'nom' }, { key: 'champ_2' }])).toBe('champ_3');
  });

  it('reads French numbers and refuses what is not one', () => {
    expect(typedNumber('')).toBeUndefined();
    expect(typedNumber('2,5')).toBe(2.5);
    expect(typedNumber('deux')).toBeNaN();
  });

  it('turns the controls into a definition the contract accepts', () => {
    const values = initialBuilderValues(null);
    values.title = 'Devis';
    values.fields = [
      { ...builderField({ key: 'champ_1', label: 'Nom', type: 'TEXT', required: true }) },
      {
        ...builderField({ key: 'champ_2', label: 'Choix', type: 'TEXT', required: false }),
        type: 'SELECT',
        choices: 'Un\nDeux',
      },
      {
        ...builderField({ key: 'champ_3', label: 'Photo', type: 'FILE', required: false }),
        accept: ['image/png'],
        maxSizeMb: '2,5',
      },
    ];
    const parsed = formDefinitionSchema.parse(toFormDefinition(values));
    expect(parsed.fields).toEqual([
      { key: 'champ_1', label: 'Nom', type: 'TEXT', required: true },
      {
        key: 'champ_2',
        label: 'Choix',
        type: 'SELECT',
        required: false,
        options: [
          { key: 'un', label: 'Un' },
          { key: 'deux', label: 'Deux' },
        ],
        multiple: false,
      },
      {
        key: 'champ_3',
        label: 'Photo',
        type: 'FILE',
        required: false,
        accept: ['image/png'],
        maxSizeMb: 2.5,
      },
    ]);
    expect(parsed.notifyEmail).toBeNull();
  });

  it('names the control of an error path', () => {
    expect(builderPath(['fields', 1, 'options'])).toBe('fields.1.choices');
    expect(builderPath(['fields', 0, 'label'])).toBe('fields.0.label');
    expect(builderPath(['title'])).toBe('title');
  });
});
