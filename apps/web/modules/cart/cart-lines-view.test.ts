import { describe, expect, it } from 'vitest';
import {
  customizationLines,
  customizationValue,
  lineDetails,
  unitTotalCents,
  unitsLabel,
} from './cart-lines-view';
import { testLine } from './test-cart';

const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

const answer = {
  customizationId: 1,
  label: 'Gravure',
  textValue: null,
  checkboxValue: null,
  selectValue: null,
  filename: null,
  formAnswer: null,
  costCents: 0,
};

describe('a cart line as the visitor reads it', () => {
  it('counts articles in French', () => {
    expect(unitsLabel(1)).toBe('1 article');
    expect(unitsLabel(0)).toBe('0 article');
    expect(unitsLabel(12)).toBe('12 articles');
  });

  it('names the vintage and the format', () => {
    expect(lineDetails(testLine())).toBe('2023 · Bouteille 75 cl');
    expect(lineDetails(testLine({ year: 2020, capacity: 1.5, capacityUnit: 'LITER' }))).toBe(
      '2020 · Magnum 1,5 L',
    );
    expect(lineDetails(testLine({ year: null }))).toBe('Bouteille 75 cl');
    expect(lineDetails(testLine({ year: null, capacity: null, capacityUnit: null }))).toBeNull();
  });

  it('says each kind of answer', () => {
    expect(customizationValue({ ...answer, textValue: 'Pour Léa' })).toBe('« Pour Léa »');
    expect(
      customizationValue({ ...answer, selectValue: { key: 'gold', value: 'Ruban doré' } }),
    ).toBe('Ruban doré');
    expect(customizationValue({ ...answer, selectValue: { key: 'gold', value: null } })).toBe(
      'gold',
    );
    expect(customizationValue({ ...answer, checkboxValue: true })).toBe('oui');
    expect(customizationValue({ ...answer, checkboxValue: false })).toBeNull();
    expect(customizationValue({ ...answer, filename: 'logo.png' })).toBe('fichier logo.png');
    expect(
      customizationValue({ ...answer, formAnswer: { prenom: 'Léa', age: 30, gift: true, no: '' } }),
    ).toBe('Léa, 30, oui');
    expect(customizationValue(answer)).toBeNull();
  });

  it('shows the cost of an answer per unit in euros, and nothing for a free one', () => {
    const lines = customizationLines(
      testLine({
        customizations: [
          { ...answer, textValue: 'Pour Léa', costCents: 250 },
          { ...answer, customizationId: 2, label: 'Coffret', checkboxValue: true },
          { ...answer, customizationId: 3, label: 'Étui', checkboxValue: false },
        ],
      }),
    );
    expect(lines.map((line) => ({ ...line, cost: plain(line.cost) }))).toEqual([
      { id: 1, text: 'Gravure : « Pour Léa »', cost: '+ 2,50 € par unité' },
      { id: 2, text: 'Coffret : oui', cost: null },
    ]);
  });

  it('prices a unit with its customizations', () => {
    expect(unitTotalCents(testLine({ unitPriceCents: 1250, customizationCostCents: 300 }))).toBe(
      1550,
    );
  });
});
