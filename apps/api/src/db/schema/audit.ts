/**
 * The back office's journal.
 */
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './platform';

/**
 * The back office's journal: one row per administrator write, kept with who made it (the e-mail
 * as it was then, so the row still reads after the account changes), what it touched and the
 * entity before and after. Written by recordAudit (modules/audit) in the write's transaction.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** No foreign key: the journal outlives the account it names. */
    userId: integer('user_id'),
    userEmail: text('user_email').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    summary: text('summary').notNull(),
    before: jsonb('before').$type<unknown>(),
    after: jsonb('after').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_site_created_idx').on(table.siteId, table.createdAt, table.id),
    index('audit_log_site_entity_created_idx').on(
      table.siteId,
      table.entityType,
      table.createdAt,
      table.id,
    ),
  ],
);
