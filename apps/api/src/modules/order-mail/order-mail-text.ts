import type { Order } from '@comptoir/contract/order';
import { deliveryFeeLine } from '@comptoir/domain/delivery-fee-line';
import { formatPercent, formatPrice } from '@comptoir/domain/money';
import { capText, VISITOR_TEXT_LIMITS } from '../mail';
import { lineName } from '../order';

/*
 * The order mails' wording: amounts, lines, slots and payments as a French customer reads them
 * (the means of payment and the fee line in packages/domain, shared with the storefront's pages,
 * decision 0086; the order's own words, shared with the invoice and the packing slip, in the
 * order module's order-text.ts). Values typed by the customer are capped here; the HTML parts
 * escape them where they are written.
 */

const longDate = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const clockTime = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

/** « 10 h 00 », in Paris. */
function frenchTime(at: Date): string {
  return clockTime.format(at).replace(':', ' h ');
}

/** A pick-up slot: « mardi 2 juin 2026, de 10 h 00 à 10 h 30 ». */
export function slotText(start: Date, end: Date): string {
  return `${longDate.format(start)}, de ${frenchTime(start)} à ${frenchTime(end)}`;
}

/** A line of the order: what, how many, at what price. */
export function lineText(line: Order['lines'][number]): string {
  const unit = line.quantity > 1 ? ` (${formatPrice(line.unitPriceCents)} l’unité)` : '';
  return `${line.quantity} × ${lineName(line)} : ${formatPrice(line.totalCents)}${unit}`;
}

/** The order's amounts as label/value rows, in the order a receipt reads them. */
export function totalRows(order: Pick<Order, 'totals' | 'discount' | 'deliveryType'>) {
  const { totals } = order;
  const rows: [string, string][] = [['Produits', formatPrice(totals.productsCents)]];
  if (totals.discountCents > 0) {
    const code = order.discount ? ` (code ${order.discount.code})` : '';
    rows.push([`Réduction${code}`, `−${formatPrice(totals.discountCents)}`]);
  }
  const fee = deliveryFeeLine(order.deliveryType, totals.shippingCents);
  if (fee) rows.push([fee.label, fee.value]);
  rows.push(['Total TTC', formatPrice(totals.totalCents)]);
  for (const rate of totals.vat) {
    rows.push([`dont TVA ${formatPercent(rate.rateBasisPoints)}`, formatPrice(rate.vatCents)]);
  }
  if (totals.voucherCents > 0) {
    rows.push(['Payé par bon cadeau', `−${formatPrice(totals.voucherCents)}`]);
    rows.push(['Reste à payer', formatPrice(totals.amountDueCents)]);
  }
  return rows;
}

/** How to pay an offline order, as lines; none when there is nothing to do. */
export function paymentInstructionLines(order: Pick<Order, 'paymentInstructions' | 'reference'>) {
  const instructions = order.paymentInstructions;
  if (!instructions) return [];
  if (instructions.method === 'BANK_TRANSFER') {
    return [
      'Pour régler votre commande par virement :',
      ...(instructions.accountHolder
        ? [`Titulaire du compte : ${instructions.accountHolder}`]
        : []),
      ...(instructions.iban ? [`IBAN : ${instructions.iban}`] : []),
      ...(instructions.bic ? [`BIC : ${instructions.bic}`] : []),
      `Référence à indiquer : ${instructions.reference}`,
    ];
  }
  if (instructions.method === 'CHEQUE') {
    return [
      'Pour régler votre commande par chèque :',
      ...(instructions.payableTo ? [`À l’ordre de : ${instructions.payableTo}`] : []),
      ...(instructions.mailingAddress ? [`À envoyer à : ${instructions.mailingAddress}`] : []),
      `Au dos du chèque, indiquez la référence : ${instructions.reference}`,
    ];
  }
  return [];
}

/** The customer's name as the mail greets them, capped. */
export function customerName(firstname: string, lastname: string): string {
  return capText(`${firstname} ${lastname}`, VISITOR_TEXT_LIMITS.name);
}
