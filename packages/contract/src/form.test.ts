import { describe, expect, it } from 'vitest';
import {
  REQUIRED_FIELD_MESSAGE,
  checkFormAnswer,
  formFieldSchema,
  isValidDate,
  isValidPhone,
  parseFormNumber,
  tooLongMessage,
} from './form';

describe('phone numbers', () => {
  it.each([
    '02 51 64 23 18',
    '06.48.27.15.93',
    '0648271593',
    '+33 6 48 27 15 93',
    '+33 (0)6 48 27 15 93',
    '0033 6 48 27 15 93',
    '+32 470 12 34 56',
    '+1 (514) 555-0199',
  ])('accepts %s', (phone) => {
    expect(isValidPhone(phone)).toBe(true);
  });

  it.each([
    '06 48 27 15',
    '6 48 27 15 93',
    '00 06 48 27 15 93',
    '+33 06 48 27 15 93',
    '+33 6 48 27 15 9',
    '+12',
    '06 48 27 15 93 ext 2',
    'téléphone',
  ])('refuses %s', (phone) => {
    expect(isValidPhone(phone)).toBe(false);
  });
});

describe('dates and numbers', () => {
  it('accepts real days written YYYY-MM-DD only', () => {
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('2027-02-29')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('12/12/2026')).toBe(false);
  });

  it('reads French and English decimals, nothing else', () => {
    expect(parseFormNumber('12,5')).toBe(12.5);
    expect(parseFormNumber('-3')).toBe(-3);
    expect(parseFormNumber('1e3')).toBeNull();
    expect(parseFormNumber('12 000')).toBeNull();
    expect(parseFormNumber('')).toBeNull();
  });
});

describe('the field schema', () => {
  it('needs options on a select, with unique keys', () => {
    expect(
      formFieldSchema.safeParse({ key: 'choix', label: 'Choix', type: 'SELECT' }).success,
    ).toBe(false);
    expect(
      formFieldSchema.safeParse({
        key: 'choix',
        label: 'Choix',
        type: 'SELECT',
        options: [
          { key: 'a', label: 'A' },
          { key: 'a', label: 'Autre A' },
        ],
      }).success,
    ).toBe(false);
  });

  it('keeps each rule to the types it applies to', () => {
    const refused = [
      { key: 'nom', label: 'Nom', type: 'TEXT', accept: ['image/png'] },
      { key: 'age', label: 'Âge', type: 'NUMBER', maxLength: 3 },
      { key: 'nom', label: 'Nom', type: 'TEXT', minLength: 10, maxLength: 5 },
      { key: 'photo', label: 'Photo', type: 'FILE', accept: ['image/svg+xml'] },
      { key: 'photo', label: 'Photo', type: 'FILE', maxSizeMb: 50 },
      { key: '1nom', label: 'Nom', type: 'TEXT' },
    ];
    for (const field of refused) expect(formFieldSchema.safeParse(field).success).toBe(false);
    expect(formFieldSchema.parse({ key: 'nom', label: 'Nom', type: 'TEXT' }).required).toBe(false);
  });
});

describe('checking the text parts of an answer', () => {
  const fields = [
    formFieldSchema.parse({ key: 'nom', label: 'Nom', type: 'TEXT', required: true }),
    formFieldSchema.parse({ key: 'avis', label: 'Avis', type: 'TEXTAREA' }),
    formFieldSchema.parse({ key: 'photo', label: 'Photo', type: 'FILE', required: true }),
  ];

  it('trims the values, leaves empty optional fields out and skips files', () => {
    const { answers, errors } = checkFormAnswer(
      fields,
      new Map([
        ['nom', ['  Léa  ']],
        ['avis', ['']],
      ]),
    );
    expect(errors).toEqual([]);
    expect(answers).toEqual({ nom: 'Léa' });
  });

  it('reports a missing required field and a text over the default limit', () => {
    const { errors } = checkFormAnswer(fields, new Map([['avis', ['x'.repeat(5001)]]]));
    expect(errors).toEqual([
      { key: 'nom', error: REQUIRED_FIELD_MESSAGE },
      { key: 'avis', error: tooLongMessage(5000) },
    ]);
  });
});
