/**
 * Invoices and their numbering.
 */
import { foreignKey, integer, jsonb, pgTable, timestamp, unique } from 'drizzle-orm/pg-core';
import { orders } from './order';
import { sites } from './platform';

/** The last invoice number given on each site: locked by every new invoice so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  lastNumber: integer('last_number').notNull(),
});

/**
 * An invoice, issued once when its order became paid. `content` holds everything the invoice
 * says (seller, buyer, lines, totals) as it was issued: the PDF is drawn from it, so that a later
 * change of the site's parameters, or an account's erasure, never rewrites an issued invoice.
 * No cascade from the order: an invoice is kept for the legal period whatever happens.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    number: integer('number').notNull(),
    orderId: integer('order_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    content: jsonb('content').notNull(),
  },
  (table) => [
    unique('invoices_site_number_key').on(table.siteId, table.number),
    unique('invoices_site_order_key').on(table.siteId, table.orderId),
    foreignKey({
      name: 'invoices_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }),
  ],
);
