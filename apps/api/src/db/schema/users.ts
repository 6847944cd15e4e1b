/**
 * Accounts, their sessions and their password reset links.
 */
import { sql } from 'drizzle-orm';
import {
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
  uuid,
} from 'drizzle-orm/pg-core';
import { sites } from './platform';

export const userRole = pgEnum('user_role', ['CUSTOMER', 'ADMIN', 'SUPER_ADMIN']);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    /** Null for accounts created without a password (the accounts issue sets it at registration). */
    passwordHash: text('password_hash'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    phone: text('phone'),
    birthdate: date('birthdate', { mode: 'string' }),
    role: userRole('role').notNull().default('CUSTOMER'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The id analytics services know the customer by (decision 0099): random, so that it tells
     * them neither who the customer is nor how many accounts the site has.
     */
    analyticsId: uuid('analytics_id').notNull().defaultRandom(),
    /**
     * The account's last sign of life: its creation, each login (decision 0110). With the
     * account's last order, it dates the inactivity after which the account is anonymised.
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the « your account will be deleted » mail was queued; a later activity voids it. */
    inactivityWarnedAt: timestamp('inactivity_warned_at', { withTimezone: true }),
  },
  (table) => [
    // One account per e-mail address and site, whatever its case.
    uniqueIndex('users_site_email_key').on(table.siteId, sql`lower(${table.email})`),
    unique('users_site_id_key').on(table.siteId, table.id),
    // The back office's customers, newest first, and its keyset past the first pages (decision 0123).
    index('users_site_created_idx').on(table.siteId, table.createdAt, table.id),
    // The back office's search by name, e-mail or phone looks for a part of them (`ilike '%…%'`):
    // trigram indexes answer it without reading every account (pg_trgm, decision 0127).
    index('users_name_trgm_idx').using(
      'gin',
      sql`(${table.firstname} || ' ' || ${table.lastname}) gin_trgm_ops`,
    ),
    index('users_name_reversed_trgm_idx').using(
      'gin',
      sql`(${table.lastname} || ' ' || ${table.firstname}) gin_trgm_ops`,
    ),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('users_phone_trgm_idx').using('gin', sql`(coalesce(${table.phone}, '')) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    userId: integer('user_id').notNull(),
    /** SHA-256 (hex) of the opaque token: a leaked table does not give usable tokens. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'sessions_user_fk',
      columns: [table.siteId, table.userId],
      foreignColumns: [users.siteId, users.id],
    }).onDelete('cascade'),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** Password reset links: single use, one hour; only the SHA-256 of the token is kept. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link is used (or replaced by a newer one): it never works again. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'password_reset_tokens_user_fk',
      columns: [table.siteId, table.userId],
      foreignColumns: [users.siteId, users.id],
    }).onDelete('cascade'),
  ],
);
