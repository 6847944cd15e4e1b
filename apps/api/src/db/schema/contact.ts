/**
 * The contact page: messages received, and the company's addresses.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { countries, sites } from './platform';

/** Messages sent from the contact page (docs/requirements/contact.md), kept even when the mail to the company fails. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    consent: boolean('consent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When an administrator opened or marked it read; null while unread (back-office inbox). */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When an administrator last answered it by mail from the back office. */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_messages_site_created_idx').on(table.siteId, table.createdAt),
    unique('contact_messages_site_id_key').on(table.siteId, table.id),
  ],
);

/** The company's addresses shown on the contact page; types: HEAD_OFFICE, SHOP… (contract). */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    label: text('label').notNull(),
    addressLine1: text('address_line_1').notNull(),
    addressLine2: text('address_line_2'),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    types: text('types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('company_addresses_site_label_key').on(table.siteId, table.label),
    unique('company_addresses_site_id_key').on(table.siteId, table.id),
    index('company_addresses_site_position_idx').on(table.siteId, table.position),
  ],
);
