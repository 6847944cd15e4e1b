import { createHash } from 'node:crypto';
import type { Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import { DISCOUNT_CODE_UNKNOWN_MESSAGE } from '@comptoir/contract/discount';
import type { DiscountApplication } from '@comptoir/domain/discount';
import {
  orderAmounts,
  type OrderAmounts,
  type OrderAmountsInput,
  type OrderStatus,
  paymentDeadline,
  STANDARD_VAT_RATE_BASIS_POINTS,
  vatInsideCents,
} from '@comptoir/domain/order';
import type { Order, orderBodySchema } from '@comptoir/contract/order';
import type { z } from 'zod';
import {
  type DiscountCustomer,
  type DiscountEvaluation,
  type DiscountQueries,
  evaluateDiscountCode,
  snapshotOf,
} from '../../discount';
import type { NewOrderLine, OrderRecord, OrderTransaction } from '../order-repository';
import { refusedWith, type RequotedDelivery } from './check-and-hold';
import type { OrderGiftVouchers, TakenGiftVoucher } from '../../gift-voucher';
import type { CartCaller } from '../../cart';
import type { SiteParameterValues } from '../../../lib/site-parameter-values';
import type { SiteRecord } from '../../site';
import type { OrderEvents } from '../order-events';
import type { PaymentMethods } from '../order-text';

/*
 * Placing an order, its last steps (docs/requirements/order.md), all in the order's transaction
 * after check-and-hold.ts: apply the discount code, compute the totals, apply the gift voucher,
 * insert the order, emit the placed event. Each is a function with its own tests
 * (pure-steps.test.ts, the order's API tests).
 */

// ---------------------------------------------------------------------------------------------
// Apply the discount code
// ---------------------------------------------------------------------------------------------

/*
 * The discount code (decision 0051): checked before the transaction for every problem to be told
 * at once, then locked and checked again inside it, where its use is recorded (insertOrder).
 */

function discountCodeError(evaluation: DiscountEvaluation): FieldError | null {
  if (evaluation.outcome === 'UNKNOWN') {
    return { key: 'discountCode', error: DISCOUNT_CODE_UNKNOWN_MESSAGE };
  }
  if (evaluation.outcome === 'REFUSED') return { key: 'discountCode', error: evaluation.message };
  return null;
}

/** Before the transaction: why the code cannot be used on this cart (none without a code). */
export async function discountCodeProblems(
  discounts: DiscountQueries,
  siteId: number,
  code: string | null | undefined,
  cart: Cart,
  customer: DiscountCustomer | null,
  today: string,
): Promise<FieldError[]> {
  if (!code || cart.products.length === 0) return [];
  const error = discountCodeError(
    await evaluateDiscountCode(discounts, siteId, code, cart, customer, today),
  );
  return error ? [error] : [];
}

/** A code the order uses: its row (for the snapshot and the redemption) and what it takes off. */
export type AppliedDiscount = Omit<Extract<DiscountEvaluation, { outcome: 'USABLE' }>, 'outcome'>;

/**
 * Step 4, inside the transaction: the code's row locked until the order commits, its limits
 * counted again under the lock (a concurrent order that used it has committed or waits), and
 * what it takes off this cart. Null without a code; a code no longer usable refuses the order.
 */
export async function applyDiscount(
  tx: Pick<OrderTransaction, 'discounts'>,
  siteId: number,
  code: string | null | undefined,
  cart: Cart,
  customer: DiscountCustomer,
  today: string,
): Promise<AppliedDiscount | null> {
  if (!code) return null;
  const evaluation = await evaluateDiscountCode(
    tx.discounts,
    siteId,
    code,
    cart,
    customer,
    today,
    true,
  );
  const error = discountCodeError(evaluation);
  if (error || evaluation.outcome !== 'USABLE') throw refusedWith(error ? [error] : []);
  return { record: evaluation.record, application: evaluation.application };
}

// ---------------------------------------------------------------------------------------------
// Compute the totals
// ---------------------------------------------------------------------------------------------

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
 * are in the lines' prices, then the code, then shipping; vouchers pay after VAT, applyVoucher).
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

// ---------------------------------------------------------------------------------------------
// Apply the gift voucher
// ---------------------------------------------------------------------------------------------

/**
 * Before the transaction: a gift voucher code that cannot pay (unknown, expired, used up, or the
 * cart buys a voucher), as a giftVoucherCode pair. None without a code or without vouchers.
 */
export async function giftVoucherProblems(
  giftVouchers: OrderGiftVouchers | undefined,
  siteId: number,
  code: string | null | undefined,
  cart: Cart,
): Promise<FieldError[]> {
  return (await giftVouchers?.problems(siteId, code, cart)) ?? [];
}

/**
 * Step 6, inside the transaction, once the totals are known: locks the voucher and takes what
 * it may pay of the amount due (never more than its balance, so that concurrent orders never
 * spend more than it holds), and answers the order's amounts with it, by the domain's one rule:
 * a voucher pays after VAT and never pays for a voucher bought in the cart. Without a code, the
 * amounts as they were; a voucher no longer usable refuses the order.
 */
export async function applyVoucher(
  tx: Pick<OrderTransaction, 'raw'>,
  giftVouchers: OrderGiftVouchers | undefined,
  siteId: number,
  code: string | null | undefined,
  totals: ComputedTotals,
  cart: Cart,
): Promise<{ voucher: TakenGiftVoucher | null; amounts: OrderAmounts }> {
  if (!code || !giftVouchers) return { voucher: null, amounts: totals.amounts };
  const taken = await giftVouchers.take(tx.raw, siteId, code, totals.amounts.totalCents, cart);
  if ('error' in taken) throw refusedWith([taken]);
  const amounts = orderAmounts({ ...totals.input, voucherBalanceCents: taken.amountCents });
  // What the voucher records as spent is what the order says it paid.
  return { voucher: { ...taken, amountCents: amounts.voucherCents }, amounts };
}

// ---------------------------------------------------------------------------------------------
// Insert the order
// ---------------------------------------------------------------------------------------------

/** Everything the previous steps settled, as the order's row and lines keep it. */
export interface OrderDraft {
  body: z.output<typeof orderBodySchema>;
  caller: CartCaller;
  cartId: number;
  delivery: RequotedDelivery;
  /** The order's lines as the totals made them. */
  lines: ComputedTotals['lines'];
  /** The order's amounts, the voucher's part included. */
  amounts: OrderAmounts;
  discount: AppliedDiscount | null;
  voucher: TakenGiftVoucher | null;
  /** Whom the code's use counts against. */
  customer: DiscountCustomer;
  /** The terms of sale the customer accepted (their hash is kept), null when the site has none. */
  saleTerms: string | null;
  idempotencyKey: string | null;
  requestHash: string;
  at: Date;
}

/**
 * Step 7, inside the transaction: the order's row and lines with their snapshots (customer,
 * carrier, relay point, slot, code, amounts, the terms' hash), its first status, the code's
 * redemption and the voucher's spending; the cart is closed. Answers the stored row.
 */
export async function insertOrder(
  tx: OrderTransaction,
  giftVouchers: OrderGiftVouchers | undefined,
  siteId: number,
  draft: OrderDraft,
): Promise<OrderRecord> {
  const { body, delivery, amounts, discount, voucher, at } = draft;
  const user = draft.caller.user;
  const status: OrderStatus = 'PENDING_PAYMENT';
  const number = await tx.nextNumber(siteId);
  const created = await tx.insertOrder(
    siteId,
    number,
    {
      userId: user?.id ?? null,
      cartId: draft.cartId,
      status,
      paymentMethod: body.paymentMethod,
      isPaid: false,
      paymentDueAt: paymentDeadline(body.paymentMethod, at),
      email: user?.email ?? body.user.email!,
      phone: body.user.phone,
      firstname: user?.firstname ?? body.user.firstname!,
      lastname: user?.lastname ?? body.user.lastname!,
      birthdate: user?.birthdate ?? body.user.birthdate ?? null,
      deliveryAddress: body.address.delivery ?? null,
      billingAddress: body.address.billing,
      message: body.message || null,
      deliveryType: body.delivery.type,
      carrier: delivery.carrier
        ? {
            id: delivery.carrier.id,
            name: delivery.carrier.name,
            serviceCode: delivery.carrier.serviceCode,
          }
        : null,
      accessPoint: delivery.accessPoint
        ? {
            id: delivery.accessPoint.id,
            name: delivery.accessPoint.name,
            addLine1: delivery.accessPoint.addLine1,
            zipCode: delivery.accessPoint.zipCode,
            city: delivery.accessPoint.city,
            country: delivery.accessPoint.country,
          }
        : null,
      slotCompanyAddressId: delivery.slot?.companyAddressId ?? null,
      slotDate: delivery.slot?.date ?? null,
      slotScheduleId: delivery.slot?.scheduleId ?? null,
      productsCents: amounts.productsCents,
      discountCents: amounts.discountCents,
      discount: discount ? snapshotOf(discount.record) : null,
      shippingCents: amounts.shippingCents ?? 0,
      shippingVatRateBasisPoints: STANDARD_VAT_RATE_BASIS_POINTS,
      totalCents: amounts.totalCents,
      vatCents: amounts.vatCents,
      voucherCents: amounts.voucherCents,
      giftVoucherCodeEnd: voucher?.codeEnd ?? null,
      saleTermsHash: draft.saleTerms
        ? createHash('sha256').update(draft.saleTerms).digest('hex')
        : null,
      // The body's acceptSaleTerms (required by the contract) is this acceptance.
      saleTermsAcceptedAt: at,
      idempotencyKey: draft.idempotencyKey,
      requestHash: draft.requestHash,
      createdAt: at,
    },
    draft.lines,
  );
  if (discount) {
    await tx.discounts.recordRedemption(siteId, discount.record.id, created.id, draft.customer, at);
  }
  await tx.recordStatus(siteId, created.id, null, status, 'customer', at);
  if (voucher) await giftVouchers?.record(tx.raw, siteId, voucher, created.id);
  await tx.closeCart(siteId, draft.cartId, at);
  return created;
}

// ---------------------------------------------------------------------------------------------
// Emit the placed event
// ---------------------------------------------------------------------------------------------

/** Whether the order's voucher pays all of it (it is then paid at once, and told once paid). */
export const voucherPaysAll = (order: Order) =>
  order.totals.voucherCents > 0 && order.totals.amountDueCents === 0;

/**
 * Step 8, the last inside the transaction: the order's placement is told to the listeners whose
 * writes commit with it (its mails, decision 0072), with how to pay it. An order paid whole by
 * its voucher is told later, once paid, so that its mails say it is paid. `parameters` were read
 * before the transaction: the app's connection must not be used inside it.
 */
export async function emitPlaced(
  tx: Pick<OrderTransaction, 'raw'>,
  events: OrderEvents | undefined,
  paymentMethods: PaymentMethods | undefined,
  placed: { site: SiteRecord; order: Order; record: OrderRecord },
  parameters: SiteParameterValues,
): Promise<void> {
  if (!events || voucherPaysAll(placed.order)) return;
  const order = paymentMethods
    ? await paymentMethods.withInstructions(placed.site.id, placed.order, parameters)
    : placed.order;
  await events.emitInTransaction('placed', { ...placed, order }, tx.raw);
}
