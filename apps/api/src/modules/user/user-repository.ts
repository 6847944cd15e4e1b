import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@comptoir/domain/order';
import type { Db } from '../../db/client';
import { hashSessionToken } from './session-token';
import {
  carts,
  mailOutbox,
  orders,
  newsletterSubscriptions,
  newsletterTokens,
  passwordResetTokens,
  sessions,
  users,
} from '../../db/schema';

export type UserRecord = typeof users.$inferSelect;

/** An order on its way still needs the customer's details: the account waits until it ends. */
const ORDERS_IN_PROGRESS: OrderStatus[] = [
  'PENDING_PAYMENT',
  'PAID',
  'PREPARING',
  'SHIPPED',
  'READY_FOR_PICKUP',
];

/**
 * What an erased customer's orders keep in place of their details: no one to write to (mails
 * skip an empty address), no one to call, no address; the lines, amounts and VAT stay, as the
 * accounts must. The country is kept (VAT and sales statistics), nothing finer.
 */
export const ANONYMISED_CUSTOMER = {
  email: '',
  phone: '',
  firstname: 'Client',
  lastname: 'anonymisé',
} as const;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt'>;
export type UserProfileChanges = Pick<
  typeof users.$inferInsert,
  'firstname' | 'lastname' | 'phone' | 'birthdate'
>;

export function createUserRepository(db: Db) {
  return {
    /**
     * The user of an unexpired session issued on this site. The site id is matched on both the
     * session and the user, so a token is worth nothing on another site.
     */
    async findBySessionToken(
      siteId: number,
      tokenHash: string,
      now: Date,
    ): Promise<UserRecord | null> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.siteId, sessions.siteId)))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            eq(sessions.siteId, siteId),
            gt(sessions.expiresAt, now),
          ),
        )
        .limit(1);
      return row?.user ?? null;
    },

    /** The account of this address on this site, whatever the case it was typed in. */
    async findByEmail(siteId: number, email: string): Promise<UserRecord | null> {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.siteId, siteId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
        .limit(1);
      return user ?? null;
    },

    /** Creates the account, or answers null when the address already has one on this site. */
    async insert(user: NewUser): Promise<UserRecord | null> {
      const [created] = await db.insert(users).values(user).onConflictDoNothing().returning();
      return created ?? null;
    },

    async updateProfile(
      siteId: number,
      userId: number,
      changes: UserProfileChanges,
    ): Promise<UserRecord | null> {
      const [updated] = await db
        .update(users)
        .set(changes)
        .where(and(eq(users.siteId, siteId), eq(users.id, userId)))
        .returning();
      return updated ?? null;
    },

    async createSession(
      siteId: number,
      userId: number,
      tokenHash: string,
      expiresAt: Date,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values({ siteId, userId, tokenHash, expiresAt });
        // A login is the account's sign of life (decision 0110).
        await tx
          .update(users)
          .set({ lastActiveAt: sql`now()` })
          .where(and(eq(users.siteId, siteId), eq(users.id, userId)));
      });
    },

    async deleteSession(siteId: number, tokenHash: string): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.siteId, siteId), eq(sessions.tokenHash, tokenHash)));
    },

    async deleteExpiredSessions(siteId: number, userId: number, now: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.siteId, siteId),
            eq(sessions.userId, userId),
            lte(sessions.expiresAt, now),
          ),
        );
    },

    /**
     * Sets a new password hash, revokes the user's sessions except `keptTokenHash` (the one that
     * changed it, if any) and voids the reset links still pending, in one transaction.
     */
    async replacePassword(
      siteId: number,
      userId: number,
      passwordHash: string,
      keptTokenHash: string | null,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.siteId, siteId), eq(users.id, userId)));
        await tx
          .delete(sessions)
          .where(
            and(
              eq(sessions.siteId, siteId),
              eq(sessions.userId, userId),
              keptTokenHash === null ? undefined : ne(sessions.tokenHash, keptTokenHash),
            ),
          );
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
      });
    },

    /**
     * Erases the account and the personal data kept with its address: sessions, reset links,
     * carts and linked subscriptions go with the user row (ON DELETE CASCADE); subscriptions made
     * with the address before the account existed and the mails kept for it are deleted here.
     */
    async deleteAccount(
      siteId: number,
      userId: number,
      /** Runs in the erasure's transaction once it is done (the back office's journal entry). */
      onErased?: (tx: Db, anonymisedOrders: number) => Promise<void>,
    ): Promise<
      { erased: true; anonymisedOrders: number } | { erased: false; orderInProgress: number }
    > {
      return db.transaction((tx) => eraseIn(tx, siteId, userId, onErased));
    },

    /**
     * Erases an account the inactivity job found (decision 0110), if it is still what `stillDue`
     * says once its row is locked: a login or an order since the job's read keeps it.
     */
    async deleteInactiveAccount(siteId: number, userId: number, stillDue: SQL) {
      return db.transaction(async (tx) => {
        const [due] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.siteId, siteId), eq(users.id, userId), stillDue))
          .for('update');
        if (!due) return null;
        return eraseIn(tx, siteId, userId);
      });
    },
  };
}

