import { ORDER_STATUS_LABELS, type OrderStatus } from './order';

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
