/**
 * Newsletter lists, subscriptions and the tokens mailed to confirm or unsubscribe.
 */
import { foreignKey, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sites } from './platform';
import { users } from './users';

export const newsletterLists = pgTable(
  'newsletter_lists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('newsletter_lists_site_name_key').on(table.siteId, table.name),
    unique('newsletter_lists_site_id_key').on(table.siteId, table.id),
  ],
);

/**
 * A subscription belongs to an address (public subscriptions have no account); user_id links the
 * account that subscribed, so that erasing the account erases it too.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    listId: integer('list_id').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('newsletter_subscriptions_site_list_email_key').on(
      table.siteId,
      table.listId,
      table.email,
    ),
    foreignKey({
      name: 'newsletter_subscriptions_list_fk',
      columns: [table.siteId, table.listId],
      foreignColumns: [newsletterLists.siteId, newsletterLists.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'newsletter_subscriptions_user_fk',
      columns: [table.siteId, table.userId],
      foreignColumns: [users.siteId, users.id],
    }).onDelete('cascade'),
    index('newsletter_subscriptions_site_email_idx').on(table.siteId, table.email),
  ],
);

/**
 * Secrets mailed to a newsletter address, stored as SHA-256 hashes: CONFIRM tokens (double
 * opt-in: the address joins `list_ids` only when the link is opened, before `expires_at`) and
 * UNSUBSCRIBE tokens (the link and List-Unsubscribe header of every newsletter mail; no expiry,
 * since a mail can be read years later).
 */
export const newsletterTokens = pgTable(
  'newsletter_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    purpose: text('purpose', { enum: ['CONFIRM', 'UNSUBSCRIBE'] }).notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    listIds: integer('list_ids').array().notNull().default([]),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('newsletter_tokens_token_hash_key').on(table.tokenHash),
    index('newsletter_tokens_site_email_idx').on(table.siteId, table.email),
  ],
);
