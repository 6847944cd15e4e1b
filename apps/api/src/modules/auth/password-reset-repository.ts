import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import type { MailTransaction } from '../mail';
import type { UserRecord } from '../user';

export function createPasswordResetRepository(db: Db) {
  const usable = (siteId: number, tokenHash: string) =>
    and(
      eq(passwordResetTokens.siteId, siteId),
      eq(passwordResetTokens.tokenHash, tokenHash),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, sql`now()`),
    );

  return {
    /**
     * Stores a new link's token; the user's older links stop working (only the last mail counts).
     * `alsoInTransaction` queues the mail carrying the link in the same transaction: a link
     * exists if and only if its mail does (decision 0072).
     */
    async create(
      siteId: number,
      userId: number,
      tokenHash: string,
      lifetimeSeconds: number,
      alsoInTransaction?: (tx: MailTransaction) => Promise<void>,
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResetTokens.siteId, siteId),
              eq(passwordResetTokens.userId, userId),
              isNull(passwordResetTokens.usedAt),
            ),
          );
        await tx.insert(passwordResetTokens).values({
          siteId,
          userId,
          tokenHash,
          expiresAt: sql`now() + make_interval(secs => ${lifetimeSeconds})`,
        });
        await alsoInTransaction?.(tx);
      });
    },

    /** The account an unused, unexpired token belongs to (a read: the token stays usable). */
    async findUserOfUsableToken(siteId: number, tokenHash: string): Promise<UserRecord | null> {
      const [row] = await db
        .select({ user: users })
        .from(passwordResetTokens)
        .innerJoin(
          users,
          and(
            eq(users.siteId, passwordResetTokens.siteId),
            eq(users.id, passwordResetTokens.userId),
          ),
        )
        .where(usable(siteId, tokenHash))
        .limit(1);
      return row?.user ?? null;
    },

    /**
     * Uses the token up and sets the new password, or answers null when the token is unknown,
     * used or expired. The UPDATE … WHERE used_at IS NULL … RETURNING is the single point of
     * truth: of concurrent uses of one token, exactly one gets a row back. Every session of the
     * user is revoked, and the user's other pending links are voided.
     */
    async consume(siteId: number, tokenHash: string, passwordHash: string): Promise<number | null> {
      return db.transaction(async (tx) => {
        const [token] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(usable(siteId, tokenHash))
          .returning({ userId: passwordResetTokens.userId });
        if (!token) return null;
        await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.siteId, siteId), eq(users.id, token.userId)));
        await tx
          .delete(sessions)
          .where(and(eq(sessions.siteId, siteId), eq(sessions.userId, token.userId)));
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResetTokens.siteId, siteId),
              eq(passwordResetTokens.userId, token.userId),
              isNull(passwordResetTokens.usedAt),
            ),
          );
        return token.userId;
      });
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
