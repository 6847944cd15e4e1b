import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answersKey, cartTotals, lineTotalCents, mergedQuantity } from './cart-lines';

describe('lineTotalCents', () => {
  it('charges the unit price plus the customization cost for each unit', () => {
    expect(lineTotalCents({ quantity: 3, unitPriceCents: 1250, customizationCostCents: 300 })).toBe(
      4650,
    );
  });
});

describe('cartTotals', () => {
  it('adds the lines up in cents and counts the units', () => {
    expect(
      cartTotals([
        { quantity: 2, unitPriceCents: 1999, customizationCostCents: 0 },
        { quantity: 6, unitPriceCents: 850, customizationCostCents: 125 },
      ]),
    ).toEqual({ totalProductCents: 2 * 1999 + 6 * 975, totalQuantity: 8 });
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ totalProductCents: 0, totalQuantity: 0 });
  });

  it('always gives an integer number of cents, whatever the order of the lines', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 1000 }),
      unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
      customizationCostCents: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const totals = cartTotals(lines);
        expect(Number.isSafeInteger(totals.totalProductCents)).toBe(true);
        expect(cartTotals([...lines].reverse())).toEqual(totals);
        expect(totals.totalProductCents).toBe(
          lines.reduce((sum, current) => sum + lineTotalCents(current), 0),
        );
      }),
    );
  });
});

describe('answersKey', () => {
  it('is the same for the same answers given in another order', () => {
    expect(
      answersKey([
        { customizationId: 2, selectValue: { key: 'bois', value: 'Caisse bois' } },
        { customizationId: 1, textValue: 'Joyeux anniversaire' },
      ]),
    ).toBe(
      answersKey([
        { customizationId: 1, textValue: '  Joyeux anniversaire ' },
        { customizationId: 2, selectValue: { key: 'bois', value: 'autre libellé' } },
      ]),
    );
  });

  it('ignores answers that say nothing, so they match a line without answers', () => {
    expect(
      answersKey([
        { customizationId: 1, textValue: '   ' },
        { customizationId: 3, checkboxValue: false },
      ]),
    ).toBe(answersKey([]));
  });

  it('tells different engravings apart', () => {
    expect(answersKey([{ customizationId: 1, textValue: 'Paul' }])).not.toBe(
      answersKey([{ customizationId: 1, textValue: 'Marie' }]),
    );
  });

  it('does not depend on the order of answers (property)', () => {
    const answer = fc.record({
      customizationId: fc.integer({ min: 1, max: 50 }),
      textValue: fc.option(fc.string(), { nil: undefined }),
      checkboxValue: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(answer, { selector: (value) => value.customizationId, maxLength: 8 }),
        (answers) => {
          expect(answersKey([...answers].reverse())).toBe(answersKey(answers));
        },
      ),
    );
  });
});

describe('mergedQuantity', () => {
  it('adds the quantities when the stock covers them', () => {
    expect(mergedQuantity({ quantities: [2, 3], sellByMultipleOf: 1, stock: 10 })).toBe(5);
  });

  it('keeps the largest multiple the stock covers', () => {
    expect(mergedQuantity({ quantities: [6, 6], sellByMultipleOf: 3, stock: 10 })).toBe(9);
  });

  it('counts the other lines of the same declination against the stock', () => {
    expect(
      mergedQuantity({ quantities: [2, 2], sellByMultipleOf: 1, stock: 5, otherLinesQuantity: 3 }),
    ).toBe(2);
  });

  it('is not capped when the stock is not managed', () => {
    expect(mergedQuantity({ quantities: [400, 700], sellByMultipleOf: 1, stock: null })).toBe(1100);
  });

  it('never exceeds the stock nor the sum, and is always a multiple (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (quantities, multiple, stock, other) => {
          const merged = mergedQuantity({
            quantities,
            sellByMultipleOf: multiple,
            stock,
            otherLinesQuantity: other,
          });
          expect(merged).toBeGreaterThanOrEqual(0);
          expect(merged % multiple).toBe(0);
          expect(merged + other).toBeLessThanOrEqual(Math.max(stock, other));
          expect(merged).toBeLessThanOrEqual(quantities.reduce((a, b) => a + b, 0));
        },
      ),
    );
  });
});
