import { and, count, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import {
  UNDELIVERED_MAIL_NOT_FOUND_MESSAGE,
  UNDELIVERED_MAILS_LIMIT,
  type UndeliveredMail,
} from '@comptoir/contract/admin-mails';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { recordAudit, type AuditActor } from '../audit';
import { ownerSentence } from './owner-sentence';

/*
 * The outbox as the back office reads it (decision 0115). A mail is undelivered once the mail
 * server refused it: `pending` with a last error (the job tries again), or `failed` (the job gave
 * up). « Renvoyer » turns a `failed` mail back into a due `pending` one with its attempts at zero,
 * in one conditional UPDATE: a second click, or a second administrator, finds it pending already
 * and changes nothing, and a mail the job holds (pending) is never released early, so no mail is
 * sent twice. Every query filters on the site id.
 */

const columns = {
  id: mailOutbox.id,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  createdAt: mailOutbox.createdAt,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  lastError: mailOutbox.lastError,
};
type Row = {
  id: number;
  recipient: string;
  subject: string;
  createdAt: Date;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
};

function toUndelivered(row: Row): UndeliveredMail {
  const status = row.status === 'pending' ? 'retrying' : row.status;
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    status,
    attempts: row.attempts,
    nextAttemptAt: status === 'retrying' ? row.nextAttemptAt.toISOString() : null,
    error: status === 'sent' ? null : ownerSentence(row.lastError),
  };
}

const undelivered = or(
  eq(mailOutbox.status, 'failed'),
  and(eq(mailOutbox.status, 'pending'), isNotNull(mailOutbox.lastError)),
);

export function createUndeliveredMailRepository(db: Db) {
  return {
    async list(
      siteId: number,
    ): Promise<{ list: UndeliveredMail[]; failed: number; retrying: number }> {
      const [rows, totals] = await Promise.all([
        db
          .select(columns)
          .from(mailOutbox)
          .where(and(eq(mailOutbox.siteId, siteId), undelivered))
          .orderBy(desc(mailOutbox.id))
          .limit(UNDELIVERED_MAILS_LIMIT),
        db
          .select({ status: mailOutbox.status, total: count() })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.siteId, siteId), undelivered))
          .groupBy(mailOutbox.status),
      ]);
      const totalOf = (status: string) =>
        totals.find((total) => total.status === status)?.total ?? 0;
      return {
        list: rows.map(toUndelivered),
        failed: totalOf('failed'),
        retrying: totalOf('pending'),
      };
    },

    /** One mail back in the queue if it was given up; as it stands otherwise. 404: not the site's. */
    async resend(siteId: number, id: number, actor: AuditActor): Promise<UndeliveredMail> {
      return db.transaction(async (tx) => {
        const [requeued] = await tx
          .update(mailOutbox)
          .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
          .where(
            and(
              eq(mailOutbox.siteId, siteId),
              eq(mailOutbox.id, id),
              eq(mailOutbox.status, 'failed'),
            ),
          )
          .returning(columns);
        if (requeued) {
          await recordAudit(tx, {
            siteId,
            actor,
            action: 'resend',
            entityType: 'mail',
            entityId: id,
            summary: `E-mail « ${requeued.subject} » remis dans la file d’envoi`,
            before: { status: 'failed' },
            after: { status: 'pending' },
          });
          return toUndelivered(requeued);
        }
        const [current] = await tx
          .select(columns)
          .from(mailOutbox)
          .where(and(eq(mailOutbox.siteId, siteId), eq(mailOutbox.id, id)));
        if (!current) throw new HttpError(404, UNDELIVERED_MAIL_NOT_FOUND_MESSAGE);
        return toUndelivered(current);
      });
    },

    /** Every given-up mail of the site back in the queue; one journal entry for the lot. */
    async resendAll(siteId: number, actor: AuditActor): Promise<number> {
      return db.transaction(async (tx) => {
        const requeued = await tx
          .update(mailOutbox)
          .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()` })
          .where(and(eq(mailOutbox.siteId, siteId), eq(mailOutbox.status, 'failed')))
          .returning({ id: mailOutbox.id });
        if (requeued.length > 0) {
          await recordAudit(tx, {
            siteId,
            actor,
            action: 'resend',
            entityType: 'mail',
            entityId: null,
            summary: `${requeued.length} e-mail${requeued.length > 1 ? 's' : ''} non envoyé${requeued.length > 1 ? 's' : ''} remis dans la file d’envoi`,
            before: null,
            after: { ids: requeued.map((row) => row.id) },
          });
        }
        return requeued.length;
      });
    },
  };
}

export type UndeliveredMailRepository = ReturnType<typeof createUndeliveredMailRepository>;
