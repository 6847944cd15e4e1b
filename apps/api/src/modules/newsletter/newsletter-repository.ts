import { and, asc, eq, gt, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterLists, newsletterSubscriptions, newsletterTokens } from '../../db/schema';

export type NewsletterListRecord = typeof newsletterLists.$inferSelect;
export type NewsletterTokenRecord = typeof newsletterTokens.$inferSelect;
export type NewsletterTokenPurpose = NewsletterTokenRecord['purpose'];

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

    /** Stores the hash of a link's secret; the secret itself only travels in the mail. */
    async createToken(token: {
      siteId: number;
      purpose: NewsletterTokenPurpose;
      email: string;
      listIds?: readonly number[];
      tokenHash: string;
      expiresAt: Date | null;
    }): Promise<void> {
      await db.insert(newsletterTokens).values({ ...token, listIds: [...(token.listIds ?? [])] });
    },

    /**
     * A token by its hash, on this site (any site when null: the one-click unsubscribe carries no
     * site header), of this purpose and not expired.
     */
    async findToken(
      siteId: number | null,
      purpose: NewsletterTokenPurpose,
      tokenHash: string,
      now: Date,
    ): Promise<NewsletterTokenRecord | null> {
      const [row] = await db
        .select()
        .from(newsletterTokens)
        .where(
          and(
            eq(newsletterTokens.tokenHash, tokenHash),
            eq(newsletterTokens.purpose, purpose),
            siteId === null ? undefined : eq(newsletterTokens.siteId, siteId),
            sql`(${newsletterTokens.expiresAt} is null or ${gt(newsletterTokens.expiresAt, now)})`,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Confirmation links past their expiry are of no use: the site's are removed. */
    async deleteExpiredTokens(siteId: number, now: Date): Promise<void> {
      await db
        .delete(newsletterTokens)
        .where(and(eq(newsletterTokens.siteId, siteId), lte(newsletterTokens.expiresAt, now)));
    },

    /**
     * The address leaves every list of the site, and its pending confirmation links stop
     * working, in one transaction.
     */
    async unsubscribeEverywhere(siteId: number, email: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(newsletterSubscriptions)
          .where(
            and(
              eq(newsletterSubscriptions.siteId, siteId),
              eq(newsletterSubscriptions.email, email),
            ),
          );
        await tx
          .delete(newsletterTokens)
          .where(
            and(
              eq(newsletterTokens.siteId, siteId),
              eq(newsletterTokens.email, email),
              eq(newsletterTokens.purpose, 'CONFIRM'),
            ),
          );
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
