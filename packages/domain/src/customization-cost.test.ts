import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CostType } from './catalogue';
import {
  countCharacters,
  customizationCostCents,
  pricedOption,
  textTier,
  type CustomizationValueRule,
} from './customization-cost';

const option = (
  values: Partial<CustomizationValueRule> & { costType: CostType; amount: number },
): CustomizationValueRule => ({ textNumberOfChar: null, selectKey: null, ...values });

// An engraving: up to 9 characters free, 10 characters on 5 €, 20 on 8 €, 30 on 12 €.
const engraving = {
  inputType: 'TEXT' as const,
  values: [
    option({ textNumberOfChar: 1, costType: 'NONE', amount: 0 }),
    option({ textNumberOfChar: 20, costType: 'EURO', amount: 800 }),
    option({ textNumberOfChar: 10, costType: 'EURO', amount: 500 }),
    option({ textNumberOfChar: 30, costType: 'EURO', amount: 1200 }),
  ],
};

describe('text customization', () => {
  it('uses the tier with the highest character count not above the typed length', () => {
    expect(customizationCostCents(engraving, { textValue: 'Pour Anne' }, 1500)).toBe(0);
    expect(customizationCostCents(engraving, { textValue: 'Pour Annie' }, 1500)).toBe(500);
    expect(customizationCostCents(engraving, { textValue: 'Joyeux anniversaire' }, 1500)).toBe(500);
    expect(customizationCostCents(engraving, { textValue: 'Joyeux anniversaire!' }, 1500)).toBe(
      800,
    );
    expect(customizationCostCents(engraving, { textValue: 'x'.repeat(45) }, 1500)).toBe(1200);
  });

  it('charges nothing for an empty text or one shorter than every tier', () => {
    expect(customizationCostCents(engraving, { textValue: '' }, 1500)).toBe(0);
    expect(customizationCostCents(engraving, { textValue: '   ' }, 1500)).toBe(0);
    expect(customizationCostCents(engraving, {}, 1500)).toBe(0);
    const fromFive = { inputType: 'TEXT' as const, values: [engraving.values[2]!] };
    expect(customizationCostCents(fromFive, { textValue: 'abc' }, 1500)).toBe(0);
  });

  it('counts characters as displayed, spaces around the text not counted', () => {
    expect(countCharacters('  Élodie  ')).toBe(6);
    expect(countCharacters('Noël 🎄')).toBe(6);
    expect(countCharacters('e\u0301')).toBe(1);
  });

  it('picks a tier that fits the length and that no higher fitting tier beats', () => {
    const tierArbitrary = fc.record({
      textNumberOfChar: fc.integer({ min: 0, max: 60 }),
      selectKey: fc.constant(null),
      costType: fc.constant('EURO' as const),
      amount: fc.integer({ min: 0, max: 5000 }),
    });
    fc.assert(
      fc.property(
        fc.array(tierArbitrary, { maxLength: 8 }),
        fc.integer({ min: 0, max: 80 }),
        (tiers, length) => {
          const tier = textTier(tiers, length);
          const fitting = tiers.filter((value) => value.textNumberOfChar <= length);
          if (length === 0 || fitting.length === 0) {
            expect(tier).toBeNull();
          } else {
            expect(tier).not.toBeNull();
            expect(tier!.textNumberOfChar).toBe(
              Math.max(...fitting.map((value) => value.textNumberOfChar)),
            );
          }
        },
      ),
    );
  });

  it('never charges less for a longer text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 10 }), (text, more) => {
        const shorter = customizationCostCents(engraving, { textValue: `x${text}x` }, 1500);
        const longer = customizationCostCents(engraving, { textValue: `x${text}${more}x` }, 1500);
        expect(longer).toBeGreaterThanOrEqual(shorter);
      }),
    );
  });
});

const woodenCase = {
  inputType: 'SELECT' as const,
  values: [
    option({ selectKey: 'CARTON', costType: 'NONE', amount: 0 }),
    option({ selectKey: 'BOIS', costType: 'EURO', amount: 650 }),
    option({ selectKey: 'BOIS_GRAVE', costType: 'PERCENT', amount: 1250 }),
  ],
};

describe('select customization', () => {
  it('prices the option with the chosen key', () => {
    expect(customizationCostCents(woodenCase, { selectValue: { key: 'BOIS' } }, 2400)).toBe(650);
    expect(customizationCostCents(woodenCase, { selectValue: { key: 'CARTON' } }, 2400)).toBe(0);
  });

  it('takes a percentage of the unit price, rounded to the cent', () => {
    // 12.5 % of 19.99 € is 2.49875 €, which rounds to 2.50 €.
    expect(customizationCostCents(woodenCase, { selectValue: { key: 'BOIS_GRAVE' } }, 1999)).toBe(
      250,
    );
  });

  it('finds no option for a key the customization does not offer', () => {
    expect(pricedOption(woodenCase, { selectValue: { key: 'PLATINE' } })).toBeNull();
    expect(customizationCostCents(woodenCase, { selectValue: null }, 2400)).toBe(0);
  });
});

describe('checkbox and file customizations', () => {
  const giftWrap = {
    inputType: 'CHECKBOX' as const,
    values: [option({ costType: 'EURO', amount: 300 })],
  };
  const label = {
    inputType: 'FILE' as const,
    values: [option({ costType: 'PERCENT', amount: 2000 })],
  };

  it('charges a checked checkbox and leaves an unchecked one free', () => {
    expect(customizationCostCents(giftWrap, { checkboxValue: true }, 1500)).toBe(300);
    expect(customizationCostCents(giftWrap, { checkboxValue: false }, 1500)).toBe(0);
    expect(customizationCostCents(giftWrap, {}, 1500)).toBe(0);
  });

  it('charges a file option only when a file is given', () => {
    expect(customizationCostCents(label, { filename: 'etiquette.png' }, 1500)).toBe(300);
    expect(customizationCostCents(label, { filename: null }, 1500)).toBe(0);
  });

  it('never costs a negative amount nor more than a whole-price percentage allows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (unitPrice, basisPoints, checked) => {
          const rule = {
            inputType: 'CHECKBOX' as const,
            values: [option({ costType: 'PERCENT', amount: basisPoints })],
          };
          const cost = customizationCostCents(rule, { checkboxValue: checked }, unitPrice);
          expect(cost).toBeGreaterThanOrEqual(0);
          expect(cost).toBeLessThanOrEqual(unitPrice);
          if (!checked) expect(cost).toBe(0);
        },
      ),
    );
  });
});
