/**
 * The outbox: every mail the API sends, queued for the mail-delivery job.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sites } from './platform';

/** Mails kept instead of sent when no SMTP server is configured (development, offline demos). */
/** Where a mail of the outbox stands (decision 0072). */
export const MAIL_OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    sender: text('sender').notNull(),
    /** Where replies go (the site's COMPANY_EMAIL, a customer on a notice), kept for the job. */
    replyTo: text('reply_to'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers the mail carried (List-Unsubscribe on newsletter mails). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Files the mail carried (an invoice PDF, a pick-up slot's .ics), their bytes in base64. */
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; contentBase64: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The delivery queue (decision 0072): `pending` until the mail-delivery job hands the mail
     * to SMTP (or, without SMTP_URL, to the local outbox), then `sent`; `failed` once the job
     * gave up. Rows written before the queue existed were already delivered: `sent`.
     */
    status: text('status', { enum: MAIL_OUTBOX_STATUSES }).notNull().default('pending'),
    /** Delivery attempts started, a claimed one included. */
    attempts: integer('attempts').notNull().default(0),
    /** When the job may take the mail next: its backoff, or the lease of the run that claimed it. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last SMTP refusal (code and server message only: never the address or the content). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('mail_outbox_site_recipient_idx').on(table.siteId, table.recipient),
    // The job's question: the pending mails that are due.
    index('mail_outbox_pending_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    // The same, one site at a time: the job takes its batch in turns across the sites (decision 0123).
    index('mail_outbox_site_pending_due_idx')
      .on(table.siteId, table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    check('mail_outbox_status_known', sql`${table.status} in ('pending', 'sent', 'failed')`),
  ],
);
