import {
  isFreeShipping,
  shippedBottles,
  type ShippingLine,
  type ShippingParameters,
} from './delivery';
import { giftVoucherShare } from './gift-voucher';
import { formatPrice } from './money';

/*
 * The order's rules, one file by feature (decision 0105): its states and their moves with the
 * VAT inside a price, how an order is named, its amounts (the one place a delivery fee and an
 * order's total are decided) and how it was paid in words. Each part keeps its named functions;
 * order.test.ts tests them part by part in the same order.
 */

// ─── order ─────────────────────────────────────────────────────────────────────────────────────

/*
 * An order's life (issue 10, docs/architecture.md#the-shop-and-the-back-office "Orders are records"): its states, the one table of
 * the moves allowed between them, and the VAT inside a price (prices are TTC, in cents).
 */

export const ORDER_STATUSES = [
  'PENDING_PAYMENT',
  'PAID',
  'PREPARING',
  'SHIPPED',
  'READY_FOR_PICKUP',
  'DELIVERED',
  'PICKED_UP',
  'CANCELLED',
  'REFUNDED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CHEQUE', 'ON_PICKUP', 'CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Every move an order may make. An unpaid order may be prepared only when it is paid at pick-up
 * (docs/requirements/order.md: ON_PICKUP orders are prepared unpaid), so PENDING_PAYMENT → PREPARING is checked
 * against the payment method by `canMove`.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PENDING_PAYMENT: ['PAID', 'PREPARING', 'CANCELLED'],
  PAID: ['PREPARING', 'REFUNDED', 'CANCELLED'],
  PREPARING: ['SHIPPED', 'READY_FOR_PICKUP', 'PAID', 'CANCELLED', 'REFUNDED'],
  SHIPPED: ['DELIVERED', 'REFUNDED'],
  READY_FOR_PICKUP: ['PICKED_UP', 'PAID', 'CANCELLED', 'REFUNDED'],
  DELIVERED: ['REFUNDED'],
  PICKED_UP: ['REFUNDED'],
  CANCELLED: [],
  REFUNDED: [],
};

export interface OrderState {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  /** Whether the money was received (an ON_PICKUP order can be ready or picked up unpaid). */
  isPaid: boolean;
}

/** Why a move is refused, in French, or null when it is allowed. */
export function transitionError(from: OrderState, to: OrderStatus): string | null {
  if (to === 'PAID' && from.isPaid) return 'Cette commande est déjà payée.';
  if (!ORDER_TRANSITIONS[from.status].includes(to)) {
    return `Une commande « ${ORDER_STATUS_LABELS[from.status]} » ne peut pas passer à « ${ORDER_STATUS_LABELS[to]} ».`;
  }
  if (
    from.status === 'PENDING_PAYMENT' &&
    to === 'PREPARING' &&
    from.paymentMethod !== 'ON_PICKUP'
  ) {
    return 'Seule une commande payée au retrait se prépare avant son paiement.';
  }
  if (to === 'REFUNDED' && !from.isPaid) return 'Une commande non payée ne se rembourse pas.';
  if (to === 'CANCELLED' && from.isPaid) {
    return 'Une commande payée se rembourse : elle ne s’annule pas.';
  }
  // An order paid at pick-up leaves the shop paid: picking it up unpaid is refused.
  if (to === 'PICKED_UP' && !from.isPaid) return 'La commande doit être payée avant son retrait.';
  return null;
}

/**
 * The state after a move. Marking an order PAID while it is prepared or waiting for pick-up
 * records the payment and keeps its place in the preparation (PAID is then a payment, not a step
 * back).
 */
export function applyTransition(from: OrderState, to: OrderStatus): OrderState {
  const error = transitionError(from, to);
  if (error) throw new Error(error);
  if (to === 'PAID') {
    const keepsStep = from.status === 'PREPARING' || from.status === 'READY_FOR_PICKUP';
    return { ...from, status: keepsStep ? from.status : 'PAID', isPaid: true };
  }
  return { ...from, status: to };
}

/** Stock goes back to the shelves when an order is cancelled before it left (never after). */
export function releasesStock(from: OrderStatus, to: OrderStatus): boolean {
  return to === 'CANCELLED' && from !== 'CANCELLED';
}

/**
 * Whether a refund puts the order's lines back in stock when the owner does not say otherwise:
 * yes while the bottles are still in the shop, no once shipped, delivered or picked up
 * (decision 0082).
 */
export function refundRestocksByDefault(status: OrderStatus): boolean {
  return status !== 'SHIPPED' && status !== 'DELIVERED' && status !== 'PICKED_UP';
}

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  PENDING_PAYMENT: 'en attente de paiement',
  PAID: 'payée',
  PREPARING: 'en préparation',
  SHIPPED: 'expédiée',
  READY_FOR_PICKUP: 'prête à retirer',
  DELIVERED: 'livrée',
  PICKED_UP: 'retirée',
  CANCELLED: 'annulée',
  REFUNDED: 'remboursée',
};

