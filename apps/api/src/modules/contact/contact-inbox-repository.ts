import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ContactMessage } from '@comptoir/contract/admin-messages';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';

type MessageRow = typeof contactMessages.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const EXCERPT_LENGTH = 140;

export function contactMessageOf(row: MessageRow): ContactMessage {
  const flat = row.message.replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    consent: row.consent,
    excerpt: flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH)}…` : flat,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

/** The back office's inbox; every method takes the site id and filters on it. */
export function createContactInboxRepository(db: Db) {
  const ofSite = (siteId: number, id: number) =>
    and(eq(contactMessages.siteId, siteId), eq(contactMessages.id, id));
  /** The message, locked until the transaction ends (undefined when the site has no such message). */
  const lockMessage = async (tx: Tx, siteId: number, id: number) => {
    const [row] = await tx.select().from(contactMessages).where(ofSite(siteId, id)).for('update');
    return row;
  };

  return {
    async list(siteId: number, options: { unreadOnly: boolean; offset: number; limit: number }) {
      const where = and(
        eq(contactMessages.siteId, siteId),
        options.unreadOnly ? isNull(contactMessages.readAt) : undefined,
      );
      const unreadWhere = and(eq(contactMessages.siteId, siteId), isNull(contactMessages.readAt));
      const [rows, [counted], [unread]] = await Promise.all([
        db
          .select()
          .from(contactMessages)
          .where(where)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ total: count() }).from(contactMessages).where(where),
        db.select({ total: count() }).from(contactMessages).where(unreadWhere),
      ]);
      return {
        list: rows.map(contactMessageOf),
        total: counted?.total ?? 0,
        unread: unread?.total ?? 0,
      };
    },

    async find(siteId: number, id: number): Promise<ContactMessage | null> {
      const [row] = await db.select().from(contactMessages).where(ofSite(siteId, id));
      return row ? contactMessageOf(row) : null;
    },

    /** Marks read or unread and journals it; null when the site has no such message. */
    async markRead(
      siteId: number,
      id: number,
      read: boolean,
      actor: AuditActor,
    ): Promise<ContactMessage | null> {
      return db.transaction(async (tx) => {
        const before = await lockMessage(tx, siteId, id);
        if (!before) return null;
        const [after] = await tx
          .update(contactMessages)
          .set({ readAt: read ? (before.readAt ?? new Date()) : null })
          .where(ofSite(siteId, id))
          .returning();
        await recordAudit(tx, {
          siteId,
          actor,
          action: read ? 'read' : 'unread',
          entityType: 'contact-message',
          entityId: id,
          summary: `Message de ${before.firstname} ${before.lastname} marqué ${read ? 'lu' : 'non lu'}`,
          before: { readAt: before.readAt },
          after: { readAt: after!.readAt },
        });
        return contactMessageOf(after!);
      });
    },

    /** Records an answer that was mailed: replied and read now, journaled with the answer. */
    async recordReply(
      siteId: number,
      id: number,
      reply: { subject: string; message: string },
      actor: AuditActor,
    ): Promise<ContactMessage | null> {
      return db.transaction(async (tx) => {
        const before = await lockMessage(tx, siteId, id);
        if (!before) return null;
        const now = new Date();
        const [after] = await tx
          .update(contactMessages)
          .set({ repliedAt: now, readAt: before.readAt ?? now })
          .where(ofSite(siteId, id))
          .returning();
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'reply',
          entityType: 'contact-message',
          entityId: id,
          summary: `Réponse envoyée à ${before.firstname} ${before.lastname} (${before.email})`,
          before: { readAt: before.readAt, repliedAt: before.repliedAt },
          after: {
            readAt: after!.readAt,
            repliedAt: after!.repliedAt,
            replySubject: reply.subject,
            replyMessage: reply.message,
          },
        });
        return contactMessageOf(after!);
      });
    },
  };
}

export type ContactInboxRepository = ReturnType<typeof createContactInboxRepository>;
