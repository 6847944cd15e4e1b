import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDiscountCents,
  formatCost,
  formatPercent,
  formatPrice,
  percentOfCents,
} from './money';

// Intl's French format puts a no-break space before € and % and a narrow one between thousands.
const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('formatPrice', () => {
  it('shows cents as euros with two decimals, the French way', () => {
    expect(formatPrice(1250)).toBe(`12,50${NBSP}€`);
    expect(formatPrice(900)).toBe(`9,00${NBSP}€`);
    expect(formatPrice(5)).toBe(`0,05${NBSP}€`);
    expect(formatPrice(0)).toBe(`0,00${NBSP}€`);
    expect(formatPrice(123456)).toBe(`1${NNBSP}234,56${NBSP}€`);
  });
});

describe('formatCost', () => {
  it('shows euro costs with € and percentage costs with %', () => {
    expect(formatCost('EURO', 350)).toBe(`3,50${NBSP}€`);
    expect(formatCost('PERCENT', 1000)).toBe(`10${NBSP}%`);
    expect(formatCost('PERCENT', 1250)).toBe(`12,5${NBSP}%`);
    expect(formatPercent(5)).toBe(`0,05${NBSP}%`);
  });

  it('shows nothing for a free option', () => {
    expect(formatCost('NONE', 500)).toBeNull();
    expect(formatCost('EURO', 0)).toBeNull();
  });
});

describe('percentOfCents', () => {
  it('rounds to the nearest cent, halves away from zero', () => {
    expect(percentOfCents(1999, 1250)).toBe(250); // 249.875
    expect(percentOfCents(1000, 1250)).toBe(125);
    expect(percentOfCents(2, 2500)).toBe(1); // 0.5 → 1
    expect(percentOfCents(1, 4999)).toBe(0); // 0.4999 → 0
    expect(percentOfCents(-2, 2500)).toBe(-1);
  });

  it('is never more than half a cent away from the exact percentage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, basisPoints) => {
          const rounded = percentOfCents(cents, basisPoints);
          expect(Number.isInteger(rounded)).toBe(true);
          // Compared on integers: |rounded × 10000 − cents × bp| ≤ 5000.
          expect(Math.abs(rounded * 10_000 - cents * basisPoints)).toBeLessThanOrEqual(5_000);
        },
      ),
    );
  });
});

describe('applyDiscountCents', () => {
  it('takes euros or a percentage off and never goes below zero', () => {
    expect(applyDiscountCents(1500, 'EURO', 200)).toBe(1300);
    expect(applyDiscountCents(1500, 'PERCENT', 1000)).toBe(1350);
    expect(applyDiscountCents(1500, 'EURO', 2000)).toBe(0);
    expect(applyDiscountCents(1500, 'NONE', 2000)).toBe(1500);
  });

  it('keeps a discounted price between zero and the price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('NONE' as const, 'EURO' as const, 'PERCENT' as const),
        fc.integer({ min: 0, max: 10_000 }),
        (cents, type, amount) => {
          const discounted = applyDiscountCents(cents, type, amount);
          expect(Number.isInteger(discounted)).toBe(true);
          expect(discounted).toBeGreaterThanOrEqual(0);
          expect(discounted).toBeLessThanOrEqual(cents);
        },
      ),
    );
  });
});
