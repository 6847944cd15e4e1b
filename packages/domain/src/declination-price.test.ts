import { describe, expect, it } from 'vitest';
import {
  decreasingDiscountTier,
  isDiscounted,
  unitPriceCents,
  unitPriceForQuantityCents,
} from './declination-price';

const plain = {
  priceCents: 1450,
  fixedPriceCents: null,
  discountType: 'NONE' as const,
  discountAmount: 0,
};
const tiers = [
  { minQuantity: 12, discountType: 'PERCENT' as const, discountAmount: 1000 },
  { minQuantity: 6, discountType: 'PERCENT' as const, discountAmount: 500 },
];

describe('unitPriceCents', () => {
  it('is the catalogue price without discount', () => {
    expect(unitPriceCents(plain)).toBe(1450);
    expect(isDiscounted(plain)).toBe(false);
  });

  it("applies the declination's discount in euros or percent", () => {
    expect(unitPriceCents({ ...plain, discountType: 'EURO', discountAmount: 250 })).toBe(1200);
    expect(unitPriceCents({ ...plain, discountType: 'PERCENT', discountAmount: 1500 })).toBe(1232);
    expect(isDiscounted({ ...plain, discountType: 'EURO', discountAmount: 250 })).toBe(true);
  });

  it('uses a fixed price as it is, whatever the discount', () => {
    expect(
      unitPriceCents({
        ...plain,
        fixedPriceCents: 1200,
        discountType: 'EURO',
        discountAmount: 500,
      }),
    ).toBe(1200);
  });
});

describe('quantity discounts', () => {
  it('uses the tier with the highest minimum quantity reached', () => {
    expect(decreasingDiscountTier(tiers, 5)).toBeNull();
    expect(decreasingDiscountTier(tiers, 6)?.discountAmount).toBe(500);
    expect(decreasingDiscountTier(tiers, 11)?.discountAmount).toBe(500);
    expect(decreasingDiscountTier(tiers, 24)?.discountAmount).toBe(1000);
  });

  it('lowers the unit price from the tier on, but never a fixed price', () => {
    expect(unitPriceForQuantityCents(plain, tiers, 3)).toBe(1450);
    expect(unitPriceForQuantityCents(plain, tiers, 6)).toBe(1377); // 5 % is 72.5 cents, rounded to 73
    expect(unitPriceForQuantityCents(plain, tiers, 12)).toBe(1305);
    expect(unitPriceForQuantityCents({ ...plain, fixedPriceCents: 1000 }, tiers, 12)).toBe(1000);
  });
});
