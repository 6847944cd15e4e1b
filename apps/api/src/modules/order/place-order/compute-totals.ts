import type { Cart } from '@comptoir/contract/cart';
import { discountedTotals, type DiscountApplication } from '@comptoir/domain/discount';
import { STANDARD_VAT_RATE_BASIS_POINTS, vatByRate, vatInsideCents } from '@comptoir/domain/order';
import type { NewOrderLine } from '../order-repository';

/** What the totals read of a declination: its VAT rate and whether its stock is managed. */
export interface TaxedDeclination {
  id: number;
  vatRateBasisPoints: number;
  isStockManaged: boolean;
}

export interface ComputedTotals {
  /** The order's lines, each with its price, its share of the code and its VAT. */
  lines: NewOrderLine[];
  productsCents: number;
  discountCents: number;
  shippingCents: number;
  shippingVatRateBasisPoints: number;
  /** What the order costs, VAT included, before any voucher pays part of it. */
  totalCents: number;
  vatCents: number;
}

/**
 * Step 6: the order's lines and amounts from the priced cart, the declinations' VAT, the code's
 * application and the re-quoted fee, in the order READINGS gives (line discounts are in the
 * lines' prices, then the code, then shipping). VAT is on what the customer pays for each line:
 * its price less its share of the code. Vouchers pay after VAT (apply-voucher).
 */
export function computeTotals(
  cart: Cart,
  declinations: readonly TaxedDeclination[],
  application: DiscountApplication | null,
  quotedShippingCents: number,
): ComputedTotals {
  const lineDiscounts = new Map(application?.lines.map((line) => [line.id, line.reductionCents]));
  const lines: NewOrderLine[] = cart.products.map((line) => {
    const declination = declinations.find((candidate) => candidate.id === line.declinationId);
    const rate = declination?.vatRateBasisPoints ?? STANDARD_VAT_RATE_BASIS_POINTS;
    const discountCents = lineDiscounts.get(line.id) ?? 0;
    return {
      productId: line.productId,
      declinationId: line.declinationId,
      name: line.name,
      year: line.year,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents + line.customizationCostCents,
      totalCents: line.totalCents,
      vatRateBasisPoints: rate,
      discountCents,
      vatCents: vatInsideCents(line.totalCents - discountCents, rate),
      isStockManaged: declination?.isStockManaged ?? false,
      customizations: line.customizations,
    };
  });
  const totals = discountedTotals(lines, application, quotedShippingCents);
  const vat = vatByRate([
    ...lines.map((line) => ({
      totalCents: line.totalCents - (line.discountCents ?? 0),
      vatRateBasisPoints: line.vatRateBasisPoints,
    })),
    ...(totals.shippingCents > 0
      ? [{ totalCents: totals.shippingCents, vatRateBasisPoints: STANDARD_VAT_RATE_BASIS_POINTS }]
      : []),
  ]);
  return {
    lines,
    ...totals,
    shippingVatRateBasisPoints: STANDARD_VAT_RATE_BASIS_POINTS,
    vatCents: vat.reduce((sum, rate) => sum + rate.vatCents, 0),
  };
}