/** How long an unpaid order keeps its stock (docs/requirements/order.md): 30 min by card, 10 days otherwise. */
export function paymentDeadline(method: PaymentMethod, orderedAt: Date): Date | null {
  switch (method) {
    case 'CARD':
      return new Date(orderedAt.getTime() + 30 * 60_000);
    case 'BANK_TRANSFER':
    case 'CHEQUE':
      return new Date(orderedAt.getTime() + 10 * 24 * 60 * 60_000);
    case 'ON_PICKUP':
      return null;
  }
}

/** French VAT on wine and on its shipping: 20 %, in basis points. */
export const STANDARD_VAT_RATE_BASIS_POINTS = 2000;

/**
 * The VAT inside a TTC amount at a rate in basis points, rounded half up to the cent:
 * 1200 cents at 20 % hold 200 cents of VAT.
 */
export function vatInsideCents(totalCents: number, rateBasisPoints: number): number {
  if (totalCents <= 0 || rateBasisPoints <= 0) return 0;
  const rate = BigInt(rateBasisPoints);
  const total = BigInt(totalCents);
  // total − total × 10000 / (10000 + rate), rounded half up in integers.
  const denominator = 10_000n + rate;
  return Number((2n * total * rate + denominator) / (2n * denominator));
}

/** The VAT of an order, one amount per rate (a French invoice shows VAT by rate). */
export function vatByRate(
  amounts: readonly { totalCents: number; vatRateBasisPoints: number }[],
): { rateBasisPoints: number; baseCents: number; vatCents: number }[] {
  const totals = new Map<number, number>();
  for (const amount of amounts) {
    totals.set(
      amount.vatRateBasisPoints,
      (totals.get(amount.vatRateBasisPoints) ?? 0) + amount.totalCents,
    );
  }
  return [...totals]
    .sort(([a], [b]) => a - b)
    .map(([rateBasisPoints, totalCents]) => {
      const vatCents = vatInsideCents(totalCents, rateBasisPoints);
      return { rateBasisPoints, baseCents: totalCents - vatCents, vatCents };
    });
}

// ─── order reference ───────────────────────────────────────────────────────────────────────────

/*
 * How an order is named (decision 0085): by the reference its customer reads, everywhere, and in
 * the back office journal's sentences with its state's French label. Apart from order.ts, which
 * the storefront's order pages load, as only the API and the back office need these.
 */

/** The reference a customer reads for an order: order number 53 is « C000053 ». */
export function orderReference(number: number): string {
  return `C${String(number).padStart(6, '0')}`;
}

/** « Commande C000053 passée à l'état « expédiée » ». */
export function orderStatusSummary(number: number, status: OrderStatus): string {
  return `Commande ${orderReference(number)} passée à l'état « ${ORDER_STATUS_LABELS[status]} »`;
}

/**
 * « Commande C000053 remboursée, articles remis en stock » (or « non remis », decision 0082);
 * « Commande C000053 remboursée » for a refund journaled before the owner chose.
 */
export function orderRefundSummary(number: number, restocked?: boolean): string {
  const refunded = `Commande ${orderReference(number)} remboursée`;
  if (restocked === undefined) return refunded;
  return `${refunded}, articles ${restocked ? '' : 'non '}remis en stock`;
}

// ─── order amounts ─────────────────────────────────────────────────────────────────────────────

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

// ─── payment means ─────────────────────────────────────────────────────────────────────────────

/*
 * How an order was paid, in the customer's words (issue 30, decision 0086): one wording for the
 * confirmation, the account's order page, the back office, the order mails and the invoice. A
 * gift voucher is a means of payment (docs/requirements/payment.md): an order it pays whole was paid by voucher,
 * whatever method the form had selected; one it pays in part names both, voucher first.
 */

/** Each method of payment as a customer reads it. */
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  CARD: 'Carte bancaire',
  BANK_TRANSFER: 'Virement bancaire',
  CHEQUE: 'Chèque',
  ON_PICKUP: 'Paiement au retrait',
};

/** What an order keeps of its payment: its method and what the voucher took. */
export interface PaidOrder {
  paymentMethod: PaymentMethod;
  totals: { voucherCents: number; amountDueCents: number };
}

/**
 * « Virement bancaire » ; « Bon cadeau » for an order the voucher paid whole; « Bon cadeau
 * (20,00 €) puis virement bancaire » for one it paid in part.
 */
export function paymentMeansText(order: PaidOrder): string {
  const { voucherCents, amountDueCents } = order.totals;
  const method = PAYMENT_METHOD_LABELS[order.paymentMethod];
  if (voucherCents <= 0) return method;
  if (amountDueCents <= 0) return 'Bon cadeau';
  return `Bon cadeau (${formatPrice(voucherCents)}) puis ${method.toLowerCase()}`;
}
