import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutboxMailRecord = typeof mailOutbox.$inferSelect;
export type NewOutboxMail = Omit<
  typeof mailOutbox.$inferInsert,
  'id' | 'createdAt' | 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt'
>;

/** A caller's transaction: the mail row commits or rolls back with the change that caused it. */
export type MailTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The delivery queue as an operator watches it (observability/metrics.ts, decision 0118). */
export interface MailQueueFigures {
  pending: number;
  /** Age of the oldest pending mail, 0 when none is pending. */
  oldestPendingSeconds: number;
  failed: number;
}

export function createMailOutboxRepository(db: Db) {
  return {
    /**
     * Pending and failed mails of every site. Pending ones are read through the pending index;
     * failed ones have none, so the metrics read this at most once a minute.
     */
    async queueFigures(): Promise<MailQueueFigures> {
      const [pending] = await db
        .select({
          count: sql<number>`count(*)::int`,
          oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt})), 0)::float8`,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'));
      const [failed] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'failed'));
      return {
        pending: Number(pending?.count ?? 0),
        oldestPendingSeconds: Math.max(0, Number(pending?.oldestSeconds ?? 0)),
        failed: Number(failed?.count ?? 0),
      };
    },

    /** Queues a mail (`pending`), in the caller's transaction when one is given. */
    async add(mail: NewOutboxMail, tx?: MailTransaction): Promise<void> {
      await (tx ?? db).insert(mailOutbox).values(mail);
    },

    /**
     * The due pending mails of one run, at most `limit`, in turns across the sites (decision
     * 0123): each site's oldest due mail, then each site's second… so that one site's backlog of
     * 100,000 mails delays no other site's mail by more than a run. Each site's due mails are
     * read through its own index entries (at most `limit` a site), never the whole backlog.
     */
    async dueInTurns(limit: number): Promise<number[]> {
      const result = await db.execute(sql`
        select due.id from sites
        cross join lateral (
          select ${mailOutbox.id} as id, ${mailOutbox.nextAttemptAt} as next_attempt_at,
            row_number() over (order by ${mailOutbox.nextAttemptAt}, ${mailOutbox.id}) as turn
          from ${mailOutbox}
          where ${mailOutbox.siteId} = sites.id and ${mailOutbox.status} = 'pending'
            and ${mailOutbox.nextAttemptAt} <= now()
          order by ${mailOutbox.nextAttemptAt}, ${mailOutbox.id}
          limit ${limit}
        ) due
        order by due.turn, due.next_attempt_at, due.id
        limit ${limit}`);
      // Both drivers answer { rows }.
      return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
    },

    /**
     * Takes one due pending mail for one delivery attempt, or null when it is no longer due. The
     * claim is one statement: the row is locked (SKIP LOCKED, so two instances never take the
     * same row), its attempt counted and its next attempt moved `leaseSeconds` away. A run that
     * dies before marking the mail leaves it pending: it is taken again once the lease is over.
     */
    async claim(id: number, leaseSeconds: number): Promise<OutboxMailRecord | null> {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.id, id),
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.nextAttemptAt, sql`now()`),
          ),
        )
        .for('update', { skipLocked: true });
      const [claimed] = await db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
        })
        // `= (scalar subquery)`: one evaluation (an InitPlan), the row locked once.
        .where(sql`${mailOutbox.id} = (${due})`)
        .returning();
      return claimed ?? null;
    },

    async markSent(id: number): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null })
        .where(eq(mailOutbox.id, id));
    },

    /** A refused attempt: tried again after `delayMs`. */
    async markRetry(id: number, error: string, delayMs: number): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          lastError: error,
          nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`,
        })
        .where(eq(mailOutbox.id, id));
    },

    /** The job gave up: the row stays, `failed`, with the last refusal. */
    async markFailed(id: number, error: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: error })
        .where(eq(mailOutbox.id, id));
    },

    /** The mails kept for an address on a site, newest first. */
    async listForRecipient(siteId: number, recipient: string): Promise<OutboxMailRecord[]> {
      return db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.siteId, siteId), eq(mailOutbox.recipient, recipient)))
        .orderBy(desc(mailOutbox.id));
    },

    /** Erasing an account erases the mails kept for its address. */
    async deleteForRecipient(siteId: number, recipient: string): Promise<void> {
      await db
        .delete(mailOutbox)
        .where(and(eq(mailOutbox.siteId, siteId), eq(mailOutbox.recipient, recipient)));
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
