import type { Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import { orderAmounts, type OrderAmounts } from '@comptoir/domain/order-amounts';
import type { OrderGiftVouchers, TakenGiftVoucher } from '../../gift-voucher';
import type { OrderTransaction } from '../order-repository';
import type { ComputedTotals } from './compute-totals';
import { refusedWith } from './refused';

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
