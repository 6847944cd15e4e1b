import { z } from 'zod';
import { rowIdSchema } from './ids';

/*
 * Invoices (issue 10 "Payment"): one per order, issued when the order becomes paid, numbered per
 * site without gaps. The invoice answers a PDF, not an envelope, so its endpoint is a route
 * description (like productSheetRoute); its failures are error envelopes.
 */

/** Anyone but the order's customer, or an order not paid yet: the same 404. */
export const INVOICE_NOT_FOUND_MESSAGE = 'Cette facture est introuvable.';

export const orderInvoiceRoute = {
  method: 'GET',
  path: '/order/:id/invoice',
  summary:
    "The invoice of one of the logged-in customer's paid orders, as a PDF attachment (facture-<number>.pdf); 404 for anyone else's order or before it is paid",
  tags: ['order'],
  params: z.object({ id: rowIdSchema }),
} as const;

/** Where the storefront links to an order's invoice (through its /api rewrite). */
export function orderInvoicePath(orderId: number): string {
  return `/order/${orderId}/invoice`;
}

/** The invoice number as printed: « F000012 ». */
export function invoiceReference(number: number): string {
  return `F${String(number).padStart(6, '0')}`;
}
