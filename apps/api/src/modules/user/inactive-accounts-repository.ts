import { and, asc, eq, gte, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sites, users } from '../../db/schema';

/*
 * The reads and claims of the inactive accounts job (decision 0110). An account's last activity
 * is the later of its last login (or creation) and its last order.
 */

/** The account's last sign of life: `last_active_at`, or its latest order when later. */
export const lastActivity = sql<Date>`greatest(${users.lastActiveAt}, coalesce((select max("orders"."created_at") from "orders" where "orders"."site_id" = ${users.siteId} and "orders"."user_id" = ${users.id}), ${users.lastActiveAt}))`;

/** A warning still stands when it was sent after the last activity. */
const warningStands = and(
  isNotNull(users.inactivityWarnedAt),
  gte(users.inactivityWarnedAt, lastActivity),
);

/** Accounts an anonymisation job may touch: customers only, never a site's administrators. */
const isCustomerOf = (siteId: number) => and(eq(users.siteId, siteId), eq(users.role, 'CUSTOMER'));

export function createInactiveAccountsRepository(db: Db) {
  return {
    /**
     * The sites that have customer accounts: one look into each site's accounts (its first
     * customer answers), rather than reading every account of the platform (decision 0123). A
     * subquery with its own limit, which PostgreSQL runs per site through the site's index,
     * where an EXISTS may be planned as a join over all the accounts.
     */
    async sitesWithCustomers() {
      return db
        .select({
          id: sites.id,
          name: sites.name,
          devUrl: sites.devUrl,
          prodUrl: sites.prodUrl,
        })
        .from(sites)
        .where(
          sql`(${db
            .select({ one: sql`1` })
            .from(users)
            .where(and(eq(users.siteId, sites.id), eq(users.role, 'CUSTOMER')))
            .limit(1)}) is not null`,
        )
        .orderBy(asc(sites.id));
    },

    /** Whether the account is due a warning: inactive since `inactiveSince`, not yet warned. */
    dueWarning(inactiveSince: Date): SQL {
      return and(
        lte(lastActivity, inactiveSince),
        or(isNull(users.inactivityWarnedAt), lt(users.inactivityWarnedAt, lastActivity)),
      )!;
    },

    /** Whether the account is due its anonymisation: inactive long enough, warned long enough ago. */
    dueAnonymisation(inactiveSince: Date, warnedBefore: Date): SQL {
      return and(
        lte(lastActivity, inactiveSince),
        warningStands,
        lte(users.inactivityWarnedAt, warnedBefore),
      )!;
    },

    async find(siteId: number, due: SQL, limit: number) {
      return db
        .select({ id: users.id, lastActivity })
        .from(users)
        .where(and(isCustomerOf(siteId), due))
        .orderBy(asc(users.id))
        .limit(limit);
    },

    /**
     * Marks one account as warned if it is still due, in the caller's transaction (which queues
     * the mail): two runs never both warn it.
     */
    async claimWarning(tx: Db, siteId: number, userId: number, due: SQL, at: Date) {
      const [claimed] = await tx
        .update(users)
        .set({ inactivityWarnedAt: at })
        .where(and(isCustomerOf(siteId), eq(users.id, userId), due))
        .returning({ email: users.email, firstname: users.firstname });
      return claimed ?? null;
    },
  };
}

export type InactiveAccountsRepository = ReturnType<typeof createInactiveAccountsRepository>;
