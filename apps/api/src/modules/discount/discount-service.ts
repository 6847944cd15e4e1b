import type { Cart } from '@comptoir/contract/cart';
import {
  DISCOUNT_CODE_UNKNOWN_MESSAGE,
  discountLabel,
  discountRefusalMessage,
  type Discount,
  type DiscountCheck,
} from '@comptoir/contract/discount';
import {
  applyDiscount,
  discountRefusal,
  type DiscountApplication,
  type DiscountLine,
  type DiscountRule,
} from '@comptoir/domain/discount';
import { todayInFrance } from '@comptoir/domain/legal-age';
import { HttpError } from '../../http/http-error';
import type { CartCaller, CartCodeJudgement } from '../cart';
import type { DiscountCodeRecord, DiscountCustomer, DiscountQueries } from './discount-repository';

/**
 * A gift voucher's check, plugged in by the vouchers module: consulted when no discount code of
 * the site has this code; null when no voucher has it either.
 */
export type VoucherCheck = (
  siteId: number,
  code: string,
  cart: Cart,
  caller: CartCaller,
) => Promise<DiscountCheck | null>;

/** What a code does to a cart: unknown, refused (with the French reason) or usable. */
export type DiscountEvaluation =
  | { outcome: 'UNKNOWN' }
  | { outcome: 'REFUSED'; record: DiscountCodeRecord; message: string }
  | { outcome: 'USABLE'; record: DiscountCodeRecord; application: DiscountApplication };

/** The discount as an order keeps it (its snapshot) and the contract shows it. */
export interface DiscountSnapshot {
  code: string;
  type: 'EURO' | 'percent';
  amount: number;
  detailType: 'SHIPPING_FEES' | null;
}

function ruleOf(record: DiscountCodeRecord): DiscountRule {
  return {
    type: record.type,
    amount: record.amount,
    detailType: record.detailType === 'SHIPPING_FEES' ? 'SHIPPING_FEES' : null,
    startsOn: record.startsOn,
    endsOn: record.endsOn,
    minimumCents: record.minimumCents,
    productIds: record.productIds,
    categories: record.categories,
    maxUses: record.maxUses,
    maxUsesPerCustomer: record.maxUsesPerCustomer,
    firstOrderOnly: record.firstOrderOnly,
    isDisabled: record.isDisabled,
  };
}

export function snapshotOf(record: DiscountCodeRecord): DiscountSnapshot {
  return {
    code: record.code,
    type: record.type,
    amount: record.amount,
    detailType: record.detailType === 'SHIPPING_FEES' ? 'SHIPPING_FEES' : null,
  };
}

function discountOf(record: DiscountCodeRecord): Discount {
  return { id: record.id, ...snapshotOf(record) };
}

/**
 * A code checked against a cart with the site's data as `queries` read it: on the database for
 * POST /order/discount and validate, or in the order's transaction with `lock` (the code's row
 * stays locked until the order commits, so that its uses are counted by one order at a time).
 * A customer not known yet (a guest before ordering) skips the per-customer and first-order
 * rules, which the order checks again with the guest's e-mail and phone. Gift vouchers in the
 * cart are lines no code takes off nor counts (decision 0079).
 */
export async function evaluateDiscountCode(
  queries: DiscountQueries,
  siteId: number,
  code: string,
  cart: Cart,
  customer: DiscountCustomer | null,
  today: string,
  lock = false,
): Promise<DiscountEvaluation> {
  const record = await queries.findByCode(siteId, code, lock);
  if (!record) return { outcome: 'UNKNOWN' };
  const categories = await queries.categoriesOf(siteId, [
    ...new Set(cart.products.map((line) => line.productId)),
  ]);
  const lines: DiscountLine[] = cart.products.map((line) => ({
    id: line.id,
    productId: line.productId,
    categories: categories.get(line.productId) ?? [],
    totalCents: line.totalCents,
    isGiftVoucher: line.isGiftVoucher === true,
  }));
  const { uses, customerUses } = await queries.usesOf(siteId, record.id, customer);
  const rule = ruleOf(record);
  const refusal = discountRefusal(rule, lines, {
    today,
    uses,
    customerUses,
    customerHasOrdered:
      customer && record.firstOrderOnly ? await queries.hasOrdered(siteId, customer) : null,
  });
  if (refusal) return { outcome: 'REFUSED', record, message: discountRefusalMessage(refusal) };
  return { outcome: 'USABLE', record, application: applyDiscount(rule, lines) };
}

