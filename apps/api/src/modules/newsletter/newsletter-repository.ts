import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterLists, newsletterSubscriptions } from '../../db/schema';

export type NewsletterListRecord = typeof newsletterLists.$inferSelect;

async function insertSubscriptions(
  db: Db,
  siteId: number,
  listIds: readonly number[],
  email: string,
  userId: number | null,
): Promise<void> {
  if (listIds.length === 0) return;
  const rows = listIds.map((listId) => ({ siteId, listId, email, userId }));
  const target = [
    newsletterSubscriptions.siteId,
    newsletterSubscriptions.listId,
    newsletterSubscriptions.email,
  ];
  if (userId === null) {
    await db.insert(newsletterSubscriptions).values(rows).onConflictDoNothing({ target });
    return;
  }
  await db
    .insert(newsletterSubscriptions)
    .values(rows)
    .onConflictDoUpdate({
      target,
      set: { userId },
      setWhere: isNull(newsletterSubscriptions.userId),
    });
}

export function createNewsletterRepository(db: Db) {
  return {
    async listLists(siteId: number): Promise<NewsletterListRecord[]> {
      return db
        .select()
        .from(newsletterLists)
        .where(eq(newsletterLists.siteId, siteId))
        .orderBy(asc(newsletterLists.id));
    },

    /** The ids of the address's subscriptions on this site. */
    async subscribedListIds(siteId: number, email: string): Promise<number[]> {
      const rows = await db
        .select({ listId: newsletterSubscriptions.listId })
        .from(newsletterSubscriptions)
        .where(
          and(eq(newsletterSubscriptions.siteId, siteId), eq(newsletterSubscriptions.email, email)),
        );
      return rows.map((row) => row.listId);
    },

    /**
     * Subscribes the address to these lists; existing subscriptions stay as they are, except that
     * one made before the account existed gets linked to it.
     */
    subscribe(siteId: number, listIds: readonly number[], email: string, userId: number | null) {
      return insertSubscriptions(db, siteId, listIds, email, userId);
    },

    /** The address ends up subscribed to exactly these lists, in one transaction. */
    async replaceSubscriptions(
      siteId: number,
      listIds: readonly number[],
      email: string,
      userId: number,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(newsletterSubscriptions)
          .where(
            and(
              eq(newsletterSubscriptions.siteId, siteId),
              eq(newsletterSubscriptions.email, email),
              listIds.length > 0
                ? notInArray(newsletterSubscriptions.listId, [...listIds])
                : sql`true`,
            ),
          );
        await insertSubscriptions(tx, siteId, listIds, email, userId);
      });
    },

    /** Which of these ids are lists of this site. */
    async existingListIds(siteId: number, listIds: readonly number[]): Promise<number[]> {
      if (listIds.length === 0) return [];
      const rows = await db
        .select({ id: newsletterLists.id })
        .from(newsletterLists)
        .where(and(eq(newsletterLists.siteId, siteId), inArray(newsletterLists.id, [...listIds])));
      return rows.map((row) => row.id);
    },
  };
}

export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
