import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutboxMailRecord = typeof mailOutbox.$inferSelect;
export type NewOutboxMail = Omit<typeof mailOutbox.$inferInsert, 'id' | 'createdAt'>;

export function createMailOutboxRepository(db: Db) {
  return {
    async add(mail: NewOutboxMail): Promise<void> {
      await db.insert(mailOutbox).values(mail);
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
