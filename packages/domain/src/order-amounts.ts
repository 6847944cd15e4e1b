import { giftVoucherShare } from './gift-voucher';
import { STANDARD_VAT_RATE_BASIS_POINTS, vatByRate } from './order';
import {
  isFreeShipping,
  shippedBottles,
  type ShippingLine,
  type ShippingParameters,
} from './shipping-rules';

/*
 * The one rule for what an order costs (issue 26, docs/requirements/order.md), called alike by the
 * API's delivery quote, the order it places and the storefront's preview. Everything is integer
 * cents, applied in one order:
 *
 *   1. the lines' own (quantity) discounts, already in each line's total;
 *   2. the discount code, which takes its reduction off the products (never below 0);
 *   3. shipping: the carrier's price, free with a free-shipping code or once the site's
 *      threshold (bottles or products) is reached;
 *   4. gift vouchers, a means of payment after VAT: they lower what is due, never the total nor
 *      its VAT, and never pay for a voucher bought in the same cart.
 *
 * A gift voucher bought in the cart is not goods (decision 0079): it counts towards neither the
 * code nor the free-shipping threshold.
 */

/** A line as the amounts read it: the cart's line, its total after its own discounts. */
export interface AmountLine extends ShippingLine {
  totalCents: number;
  /** A gift voucher bought in the cart: a means of payment, never goods. */
  isGiftVoucher?: boolean;
}

/** A line of an order: with its VAT rate and its share of the code, for the VAT by rate. */
export interface TaxedAmountLine {
  totalCents: number;
  /** The line's VAT rate; the standard rate when not known (the storefront's preview). */
  vatRateBasisPoints?: number;
  /** What the code takes off this line (its share of the code's reduction). */
  discountCents?: number | null;
  isGiftVoucher?: boolean;
}

/** The free-shipping thresholds of the site (its shipping parameters). */
export type FreeShippingThresholds = Pick<
  ShippingParameters,
  'freeShippingBottle' | 'freeShippingPriceCents'
>;

/** A whole, non-negative, safe number of cents; anything else is a caller's mistake. */
function cents(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of cents: ${value}`);
  }
  return value;
}

/** A reduction or a balance as given: negative or not a number counts as none. */
function atLeastZero(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

function sumOf(values: readonly number[], what: string): number {
  const total = values.reduce((sum, value) => sum + value, 0);
  return cents(total, what);
}

/** The goods of the lines, in cents: their totals, gift vouchers left out. */
export function goodsCents(lines: readonly { totalCents: number; isGiftVoucher?: boolean }[]) {
  return sumOf(
    lines.filter((line) => !line.isGiftVoucher).map((line) => cents(line.totalCents, 'a line')),
    'the goods',
  );
}

/**
 * Whether the site's threshold makes the delivery of these lines free: FREE_SHIPPING_BOTTLE
 * bottles that ship, or FREE_SHIPPING_PRICE of goods (a voucher bought beside them does not
 * count, decision 0087).
 */
export function reachesFreeShipping(
  lines: readonly AmountLine[],
  thresholds: FreeShippingThresholds,
): boolean {
  return isFreeShipping(shippedBottles(lines), goodsCents(lines), thresholds);
}

/**
 * What the customer pays to have these lines delivered by a carrier priced `carrierPriceCents`:
 * nothing once the site's threshold is reached, the carrier's price otherwise. The one place
 * shipping fees are decided: the quote shows it, the order re-quotes it.
 */
export function deliveryFeeCents(
  lines: readonly AmountLine[],
  carrierPriceCents: number,
  thresholds: FreeShippingThresholds,
): number {
  cents(carrierPriceCents, 'a carrier price');
  return reachesFreeShipping(lines, thresholds) ? 0 : carrierPriceCents;
}

export interface OrderAmountsInput {
  lines: readonly TaxedAmountLine[];
  /** What the code takes off the products and whether it makes delivery free; null without. */
  code: { reductionCents: number; freeShipping: boolean } | null;
  /** The delivery fee as quoted (deliveryFeeCents), null while no delivery is chosen. */
  deliveryFeeCents: number | null;
  /** The VAT rate of the delivery (French VAT on wine and its shipping by default). */
  shippingVatRateBasisPoints?: number;
  /** The gift voucher's balance (or what it was allowed to take), null without a voucher. */
  voucherBalanceCents: number | null;
}

export interface OrderAmounts {
  productsCents: number;
  discountCents: number;
  /** null while no delivery is chosen (the total then holds none). */
  shippingCents: number | null;
  /** products − code + shipping, VAT included: what the order costs. */
  totalCents: number;
  /** The VAT inside the total, one amount per rate, and their sum. */
  vat: { rateBasisPoints: number; baseCents: number; vatCents: number }[];
  vatCents: number;
  /** What the voucher pays: never more than its balance, nor than the goods' part of the total. */
  voucherCents: number;
  /** What is left to pay: total − voucher. */
  amountDueCents: number;
}

/** An order's amounts, in the order docs/requirements/order.md gives (see the top of this file). */
export function orderAmounts(input: OrderAmountsInput): OrderAmounts {
  const productsCents = sumOf(
    input.lines.map((line) => cents(line.totalCents, 'a line')),
    'the products',
  );
  const discountCents = Math.min(productsCents, atLeastZero(input.code?.reductionCents));
  const fee = input.deliveryFeeCents === null ? null : cents(input.deliveryFeeCents, 'a fee');
  const shippingCents = input.code?.freeShipping ? 0 : fee;
  const totalCents = cents(productsCents - discountCents + (shippingCents ?? 0), 'the total');
  const shippingRate = input.shippingVatRateBasisPoints ?? STANDARD_VAT_RATE_BASIS_POINTS;
  const vat = vatByRate([
    // VAT is on what the customer pays for each line: its price less its share of the code.
    ...input.lines.map((line) => ({
      totalCents: line.totalCents - Math.min(line.totalCents, atLeastZero(line.discountCents)),
      vatRateBasisPoints: line.vatRateBasisPoints ?? STANDARD_VAT_RATE_BASIS_POINTS,
    })),
    ...(shippingCents ? [{ totalCents: shippingCents, vatRateBasisPoints: shippingRate }] : []),
  ]);
  // A voucher never pays for a voucher: what it may pay is the total less the vouchers bought.
  const vouchersBought = sumOf(
    input.lines.filter((line) => line.isGiftVoucher).map((line) => line.totalCents),
    'the vouchers bought',
  );
  const voucherCents =
    input.voucherBalanceCents === null
      ? 0
      : giftVoucherShare(
          atLeastZero(input.voucherBalanceCents),
          Math.max(0, totalCents - vouchersBought),
        );
  return {
    productsCents,
    discountCents,
    shippingCents,
    totalCents,
    vat,
    vatCents: vat.reduce((sum, rate) => sum + rate.vatCents, 0),
    voucherCents,
    amountDueCents: totalCents - voucherCents,
  };
}
