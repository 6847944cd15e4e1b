/**
 * Orders: their numbering, the orders with their lines, and their status history.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { ORDER_DELIVERY_TYPES } from '@comptoir/domain/delivery';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@comptoir/domain/order';
import { sites } from './platform';

export const orderStatus = pgEnum('order_status', ORDER_STATUSES);

export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);

export const orderDeliveryType = pgEnum('order_delivery_type', ORDER_DELIVERY_TYPES);

/** The last order number given on each site: locked by every order so numbers have no gaps. */
export const orderCounters = pgTable('order_counters', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id),
  lastNumber: integer('last_number').notNull(),
});

/**
 * An order as the customer agreed to it: every amount, name, rate, carrier and relay point is a
 * copy (a snapshot), so later catalogue or carrier changes never rewrite it.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    number: integer('number').notNull(),
    /**
     * The customer's account, or null for a guest. No foreign key: an order outlives the account
     * (kept for the legal period), and ids are never reused.
     */
    userId: integer('user_id'),
    cartId: integer('cart_id').notNull(),
    status: orderStatus('status').notNull(),
    paymentMethod: paymentMethod('payment_method').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    birthdate: date('birthdate', { mode: 'string' }),
    deliveryAddress: jsonb('delivery_address'),
    billingAddress: jsonb('billing_address').notNull(),
    message: text('message'),
    deliveryType: orderDeliveryType('delivery_type').notNull(),
    /** The carrier as it was: id, name, service code. */
    carrier: jsonb('carrier'),
    accessPoint: jsonb('access_point'),
    slotCompanyAddressId: integer('slot_company_address_id'),
    slotDate: date('slot_date', { mode: 'string' }),
    slotScheduleId: integer('slot_schedule_id'),
    productsCents: integer('products_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    shippingVatRateBasisPoints: integer('shipping_vat_rate_basis_points').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    /** What the discount code took off the products (decision 0051). */
    discountCents: integer('discount_cents').notNull().default(0),
    /** The code as it was applied: code, type, amount, detailType; null without a code. */
    discount: jsonb('discount'),
    saleTermsHash: text('sale_terms_hash'),
    /** When the customer accepted the terms of sale whose hash is kept (decision 0082). */
    saleTermsAcceptedAt: timestamp('sale_terms_accepted_at', { withTimezone: true }),
    /**
     * When the order's lines went back to stock (a cancellation, or a refund the owner restocked):
     * set once, under the order's lock, so that no line is ever given back twice (decision 0082).
     */
    stockReturnedAt: timestamp('stock_returned_at', { withTimezone: true }),
    /** Paid with a gift voucher (a means of payment after VAT); the amount due is total − this. */
    voucherCents: integer('voucher_cents').notNull().default(0),
    /** The last four characters of the voucher used, as the order shows it. */
    giftVoucherCodeEnd: text('gift_voucher_code_end'),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request body the key came with: the same key with another body is a 409. */
    requestHash: text('request_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * SHA-256 of the order's access token (the secret POST /order answers once, sent back in
     * X-Order-Token so that a guest can read and pay the order); the token itself is never kept.
     */
    accessTokenHash: text('access_token_hash'),
    /**
     * When the review request mail is due (delivery or pick-up + ORDER_REVIEW_DELAY days, decision
     * 0104); cleared when the job finds nothing to send.
     */
    reviewRequestDueAt: timestamp('review_request_due_at', { withTimezone: true }),
    /** When the review request was queued: set once, in the transaction that queues it. */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /** SHA-256 of the secret of the request's « ne plus recevoir » link; the secret is not kept. */
    reviewRequestTokenHash: text('review_request_token_hash'),
  },
  (table) => [
    unique('orders_site_id_key').on(table.siteId, table.id),
    unique('orders_site_number_key').on(table.siteId, table.number),
    unique('orders_site_idempotency_key').on(table.siteId, table.idempotencyKey),
    unique('orders_site_cart_key').on(table.siteId, table.cartId),
    index('orders_site_user_idx').on(table.siteId, table.userId, table.createdAt),
    // The back office's list, newest first, and its keyset past the first pages (decision 0123).
    index('orders_site_created_idx').on(table.siteId, table.createdAt, table.id),
    index('orders_pending_due_idx').on(table.status, table.paymentDueAt),
    index('orders_review_request_due_idx').on(table.reviewRequestDueAt),
    unique('orders_review_request_token_hash_key').on(table.reviewRequestTokenHash),
    check(
      'orders_voucher_within_total',
      sql`${table.voucherCents} >= 0 AND ${table.voucherCents} <= ${table.totalCents}`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${table.productsCents} >= 0 AND ${table.shippingCents} >= 0 AND ${table.totalCents} >= 0 AND ${table.vatCents} >= 0`,
    ),
  ],
);

/** An order's line, copied from the cart and the catalogue at order time. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    declinationId: integer('declination_id').notNull(),
    name: text('name').notNull(),
    year: integer('year'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    /** The line's share of the discount code, in cents; its VAT is on total − this share. */
    discountCents: integer('discount_cents').notNull().default(0),
    vatCents: integer('vat_cents').notNull(),
    /** Whether the line took stock (and gives it back on cancellation). */
    isStockManaged: boolean('is_stock_managed').notNull(),
    /** The customization answers as the customer gave them, with their costs. */
    customizations: jsonb('customizations').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'order_lines_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    index('order_lines_order_idx').on(table.siteId, table.orderId),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** Every state an order went through, the first one included. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    orderId: integer('order_id').notNull(),
    fromStatus: orderStatus('from_status'),
    toStatus: orderStatus('to_status').notNull(),
    /** Who or what moved it: customer, job:payment-expiry, admin:{id}. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'order_status_history_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    index('order_status_history_order_idx').on(table.siteId, table.orderId),
  ],
);

/**
 * The addresses that asked for no more review requests on a site (the link of every review
 * request mail, decision 0104). Lower-cased; kept after the orders, since the wish is the person's.
 */
export const reviewRequestOptOuts = pgTable(
  'review_request_opt_outs',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.email] })],
);
