import type { CostType } from './catalogue';
import { applyDiscountCents } from './money';

/** What decides the price of one unit of a declination (cents, TTC). */
export interface DeclinationPricing {
  /** The catalogue price, before the declination's discount. */
  priceCents: number;
  /** A net price: when set, it is the unit price and no discount applies to it. */
  fixedPriceCents: number | null;
  discountType: CostType;
  /** EURO: cents off; PERCENT: basis points off. */
  discountAmount: number;
}

/** A quantity discount tier: from minQuantity units on, this much off each unit. */
export interface DecreasingDiscountTier {
  minQuantity: number;
  discountType: CostType;
  discountAmount: number;
}

/** The unit price a visitor pays before quantity discounts: the fixed price, or the discounted price. */
export function unitPriceCents(pricing: DeclinationPricing): number {
  if (pricing.fixedPriceCents !== null) return pricing.fixedPriceCents;
  return applyDiscountCents(pricing.priceCents, pricing.discountType, pricing.discountAmount);
}

/** Whether the declination shows a struck-through catalogue price. */
export function isDiscounted(pricing: DeclinationPricing): boolean {
  return unitPriceCents(pricing) < pricing.priceCents;
}

/** The quantity tier that applies: the one with the highest minQuantity not above the quantity. */
export function decreasingDiscountTier<T extends DecreasingDiscountTier>(
  tiers: readonly T[],
  quantity: number,
): T | null {
  let best: T | null = null;
  for (const tier of tiers) {
    if (tier.minQuantity > quantity) continue;
    if (best === null || tier.minQuantity > best.minQuantity) best = tier;
  }
  return best;
}

/**
 * The unit price after the quantity tier for this quantity. A fixed price stays fixed: quantity
 * discounts, like the declination's own discount, never apply to a net price.
 */
export function unitPriceForQuantityCents(
  pricing: DeclinationPricing,
  tiers: readonly DecreasingDiscountTier[],
  quantity: number,
): number {
  const unit = unitPriceCents(pricing);
  if (pricing.fixedPriceCents !== null) return unit;
  const tier = decreasingDiscountTier(tiers, quantity);
  return tier === null ? unit : applyDiscountCents(unit, tier.discountType, tier.discountAmount);
}