export interface DiscountServiceDependencies {
  queries: DiscountQueries;
  /** The caller's cart, priced from the catalogue (404 for anyone else's). */
  cartOf: (siteId: number, cartId: number, caller: CartCaller) => Promise<Cart>;
  now: () => Date;
  voucherCheck?: VoucherCheck;
}

function customerOf(caller: CartCaller): DiscountCustomer | null {
  return caller.user
    ? { userId: caller.user.id, email: caller.user.email, phone: caller.user.phone }
    : null;
}

function labelOf(record: DiscountCodeRecord): string {
  return discountLabel({
    ...snapshotOf(record),
    isScoped: record.productIds.length > 0 || record.categories.length > 0,
  });
}

export function createDiscountService(dependencies: DiscountServiceDependencies) {
  const { queries, cartOf, now, voucherCheck } = dependencies;

  return {
    /**
     * The judge of the codes cart calls carry (decision 0099): the same evaluation and messages
     * as POST /order/discount, on the cart as it is now. Gift vouchers are not asked: a voucher
     * is a means of payment chosen at checkout, not a code the cart keeps.
     */
    async judgeForCart(
      siteId: number,
      code: string,
      cart: Cart,
      caller: CartCaller,
    ): Promise<CartCodeJudgement> {
      const evaluation = await evaluateDiscountCode(
        queries,
        siteId,
        code,
        cart,
        customerOf(caller),
        todayInFrance(now()),
      );
      switch (evaluation.outcome) {
        case 'UNKNOWN':
          return { outcome: 'UNKNOWN' };
        case 'REFUSED':
          return {
            outcome: 'REFUSED',
            code: evaluation.record.code,
            label: labelOf(evaluation.record),
            message: evaluation.message,
          };
        case 'USABLE':
          return {
            outcome: 'USABLE',
            code: evaluation.record.code,
            label: labelOf(evaluation.record),
            reductionCents: evaluation.application.reductionCents,
            freeShipping: evaluation.application.freeShipping,
          };
      }
    },

    /** POST /order/discount: what the code would take off the caller's cart now. */
    async check(
      siteId: number,
      body: { idCart: number; code: string },
      caller: CartCaller,
    ): Promise<DiscountCheck> {
      const cart = await cartOf(siteId, body.idCart, caller);
      const customer = customerOf(caller);
      const evaluation = await evaluateDiscountCode(
        queries,
        siteId,
        body.code,
        cart,
        customer,
        todayInFrance(now()),
      );
      switch (evaluation.outcome) {
        case 'UNKNOWN': {
          const voucher = await voucherCheck?.(siteId, body.code, cart, caller);
          if (voucher) return voucher;
          throw new HttpError(422, DISCOUNT_CODE_UNKNOWN_MESSAGE, [
            { key: 'code', error: DISCOUNT_CODE_UNKNOWN_MESSAGE },
          ]);
        }
        case 'REFUSED':
          throw new HttpError(422, evaluation.message, [
            { key: 'code', error: evaluation.message },
          ]);
        case 'USABLE': {
          const { record, application } = evaluation;
          return {
            kind: 'DISCOUNT_CODE',
            code: record.code,
            discount: discountOf(record),
            reductionCents: application.reductionCents,
            freeShipping: application.freeShipping,
            balanceCents: null,
            expiresOn: record.endsOn,
            label: labelOf(record),
          };
        }
      }
    },
  };
}

export type DiscountService = ReturnType<typeof createDiscountService>;
