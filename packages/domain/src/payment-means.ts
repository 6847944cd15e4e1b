import { formatPrice } from './money';
import type { PaymentMethod } from './order';

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
