/**
 * Carts (Shop I): carts, their lines and the lines' customization answers.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { declinations, productCustomizations } from './catalogue';
import { sites } from './platform';
import { users } from './users';

export const cartType = pgEnum('cart_type', ['MAIN_CART']);

/**
 * Carts. user_id null: a visitor's cart, readable only with its secret (an httpOnly cookie; only
 * its SHA-256 is stored, so a database leak gives no cart away). A user's cart has no secret: it
 * is bound to the account. A user's main cart is their most recently updated MAIN_CART.
 */
export const carts = pgTable(
  'carts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    userId: integer('user_id'),
    type: cartType('type').notNull().default('MAIN_CART'),
    /** SHA-256 (hex) of the visitor's cart secret; null once the cart belongs to an account. */
    secretHash: text('secret_hash'),
    /** Set when the cart became an order: a closed cart is no longer anyone's cart. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * The discount code sent with POST /cart or POST /cart/{cartId} (decision 0099): judged again
     * on every answer of the cart, used by the order placed from it.
     */
    discountCode: text('discount_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('carts_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'carts_user_fk',
      columns: [table.siteId, table.userId],
      foreignColumns: [users.siteId, users.id],
    }).onDelete('cascade'),
    index('carts_site_user_idx').on(table.siteId, table.userId, table.updatedAt),
    check(
      'carts_owner_or_secret',
      sql`(${table.userId} IS NULL) = (${table.secretHash} IS NOT NULL)`,
    ),
  ],
);

/**
 * A line of a cart: a declination with its customization answers. Two lines of the same
 * declination differ by their answers; answers_key (the answers in a canonical form) finds the
 * line an identical add-to-cart adds to. No price is stored: the cart is priced from the
 * catalogue each time it is read.
 */
export const cartProducts = pgTable(
  'cart_products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    cartId: integer('cart_id').notNull(),
    declinationId: integer('declination_id').notNull(),
    quantity: integer('quantity').notNull(),
    answersKey: text('answers_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('cart_products_site_id_key').on(table.siteId, table.id),
    unique('cart_products_line_key').on(
      table.siteId,
      table.cartId,
      table.declinationId,
      table.answersKey,
    ),
    foreignKey({
      name: 'cart_products_cart_fk',
      columns: [table.siteId, table.cartId],
      foreignColumns: [carts.siteId, carts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'cart_products_declination_fk',
      columns: [table.siteId, table.declinationId],
      foreignColumns: [declinations.siteId, declinations.id],
    }).onDelete('cascade'),
    check('cart_products_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** A customization answer of a cart line (docs/requirements/cart.md: textValue, checkboxValue, selectValue, file). */
export const cartProductCustomizations = pgTable(
  'cart_product_customizations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    cartProductId: integer('cart_product_id').notNull(),
    customizationId: integer('customization_id').notNull(),
    textValue: text('text_value'),
    checkboxValue: boolean('checkbox_value'),
    selectKey: text('select_key'),
    selectValue: text('select_value'),
    /** FILE: the visitor's file name, and the storage key of the checked bytes. */
    filename: text('filename'),
    fileKey: text('file_key'),
    formAnswer: jsonb('form_answer'),
  },
  (table) => [
    unique('cart_product_customizations_line_key').on(
      table.siteId,
      table.cartProductId,
      table.customizationId,
    ),
    foreignKey({
      name: 'cart_product_customizations_line_fk',
      columns: [table.siteId, table.cartProductId],
      foreignColumns: [cartProducts.siteId, cartProducts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'cart_product_customizations_customization_fk',
      columns: [table.siteId, table.customizationId],
      foreignColumns: [productCustomizations.siteId, productCustomizations.id],
    }).onDelete('cascade'),
  ],
);
