import { and, asc, desc, eq, gte, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import type { OrderDeliveryType } from '@comptoir/domain/delivery';
import type { OrderStatus } from '@comptoir/domain/order';
import type { Db } from '../../db/client';
import { orderLines, orders } from '../../db/schema';
import { rowsAfter, type KeysetOrder } from '../../lib/keyset';

/** A period as instants: from the first day's midnight to the day after the last (Paris). */
export interface InstantRange {
  start: Date | null;
  end: Date | null;
}

/** The list's two orders: a pick-up day by slot time, anything else newest first. */
const BY_SLOT: KeysetOrder = {
  table: orders,
  siteId: orders.siteId,
  id: orders.id,
  keys: [orders.slotScheduleId, orders.id],
  direction: 'asc',
};
const NEWEST_FIRST: KeysetOrder = {
  table: orders,
  siteId: orders.siteId,
  id: orders.id,
  keys: [orders.createdAt, orders.id],
  direction: 'desc',
};

const OLDEST_FIRST: KeysetOrder = { ...NEWEST_FIRST, direction: 'asc' };

export interface AdminOrderFilters {
  status?: OrderStatus | undefined;
  deliveryType?: OrderDeliveryType | undefined;
  created: InstantRange;
  slotDate?: string | undefined;
}

/** Orders that count in the figures: money received and kept. */
const NOT_SOLD: OrderStatus[] = ['CANCELLED', 'REFUNDED'];

/** The orders that count as sold in a period: paid, neither cancelled nor refunded. */
function sold(range: InstantRange): SQL[] {
  return [eq(orders.isPaid, true), notInArray(orders.status, NOT_SOLD), ...createdWithin(range)];
}

function createdWithin(range: InstantRange): SQL[] {
  return [
    ...(range.start ? [gte(orders.createdAt, range.start)] : []),
    ...(range.end ? [lt(orders.createdAt, range.end)] : []),
  ];
}

/** The back office's reads of the orders: lists, the accountant's period, the figures. */
export function createOrderAdminRepository(db: Db) {
  return {
    /**
     * One page of the list: `offset` rows in, or right after the order `after` (keyset,
     * decision 0123); `total` counts the whole list.
     */
    async list(
      siteId: number,
      filters: AdminOrderFilters,
      page: { limit: number; offset: number; after?: number | undefined },
    ) {
      const order = filters.slotDate ? BY_SLOT : NEWEST_FIRST;
      const where = and(
        eq(orders.siteId, siteId),
        ...(filters.status ? [eq(orders.status, filters.status)] : []),
        ...(filters.deliveryType ? [eq(orders.deliveryType, filters.deliveryType)] : []),
        ...(filters.slotDate ? [eq(orders.slotDate, filters.slotDate)] : []),
        ...createdWithin(filters.created),
      );
      // A pick-up day reads in the order customers will come; anything else newest first.
      const ordering = order.keys.map((column) =>
        order.direction === 'asc' ? asc(column) : desc(column),
      );
      const after =
        page.after === undefined ? undefined : await rowsAfter(db, order, siteId, page.after);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(and(where, after))
          .orderBy(...ordering)
          .limit(page.limit)
          .offset(after ? 0 : page.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(orders)
          .where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * The orders placed in the period, oldest first, `limit` at a time after the order `after`
     * (keyset: the accountant's export reads a period of any length in flat memory).
     */
    async placedWithin(
      siteId: number,
      range: InstantRange,
      page: { limit: number; after?: number | undefined },
    ) {
      const after =
        page.after === undefined
          ? undefined
          : await rowsAfter(db, OLDEST_FIRST, siteId, page.after);
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.siteId, siteId), ...createdWithin(range), after))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(page.limit);
    },

    /**
     * The period's sales per Paris day: the paid orders that were neither cancelled nor refunded,
     * summed by the database (one row a day) so the figures cost the same whatever the orders.
     */
    async salesPerDay(siteId: number, range: InstantRange) {
      const day = sql<string>`to_char(timezone('Europe/Paris', ${orders.createdAt}), 'YYYY-MM-DD')`;
      return db
        .select({
          day,
          revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
          orderCount: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(and(eq(orders.siteId, siteId), ...sold(range)))
        .groupBy(day);
    },

    /** The products sold most (by bottles) in the period's sold orders, summed by the database. */
    async bestSellers(siteId: number, range: InstantRange, limit: number) {
      const quantity = sql<number>`sum(${orderLines.quantity})::int`;
      return db
        .select({
          productId: orderLines.productId,
          name: sql<string>`max(${orderLines.name})`,
          quantity,
          revenueCents: sql<number>`sum(${orderLines.totalCents} - ${orderLines.discountCents})::int`,
        })
        .from(orderLines)
        .innerJoin(
          orders,
          and(eq(orders.siteId, orderLines.siteId), eq(orders.id, orderLines.orderId)),
        )
        .where(and(eq(orders.siteId, siteId), eq(orderLines.siteId, siteId), ...sold(range)))
        .groupBy(orderLines.productId)
        .orderBy(desc(quantity), asc(orderLines.productId))
        .limit(limit);
    },
  };
}

export type OrderAdminRepository = ReturnType<typeof createOrderAdminRepository>;
