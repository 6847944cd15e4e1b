import type { CostType } from './catalogue';

/*
 * Money is integer cents everywhere (docs/architecture.md#the-shop-and-the-back-office); these are the only places where cents become
 * text or where a percentage becomes cents.
 */

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const percents = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 2 });

/** 1250 → "12,50 €" (French format, always two decimals, docs/requirements/platform.md). */
export function formatPrice(cents: number): string {
  return euros.format(cents / 100);
}

/** 1000 basis points → "10 %". */
export function formatPercent(basisPoints: number): string {
  return percents.format(basisPoints / 10_000);
}

/**
 * A cost as the storefront shows it: euros with €, percentages with % (docs/requirements/platform.md); null when the
 * cost type is NONE or the amount is zero, so that a free option shows no price.
 */
export function formatCost(costType: CostType, amount: number): string | null {
  if (amount === 0) return null;
  switch (costType) {
    case 'NONE':
      return null;
    case 'EURO':
      return formatPrice(amount);
    case 'PERCENT':
      return formatPercent(amount);
  }
}

/**
 * A percentage of a price in cents, rounded to the nearest cent, halves away from zero
 * (1 999 cents at 12.5 % is 249.875 → 250). Computed on integers, so no floating-point drift:
 * the API and the storefront always find the same cent.
 */
export function percentOfCents(cents: number, basisPoints: number): number {
  const product = cents * basisPoints;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) + 5_000) / 10_000);
}

/** A price after a discount, never below zero. NONE leaves the price as it is. */
export function applyDiscountCents(cents: number, costType: CostType, amount: number): number {
  switch (costType) {
    case 'NONE':
      return cents;
    case 'EURO':
      return Math.max(0, cents - amount);
    case 'PERCENT':
      return Math.max(0, cents - percentOfCents(cents, amount));
  }
}
