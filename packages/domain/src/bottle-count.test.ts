import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bottlesInBox, countBottles, lineBottles, type BottleCountLine } from './bottle-count';

const bottle = (
  quantity: number,
  capacity: number,
  unit: 'LITER' | 'CENTILITRE',
): BottleCountLine => ({
  type: 'WINE',
  quantity,
  capacity,
  capacityUnit: unit,
  sellByMultipleOf: 1,
});

describe('countBottles', () => {
  it('counts a 75 cl bottle and a magnum as one bottle each', () => {
    expect(countBottles([bottle(6, 75, 'CENTILITRE'), bottle(2, 1.5, 'LITER')])).toBe(8);
    expect(countBottles([bottle(1, 0.75, 'LITER')])).toBe(1);
  });

  it('counts a wine under 0.75 L as half a bottle, in litres or centilitres', () => {
    expect(lineBottles(bottle(3, 37.5, 'CENTILITRE'))).toBe(1.5);
    expect(lineBottles(bottle(2, 0.5, 'LITER'))).toBe(1);
  });

  it('multiplies a box by its sales multiple', () => {
    expect(
      countBottles([
        { type: 'BOX', quantity: 2, capacity: null, capacityUnit: null, sellByMultipleOf: 6 },
      ]),
    ).toBe(12);
  });

  it('counts the bottles a box holds from its capacity, one box at a time', () => {
    // A carton of six 75 cl bottles (4,5 L) and a three-bottle box (2,25 L), sold one by one:
    // two cartons reach the 12 bottles of free shipping.
    const carton = (quantity: number, capacity: number) => ({
      type: 'BOX' as const,
      quantity,
      capacity,
      capacityUnit: 'LITER' as const,
      sellByMultipleOf: 1,
    });
    expect(lineBottles(carton(1, 4.5))).toBe(6);
    expect(countBottles([carton(2, 4.5)])).toBe(12);
    expect(countBottles([carton(1, 2.25), carton(1, 4.5)])).toBe(9);
    expect(bottlesInBox(450, 'CENTILITRE')).toBe(6);
    // A box smaller than a bottle still holds one; a box of unknown capacity counts one.
    expect(bottlesInBox(0.5, 'LITER')).toBe(1);
    expect(bottlesInBox(null, null)).toBe(1);
  });

  it('does not count tickets and accessories, and counts a wine of unknown capacity as one', () => {
    expect(
      countBottles([
        { type: 'OTHER', quantity: 4, capacity: null, capacityUnit: null, sellByMultipleOf: 1 },
        { type: 'WINE', quantity: 2, capacity: null, capacityUnit: null, sellByMultipleOf: 1 },
      ]),
    ).toBe(2);
  });

  it('rounds the total down, once', () => {
    expect(countBottles([bottle(1, 37.5, 'CENTILITRE')])).toBe(0);
    expect(countBottles([bottle(1, 37.5, 'CENTILITRE'), bottle(1, 37.5, 'CENTILITRE')])).toBe(1);
    expect(countBottles([bottle(3, 37.5, 'CENTILITRE'), bottle(1, 75, 'CENTILITRE')])).toBe(2);
  });

  it('is the floor of the sum of the lines, whatever their order', () => {
    const line = fc.record({
      type: fc.constantFrom('WINE' as const, 'BOX' as const, 'OTHER' as const),
      quantity: fc.integer({ min: 0, max: 200 }),
      capacity: fc.option(fc.constantFrom(37.5, 50, 75, 150, 0.375, 0.75, 1.5)),
      capacityUnit: fc.option(fc.constantFrom('LITER' as const, 'CENTILITRE' as const)),
      sellByMultipleOf: fc.integer({ min: 1, max: 12 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (lines) => {
        const total = countBottles(lines);
        const exact = lines.reduce((sum, each) => sum + lineBottles(each), 0);
        expect(total).toBe(Math.floor(exact));
        expect(countBottles([...lines].reverse())).toBe(total);
        expect(Number.isInteger(total)).toBe(true);
      }),
    );
  });
});
