/**
 * Gift vouchers: waiting in a cart, issued, and redeemed by orders.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { cartProducts } from './cart';
import { orders } from './order';
import { sites } from './platform';

/**
 * A gift voucher waiting in a cart: the line's price is the chosen amount (checked against the
 * site's limits when added); the rest is what the voucher will say once its order is paid.
 */
export const cartGiftVouchers = pgTable(
  'cart_gift_vouchers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    cartProductId: integer('cart_product_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    recipientName: text('recipient_name').notNull(),
    /** Null: the voucher is mailed to the buyer, who hands it over. */
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** The Paris day the voucher is mailed on. */
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    buyerName: text('buyer_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_gift_vouchers_line_key').on(table.siteId, table.cartProductId),
    foreignKey({
      name: 'cart_gift_vouchers_line_fk',
      columns: [table.siteId, table.cartProductId],
      foreignColumns: [cartProducts.siteId, cartProducts.id],
    }).onDelete('cascade'),
    check('cart_gift_vouchers_amount_positive', sql`${table.amountCents} > 0`),
  ],
);

/**
 * A gift voucher issued when the order that bought it was paid. The code is random and unique
 * (never derived from an id); the balance only goes down through redemptions, never below 0.
 */
export const giftVouchers = pgTable(
  'gift_vouchers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** 16 characters without look-alikes, stored without the dashes it is printed with. */
    code: text('code').notNull(),
    initialCents: integer('initial_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    /** The last Paris day it can be used. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    sendOn: date('send_on', { mode: 'string' }).notNull(),
    buyerName: text('buyer_name').notNull(),
    /** The buyer's address (the order's): the voucher goes there when no recipient address. */
    buyerEmail: text('buyer_email').notNull(),
    /** The order that bought it, and the cart line it came from (one voucher per line). */
    orderId: integer('order_id').notNull(),
    cartProductId: integer('cart_product_id').notNull(),
    /** Set once mailed: the job never sends it twice. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the owner disabled it (back office): refused at checkout from then on. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('gift_vouchers_code_key').on(table.code),
    unique('gift_vouchers_site_id_key').on(table.siteId, table.id),
    unique('gift_vouchers_line_key').on(table.siteId, table.cartProductId),
    index('gift_vouchers_due_idx')
      .on(table.sendOn)
      .where(sql`${table.sentAt} IS NULL`),
    check(
      'gift_vouchers_balance_range',
      sql`${table.balanceCents} >= 0 AND ${table.balanceCents} <= ${table.initialCents}`,
    ),
  ],
);

/** What an order took from a voucher; given back (givenBackAt) when the order is cancelled. */
export const giftVoucherRedemptions = pgTable(
  'gift_voucher_redemptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    giftVoucherId: integer('gift_voucher_id').notNull(),
    orderId: integer('order_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    givenBackAt: timestamp('given_back_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      name: 'gift_voucher_redemptions_voucher_fk',
      columns: [table.siteId, table.giftVoucherId],
      foreignColumns: [giftVouchers.siteId, giftVouchers.id],
    }),
    foreignKey({
      name: 'gift_voucher_redemptions_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    unique('gift_voucher_redemptions_order_key').on(table.siteId, table.orderId),
    check('gift_voucher_redemptions_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
