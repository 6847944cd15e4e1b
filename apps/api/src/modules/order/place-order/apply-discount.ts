import type { Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import { DISCOUNT_CODE_UNKNOWN_MESSAGE } from '@comptoir/contract/discount';
import type { DiscountCustomer, DiscountQueries } from '../../discount';
import { evaluateDiscountCode, type DiscountEvaluation } from '../../discount';
import type { OrderTransaction } from '../order-repository';
import { refusedWith } from './refused';

/*
 * The discount code (decision 0051): checked before the transaction for every problem to be told
 * at once, then locked and checked again inside it, where its use is recorded (insert-order).
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
