/**
 * Discount codes and their uses by orders.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DISCOUNT_CODE_TYPES } from '@comptoir/domain/discount';
import { orders } from './order';
import { sites } from './platform';

export const discountCodeType = pgEnum('discount_code_type', DISCOUNT_CODE_TYPES);

/**
 * A site's discount codes (docs/requirements/discount-codes.md, decision 0051). A code is unique per site whatever
 * its case, and looked up the same way: "bienvenue10" is BIENVENUE10.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    code: text('code').notNull(),
    type: discountCodeType('type').notNull(),
    /** Cents for EURO, a whole percentage for percent (0 for a free-shipping code). */
    amount: integer('amount').notNull(),
    /** SHIPPING_FEES: free shipping; null: a reduction on the products. */
    detailType: text('detail_type'),
    /** First and last valid days, Paris days, both included. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** The products total (after their own discounts) the cart must reach. */
    minimumCents: integer('minimum_cents'),
    /** The scope: product ids, and categories (product types and wine colours); empty: all. */
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('discount_codes_site_id_key').on(table.siteId, table.id),
    uniqueIndex('discount_codes_site_code_key').on(table.siteId, sql`lower(${table.code})`),
    check(
      'discount_codes_amount_range',
      sql`${table.amount} >= 0 AND (${table.type} <> 'percent' OR ${table.amount} <= 100)`,
    ),
    check(
      'discount_codes_detail_type',
      sql`${table.detailType} IS NULL OR ${table.detailType} = 'SHIPPING_FEES'`,
    ),
    check(
      'discount_codes_limits_positive',
      sql`(${table.maxUses} IS NULL OR ${table.maxUses} > 0) AND (${table.maxUsesPerCustomer} IS NULL OR ${table.maxUsesPerCustomer} > 0) AND (${table.minimumCents} IS NULL OR ${table.minimumCents} >= 0)`,
    ),
  ],
);

/**
 * One use of a code by an order, written in the order's transaction under the code's row lock.
 * The customer is the account, or the guest's e-mail (always kept, lower-cased, so that a guest
 * cannot use a code again under the e-mail of an account, nor the other way round).
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    discountCodeId: integer('discount_code_id').notNull(),
    orderId: integer('order_id').notNull(),
    userId: integer('user_id'),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'discount_redemptions_code_fk',
      columns: [table.siteId, table.discountCodeId],
      foreignColumns: [discountCodes.siteId, discountCodes.id],
    }),
    foreignKey({
      name: 'discount_redemptions_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    unique('discount_redemptions_order_key').on(table.siteId, table.orderId),
    index('discount_redemptions_code_idx').on(table.siteId, table.discountCodeId),
  ],
);
