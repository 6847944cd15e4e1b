import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decreaseQuantity,
  increaseQuantity,
  normalizeMultiple,
  parseQuantity,
  QUANTITY_CHOICE_COUNT,
  QUANTITY_SCAN_LIMIT,
  quantityChoices,
} from './quantity-picker';

describe('quantityChoices', () => {
  it('offers 1 to 20 for a product sold by the unit', () => {
    expect(quantityChoices(1)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('offers the first twenty multiples of 6 for a product sold by six', () => {
    expect(quantityChoices(6)).toEqual([
      6, 12, 18, 24, 30, 36, 42, 48, 54, 60, 66, 72, 78, 84, 90, 96, 102, 108, 114, 120,
    ]);
  });

  it('stops at 1000 when fewer than twenty multiples fit', () => {
    expect(quantityChoices(100)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(quantityChoices(999)).toEqual([999]);
    expect(quantityChoices(1001)).toEqual([]);
  });

  it('treats a missing or invalid multiple as 1', () => {
    for (const multiple of [null, undefined, 0, -3, 2.5, Number.NaN]) {
      expect(normalizeMultiple(multiple)).toBe(1);
      expect(quantityChoices(multiple)[0]).toBe(1);
    }
  });

  it('always offers increasing multiples of the product, at most twenty, none above 1000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1500 }), (multiple) => {
        const choices = quantityChoices(multiple);
        expect(choices.length).toBe(
          Math.min(QUANTITY_CHOICE_COUNT, Math.floor(QUANTITY_SCAN_LIMIT / multiple)),
        );
        choices.forEach((choice, index) => {
          expect(choice).toBe(multiple * (index + 1));
          expect(choice).toBeLessThanOrEqual(QUANTITY_SCAN_LIMIT);
        });
      }),
    );
  });
});

describe('parseQuantity', () => {
  it('reads a typed number', () => {
    expect(parseQuantity('12', 6)).toBe(12);
    expect(parseQuantity(' 7 ', 1)).toBe(7);
    expect(parseQuantity(18, 6)).toBe(18);
  });

  it('falls back to the multiple for anything that is not a number', () => {
    expect(parseQuantity('abc', 6)).toBe(6);
    expect(parseQuantity('', 3)).toBe(3);
    expect(parseQuantity(undefined, 3)).toBe(3);
    expect(parseQuantity(Number.NaN, 1)).toBe(1);
    expect(parseQuantity('12 bouteilles', 6)).toBe(6);
  });

  it('keeps zero and negative numbers so that the cart check can refuse them', () => {
    expect(parseQuantity('0', 6)).toBe(0);
    expect(parseQuantity('-6', 6)).toBe(-6);
  });

  it('never answers a fractional quantity, and any non-numeric text gives the multiple', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double()),
        fc.integer({ min: 1, max: 100 }),
        (input, multiple) => {
          const quantity = parseQuantity(input, multiple);
          const numeric =
            typeof input === 'number'
              ? input
              : input.trim() === ''
                ? Number.NaN
                : Number(input.trim().replace(',', '.'));
          expect(Number.isInteger(quantity)).toBe(true);
          if (!Number.isFinite(numeric)) expect(quantity).toBe(multiple);
        },
      ),
    );
  });
});

describe('increaseQuantity and decreaseQuantity', () => {
  it('steps by the multiple', () => {
    expect(increaseQuantity(6, 6)).toBe(12);
    expect(decreaseQuantity(18, 6)).toBe(12);
  });

  it('never goes below the multiple', () => {
    expect(decreaseQuantity(6, 6)).toBe(6);
    expect(decreaseQuantity(1, 1)).toBe(1);
    expect(decreaseQuantity(4, 6)).toBe(6);
  });

  it('decreasing is floored at the multiple and undoes an increase above it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 40 }),
        (multiple, steps) => {
          const quantity = multiple * steps;
          const lower = decreaseQuantity(quantity, multiple);
          expect(lower).toBeGreaterThanOrEqual(multiple);
          expect(lower % multiple).toBe(0);
          expect(decreaseQuantity(increaseQuantity(quantity, multiple), multiple)).toBe(quantity);
        },
      ),
    );
  });
});
