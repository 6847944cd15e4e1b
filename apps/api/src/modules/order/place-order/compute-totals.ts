import type { Cart } from '@comptoir/contract/cart';
import type { DiscountApplication } from '@comptoir/domain/discount';
import { STANDARD_VAT_RATE_BASIS_POINTS, vatInsideCents } from '@comptoir/domain/order';
import {
  orderAmounts,
  type OrderAmounts,
  type OrderAmountsInput,
} from '@comptoir/domain/order-amounts';
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
  /** What the amounts were computed from: the voucher step adds its balance to it. */
  input: OrderAmountsInput;
  /** The order's amounts before any voucher pays part of it. */
  amounts: OrderAmounts;
}

/**
 * Step 5: the order's lines and amounts from the priced cart, the declinations' VAT, the code's
 * application and the re-quoted fee, by the domain's one rule (order-amounts: line discounts
 * are in the lines' prices, then the code, then shipping; vouchers pay after VAT, apply-voucher).
 * Each line's VAT is on what the customer pays for it: its price less its share of the code.
 */
export function computeTotals(
  cart: Cart,
  declinations: readonly TaxedDeclination[],
  application: DiscountApplication | null,
  deliveryFeeCents: number,
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
  const input: OrderAmountsInput = {
    lines: lines.map((line, index) => ({
      totalCents: line.totalCents,
      vatRateBasisPoints: line.vatRateBasisPoints,
      discountCents: line.discountCents,
      isGiftVoucher: cart.products[index]!.isGiftVoucher ?? false,
    })),
    code: application,
    deliveryFeeCents,
    shippingVatRateBasisPoints: STANDARD_VAT_RATE_BASIS_POINTS,
    voucherBalanceCents: null,
  };
  return { lines, input, amounts: orderAmounts(input) };
}
