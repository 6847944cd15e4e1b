import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsAfter, type KeysetOrder } from '../../lib/keyset';
import {
  cartProducts,
  carts,
  contactMessages,
  invoices,
  mailOutbox,
  newsletterSubscriptions,
  orderStatusHistory,
  orders,
  users,
} from '../../db/schema';

/** `%`, `_` and `\` typed by the owner are searched as themselves. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const isCustomer = (siteId: number) => and(eq(users.siteId, siteId), eq(users.role, 'CUSTOMER'));

/** Written out in full: the subquery's columns must name their table to tell them apart. */
const orderCount = sql<number>`(select count(*)::int from "orders" where "orders"."site_id" = "users"."site_id" and "orders"."user_id" = "users"."id")`;

const customerColumns = {
  id: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  phone: users.phone,
  birthdate: users.birthdate,
  createdAt: users.createdAt,
  orderCount,
};

/** The list's order, newest first; a customer's id names a row of it for the keyset. */
const NEWEST_FIRST: KeysetOrder = {
  table: users,
  siteId: users.siteId,
  id: users.id,
  keys: [users.createdAt, users.id],
  direction: 'desc',
};

/** The back office's reads of the customer accounts and of what the site holds about them. */
export function createUserAdminRepository(db: Db) {
  return {
    /** One page: `offset` rows in, or right after the account `after` (keyset, decision 0123). */
    async list(
      siteId: number,
      search: string | undefined,
      page: { limit: number; offset: number; after?: number | undefined },
    ) {
      const pattern = search ? likePattern(search) : null;
      const where = and(
        isCustomer(siteId),
        pattern
          ? or(
              ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, pattern),
              ilike(sql`${users.lastname} || ' ' || ${users.firstname}`, pattern),
              ilike(users.email, pattern),
              ilike(sql`coalesce(${users.phone}, '')`, pattern),
            )
          : undefined,
      );
      const after =
        page.after === undefined
          ? undefined
          : await rowsAfter(db, NEWEST_FIRST, siteId, page.after);
      const [rows, [counted]] = await Promise.all([
        db
          .select(customerColumns)
          .from(users)
          .where(and(where, after))
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(page.limit)
          .offset(after ? 0 : page.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(users)
          .where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    async find(siteId: number, userId: number) {
      const [row] = await db
        .select(customerColumns)
        .from(users)
        .where(and(isCustomer(siteId), eq(users.id, userId)));
      return row ?? null;
    },

    /** Any account of the site, whatever its role (the account's own export). */
    async findAccount(siteId: number, userId: number) {
      const [row] = await db
        .select(customerColumns)
        .from(users)
        .where(and(eq(users.siteId, siteId), eq(users.id, userId)));
      return row ?? null;
    },

    async ordersOf(siteId: number, userId: number) {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.siteId, siteId), eq(orders.userId, userId)))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },

    async newsletterOf(siteId: number, userId: number, email: string) {
      return db
        .select({
          listId: newsletterSubscriptions.listId,
          email: newsletterSubscriptions.email,
          createdAt: newsletterSubscriptions.createdAt,
        })
        .from(newsletterSubscriptions)
        .where(
          and(
            eq(newsletterSubscriptions.siteId, siteId),
            or(
              eq(newsletterSubscriptions.userId, userId),
              eq(newsletterSubscriptions.email, email.toLowerCase()),
            ),
          ),
        );
    },

    /** Everything else held about the account on this site, for its export. */
    async heldAbout(siteId: number, userId: number, email: string, orderIds: readonly number[]) {
      const ids = [...orderIds];
      const [history, issued, cartRows, messages, mails] = await Promise.all([
        ids.length === 0
          ? []
          : db
              .select()
              .from(orderStatusHistory)
              .where(
                and(
                  eq(orderStatusHistory.siteId, siteId),
                  inArray(orderStatusHistory.orderId, ids),
                ),
              )
              .orderBy(asc(orderStatusHistory.id)),
        ids.length === 0
          ? []
          : db
              .select()
              .from(invoices)
              .where(and(eq(invoices.siteId, siteId), inArray(invoices.orderId, ids)))
              .orderBy(asc(invoices.number)),
        db
          .select({
            cartId: carts.id,
            type: carts.type,
            closedAt: carts.closedAt,
            createdAt: carts.createdAt,
            declinationId: cartProducts.declinationId,
            quantity: cartProducts.quantity,
          })
          .from(carts)
          .leftJoin(
            cartProducts,
            and(eq(cartProducts.siteId, carts.siteId), eq(cartProducts.cartId, carts.id)),
          )
          .where(and(eq(carts.siteId, siteId), eq(carts.userId, userId)))
          .orderBy(asc(carts.id)),
        db
          .select()
          .from(contactMessages)
          .where(
            and(
              eq(contactMessages.siteId, siteId),
              sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`,
            ),
          )
          .orderBy(asc(contactMessages.id)),
        db
          .select({
            subject: mailOutbox.subject,
            createdAt: mailOutbox.createdAt,
          })
          .from(mailOutbox)
          .where(
            and(
              eq(mailOutbox.siteId, siteId),
              sql`lower(${mailOutbox.recipient}) = ${email.toLowerCase()}`,
            ),
          )
          .orderBy(asc(mailOutbox.id)),
      ]);
      return { history, invoices: issued, cartRows, messages, mails };
    },
  };
}

export type UserAdminRepository = ReturnType<typeof createUserAdminRepository>;
