import { and, count, eq, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { customerEmailKey, customerPhoneKey } from '@comptoir/domain/discount';
import type { Db } from '../../db/client';
import { discountCodes, discountRedemptions, orders, products } from '../../db/schema';

export type DiscountCodeRecord = typeof discountCodes.$inferSelect;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Who uses a code: an account, or a guest known by the e-mail given with the order; with the
 * phone given with the order (or the account's), null when none is known yet.
 */
export interface DiscountCustomer {
  userId: number | null;
  email: string;
  phone: string | null;
}

/** customerEmailKey of @comptoir/domain/discount, read in SQL from a column. */
function emailKeyOf(column: AnyColumn): SQL {
  return sql`regexp_replace(lower(btrim(${column})), ${String.raw`\+[^@]*@`}, '@')`;
}

/** customerPhoneKey of @comptoir/domain/discount, read in SQL from a column. */
function phoneKeyOf(column: AnyColumn): SQL {
  const withoutTrunk = sql`regexp_replace(${column}, ${String.raw`\(0\)`}, '', 'g')`;
  const dialled = sql`regexp_replace(${withoutTrunk}, ${String.raw`^\s*\+`}, '00')`;
  const digits = sql`regexp_replace(${dialled}, ${String.raw`\D`}, '', 'g')`;
  return sql`regexp_replace(${digits}, ${'^0033'}, '0')`;
}

/**
 * An order of this customer (decision 0079): the account, the same e-mail once its case and
 * +tag are left out, or the same phone however it was written.
 */
function ofCustomer(customer: DiscountCustomer): SQL {
  const phone = customer.phone === null ? null : customerPhoneKey(customer.phone);
  return or(
    sql`${emailKeyOf(orders.email)} = ${customerEmailKey(customer.email)}`,
    customer.userId === null ? undefined : eq(orders.userId, customer.userId),
    phone === null ? undefined : sql`${phoneKeyOf(orders.phone)} = ${phone}`,
  )!;
}

/**
 * The reads of discount codes, on the database or inside the order's transaction (where
 * `lock` takes the code's row until the order commits, so that its uses are counted and
 * recorded by one order at a time).
 */
export function discountQueries(queries: Db | Tx) {
  return {
    /** The site's code, whatever the case it is typed in. */
    async findByCode(
      siteId: number,
      code: string,
      lock = false,
    ): Promise<DiscountCodeRecord | null> {
      const query = queries
        .select()
        .from(discountCodes)
        .where(
          and(
            eq(discountCodes.siteId, siteId),
            sql`lower(${discountCodes.code}) = ${code.trim().toLowerCase()}`,
          ),
        );
      const [found] = await (lock ? query.for('update') : query);
      return found ?? null;
    },

    /** Each product's type and wine colour, the categories a code may name. */
    async categoriesOf(siteId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return new Map<number, string[]>();
      const rows = await queries
        .select({ id: products.id, type: products.type, kind: products.kind })
        .from(products)
        .where(and(eq(products.siteId, siteId), inArray(products.id, [...productIds])));
      return new Map(
        rows.map((row) => [row.id, row.kind === null ? [row.type] : [row.type, row.kind]]),
      );
    },

    /**
     * Uses of the code by orders that still stand (a cancelled order gives its use back); the
     * customer's are those of their orders.
     */
    async usesOf(siteId: number, codeId: number, customer: DiscountCustomer | null) {
      const standing = and(
        eq(discountRedemptions.siteId, siteId),
        eq(discountRedemptions.discountCodeId, codeId),
        ne(orders.status, 'CANCELLED'),
      );
      const counted = (where: SQL | undefined) =>
        queries
          .select({ uses: count() })
          .from(discountRedemptions)
          .innerJoin(
            orders,
            and(
              eq(orders.siteId, discountRedemptions.siteId),
              eq(orders.id, discountRedemptions.orderId),
            ),
          )
          .where(where);
      const [all] = await counted(standing);
      const [mine] = customer ? await counted(and(standing, ofCustomer(customer))) : [null];
      return { uses: all?.uses ?? 0, customerUses: mine ? mine.uses : null };
    },

    /** Whether the customer has an order on the site that still stands. */
    async hasOrdered(siteId: number, customer: DiscountCustomer): Promise<boolean> {
      const [row] = await queries
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.siteId, siteId), ne(orders.status, 'CANCELLED'), ofCustomer(customer)))
        .limit(1);
      return row !== undefined;
    },

    async recordRedemption(
      siteId: number,
      codeId: number,
      orderId: number,
      customer: DiscountCustomer,
      at: Date,
    ) {
      await queries.insert(discountRedemptions).values({
        siteId,
        discountCodeId: codeId,
        orderId,
        userId: customer.userId,
        email: customer.email.toLowerCase(),
        at,
      });
    },
  };
}

export type DiscountQueries = ReturnType<typeof discountQueries>;
