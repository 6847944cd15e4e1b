import type { Order } from '@comptoir/contract/order';
import type { SiteParameterValues } from '../../../lib/site-parameter-values';
import type { SiteRecord } from '../../site';
import type { OrderEvents } from '../order-events';
import type { OrderRecord, OrderTransaction } from '../order-repository';
import type { PaymentMethods } from '../payment-methods';

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