/**
 * Erases the account and the personal data kept with its address, in the caller's transaction:
 * sessions, reset links, carts and linked subscriptions go with the user row (ON DELETE
 * CASCADE); subscriptions made with the address before the account existed and the mails kept
 * for it are deleted here. Refused while an order is on its way.
 */
async function eraseIn(
  tx: Db,
  siteId: number,
  userId: number,
  onErased?: (tx: Db, anonymisedOrders: number) => Promise<void>,
): Promise<
  { erased: true; anonymisedOrders: number } | { erased: false; orderInProgress: number }
> {
  // Locks the account's orders: a status change waits for the erasure, or the erasure for it.
  const kept = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      billingAddress: orders.billingAddress,
    })
    .from(orders)
    .where(and(eq(orders.siteId, siteId), eq(orders.userId, userId)))
    .orderBy(asc(orders.id))
    .for('update');
  const inProgress = kept.find((order) => ORDERS_IN_PROGRESS.includes(order.status));
  if (inProgress) return { erased: false, orderInProgress: inProgress.number };
  // Orders are kept for the legal period (Code de commerce L123-22), without the person.
  for (const order of kept) {
    const billing = order.billingAddress as { country?: unknown } | null;
    await tx
      .update(orders)
      .set({
        userId: null,
        ...ANONYMISED_CUSTOMER,
        birthdate: null,
        deliveryAddress: null,
        billingAddress: {
          country: typeof billing?.country === 'string' ? billing.country : null,
        },
        message: null,
        idempotencyKey: null,
        requestHash: null,
      })
      .where(and(eq(orders.siteId, siteId), eq(orders.id, order.id)));
  }
  // The carts that became orders would go with the account (ON DELETE CASCADE), and with
  // them the click-and-collect places their orders took: they are left to no one instead
  // (a visitor's cart whose secret nobody holds), closed as they were.
  await tx
    .update(carts)
    .set({
      userId: null,
      secretHash: hashSessionToken(randomBytes(32).toString('base64url')),
    })
    .where(and(eq(carts.siteId, siteId), eq(carts.userId, userId), isNotNull(carts.closedAt)));
  const [user] = await tx
    .delete(users)
    .where(and(eq(users.siteId, siteId), eq(users.id, userId)))
    .returning({ email: users.email });
  if (!user) return { erased: true, anonymisedOrders: kept.length };
  const email = user.email.toLowerCase();
  await tx
    .delete(newsletterSubscriptions)
    .where(
      and(eq(newsletterSubscriptions.siteId, siteId), eq(newsletterSubscriptions.email, email)),
    );
  // Pending confirmation and unsubscribe links hold the address too.
  await tx
    .delete(newsletterTokens)
    .where(and(eq(newsletterTokens.siteId, siteId), eq(newsletterTokens.email, email)));
  await tx
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.siteId, siteId), sql`lower(${mailOutbox.recipient}) = ${email}`));
  await onErased?.(tx, kept.length);
  return { erased: true, anonymisedOrders: kept.length };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
