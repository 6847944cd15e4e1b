import type { Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import type { OrderGiftVouchers, TakenGiftVoucher } from '../../gift-voucher/gift-voucher-service';
import type { OrderTransaction } from '../order-repository';
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
 * Step 5, inside the transaction, once the totals are known: locks the voucher and takes
 * min(balance, amount due), so that concurrent orders never spend more than its balance. A
 * voucher never pays for a cart that buys a voucher (the voucher module refuses it). Null
 * without a code; a voucher no longer usable refuses the order.
 */
export async function applyVoucher(
  tx: Pick<OrderTransaction, 'raw'>,
  giftVouchers: OrderGiftVouchers | undefined,
  siteId: number,
  code: string | null | undefined,
  dueCents: number,
  cart: Cart,
): Promise<TakenGiftVoucher | null> {
  if (!code || !giftVouchers) return null;
  const taken = await giftVouchers.take(tx.raw, siteId, code, dueCents, cart);
  if ('error' in taken) throw refusedWith([taken]);
  return taken;
}
