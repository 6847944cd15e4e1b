import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { OrderStatus } from '@comptoir/domain/order';
import type { Db } from '../../db/client';
import {
  cartProducts,
  carts,
  companyAddresses,
  countries,
  declinations,
  orderCounters,
  orderLines,
  orders,
  orderStatusHistory,
  pickupCalendars,
  pickupSlotBookings,
  products,
} from '../../db/schema';
import { siteTurn } from '../../lib/fair-batch';
import { discountQueries } from '../discount';

/** How many overdue orders one run of the payment-expiry job cancels at most. */
export const OVERDUE_BATCH = 500;

export type OrderRecord = typeof orders.$inferSelect;
export { isUniqueViolation } from '../../db/unique-violation';

export type OrderLineRecord = typeof orderLines.$inferSelect;
export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number' | 'siteId'>;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'id' | 'siteId' | 'orderId'>;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function ordersQueries(queries: Db | Tx) {
  return {
    async findByIdempotencyKey(siteId: number, key: string): Promise<OrderRecord | null> {
      const [order] = await queries
        .select()
        .from(orders)
        .where(and(eq(orders.siteId, siteId), eq(orders.idempotencyKey, key)));
      return order ?? null;
    },

    /** Who owns an order's cart (closed or not): its account, or the hash of its secret. */
    async cartOwnerOf(
      siteId: number,
      cartId: number,
    ): Promise<{ userId: number | null; secretHash: string | null } | null> {
      const [cart] = await queries
        .select({ userId: carts.userId, secretHash: carts.secretHash })
        .from(carts)
        .where(and(eq(carts.siteId, siteId), eq(carts.id, cartId)));
      return cart ?? null;
    },

    async findById(siteId: number, orderId: number): Promise<OrderRecord | null> {
      const [order] = await queries
        .select()
        .from(orders)
        .where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)));
      return order ?? null;
    },

    /** Stock, multiple, publication and VAT rate of declinations, in id order. */
    async declinationsOf(siteId: number, declinationIds: readonly number[], lock = false) {
      if (declinationIds.length === 0) return [];
      const query = queries
        .select({
          id: declinations.id,
          stock: declinations.stock,
          isStockManaged: declinations.isStockManaged,
          sellByMultipleOf: declinations.sellByMultipleOf,
          isPublished: products.isPublished,
          vatRateBasisPoints: products.vatRateBasisPoints,
        })
        .from(declinations)
        .innerJoin(
          products,
          and(eq(products.siteId, declinations.siteId), eq(products.id, declinations.productId)),
        )
        .where(and(eq(declinations.siteId, siteId), inArray(declinations.id, [...declinationIds])))
        .orderBy(asc(declinations.id));
      return lock ? query.for('update', { of: declinations }) : query;
    },

    /**
     * A click-and-collect place as its order shows it: name, address and the length of its
     * slots (null when the shop removed it).
     */
    async pickupPlace(siteId: number, companyAddressId: number) {
      const [place] = await queries
        .select({
          name: companyAddresses.label,
          addressLine1: companyAddresses.addressLine1,
          addressLine2: companyAddresses.addressLine2,
          postalCode: companyAddresses.postalCode,
          city: companyAddresses.city,
          country: countries.name,
          slotMinutes: pickupCalendars.slotMinutes,
        })
        .from(companyAddresses)
        .leftJoin(countries, eq(countries.id, companyAddresses.countryId))
        .leftJoin(
          pickupCalendars,
          and(
            eq(pickupCalendars.siteId, companyAddresses.siteId),
            eq(pickupCalendars.companyAddressId, companyAddresses.id),
          ),
        )
        .where(and(eq(companyAddresses.siteId, siteId), eq(companyAddresses.id, companyAddressId)));
      return place ?? null;
    },

    async linesOf(siteId: number, orderIds: readonly number[]): Promise<OrderLineRecord[]> {
      if (orderIds.length === 0) return [];
      return queries
        .select()
        .from(orderLines)
        .where(and(eq(orderLines.siteId, siteId), inArray(orderLines.orderId, [...orderIds])))
        .orderBy(asc(orderLines.id));
    },
  };
}

export function createOrderRepository(db: Db) {
  return {
    ...ordersQueries(db),
    discounts: discountQueries(db),

    async listForUser(siteId: number, userId: number): Promise<OrderRecord[]> {
      return db
        .select()
        .from(orders)
        .where(and(eq(orders.siteId, siteId), eq(orders.userId, userId)))
        .orderBy(desc(orders.createdAt), desc(orders.id));
    },

    /** Keeps the hash of the order's new access token (the token itself is never stored). */
    async setAccessTokenHash(siteId: number, orderId: number, hash: string): Promise<void> {
      await db
        .update(orders)
        .set({ accessTokenHash: hash })
        .where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)));
    },

    async history(siteId: number, orderId: number) {
      return db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.siteId, siteId), eq(orderStatusHistory.orderId, orderId)))
        .orderBy(asc(orderStatusHistory.id));
    },

    /** The held (or ordered) slot of a cart, if it still counts at `now`. */
    async liveBookingOf(siteId: number, cartId: number, now: Date) {
      const [booking] = await db
        .select()
        .from(pickupSlotBookings)
        .where(and(eq(pickupSlotBookings.siteId, siteId), eq(pickupSlotBookings.cartId, cartId)));
      if (!booking) return null;
      if (booking.expiresAt !== null && booking.expiresAt.getTime() <= now.getTime()) return null;
      return booking;
    },

    async hasBooking(siteId: number, cartId: number): Promise<boolean> {
      const rows = await db
        .select({ id: pickupSlotBookings.id })
        .from(pickupSlotBookings)
        .where(and(eq(pickupSlotBookings.siteId, siteId), eq(pickupSlotBookings.cartId, cartId)));
      return rows.length > 0;
    },

    /**
     * Pending orders whose payment deadline has passed at `now`, a batch taken in turns across
     * the sites (decision 0123): one site's backlog never holds another's order back a run.
     */
    async overdueOrderIds(now: Date): Promise<{ siteId: number; id: number }[]> {
      const due = db
        .select({
          siteId: orders.siteId,
          id: orders.id,
          turn: siteTurn(orders.siteId, asc(orders.id)).as('turn'),
        })
        .from(orders)
        .where(and(eq(orders.status, 'PENDING_PAYMENT'), lte(orders.paymentDueAt, now)))
        .as('due');
      return db
        .select({ siteId: due.siteId, id: due.id })
        .from(due)
        .orderBy(asc(due.turn), asc(due.id))
        .limit(OVERDUE_BATCH);
    },

    async inTransaction<T>(work: (tx: ReturnType<typeof placing>) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(placing(tx)));
    },
  };
}

/** What placing or moving an order does inside its transaction. */
function placing(tx: Tx) {
  return {
    ...ordersQueries(tx),
    /** The discount code's lock, uses and redemption, in the order's transaction. */
    discounts: discountQueries(tx),
    /** The transaction itself, for the modules that act inside it (gift vouchers). */
    raw: tx,

    /** Locks the cart: two orders of one cart (a retried click) run one after the other. */
    async lockOpenCart(siteId: number, cartId: number) {
      const [cart] = await tx
        .select({ id: carts.id, closedAt: carts.closedAt })
        .from(carts)
        .where(and(eq(carts.siteId, siteId), eq(carts.id, cartId)))
        .for('update');
      return cart ?? null;
    },

    async cartLines(siteId: number, cartId: number) {
      return tx
        .select({ declinationId: cartProducts.declinationId, quantity: cartProducts.quantity })
        .from(cartProducts)
        .where(and(eq(cartProducts.siteId, siteId), eq(cartProducts.cartId, cartId)));
    },

    /**
     * Locks the declinations in id order (so that two orders never wait for each other in a
     * circle) and reads their stock as it stands under the lock.
     */
    lockDeclinations(siteId: number, declinationIds: readonly number[]) {
      return ordersQueries(tx).declinationsOf(siteId, declinationIds, true);
    },

    /** Takes units from the stock; false (and nothing taken) when fewer are left. */
    async takeStock(siteId: number, declinationId: number, quantity: number): Promise<boolean> {
      const taken = await tx
        .update(declinations)
        .set({ stock: sql`${declinations.stock} - ${quantity}` })
        .where(
          and(
            eq(declinations.siteId, siteId),
            eq(declinations.id, declinationId),
            sql`${declinations.stock} >= ${quantity}`,
          ),
        )
        .returning({ id: declinations.id });
      return taken.length === 1;
    },

    async giveStockBack(siteId: number, declinationId: number, quantity: number): Promise<void> {
      await tx
        .update(declinations)
        .set({ stock: sql`${declinations.stock} + ${quantity}` })
        .where(and(eq(declinations.siteId, siteId), eq(declinations.id, declinationId)));
    },

    /**
     * Marks the order's stock as given back, once: false when it already was, and then nothing
     * may be given back again (a second refund, a refund after a cancellation).
     */
    async markStockReturned(siteId: number, orderId: number, at: Date): Promise<boolean> {
      const marked = await tx
        .update(orders)
        .set({ stockReturnedAt: at })
        .where(
          and(eq(orders.siteId, siteId), eq(orders.id, orderId), isNull(orders.stockReturnedAt)),
        )
        .returning({ id: orders.id });
      return marked.length === 1;
    },

    /** The site's next order number: the counter row stays locked until the order commits. */
    async nextNumber(siteId: number): Promise<number> {
      const [row] = await tx
        .insert(orderCounters)
        .values({ siteId, lastNumber: 1 })
        .onConflictDoUpdate({
          target: orderCounters.siteId,
          set: { lastNumber: sql`${orderCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: orderCounters.lastNumber });
      if (!row) throw new Error('No order number was given');
      return row.lastNumber;
    },

    async insertOrder(siteId: number, number: number, order: NewOrder, lines: NewOrderLine[]) {
      const [created] = await tx
        .insert(orders)
        .values({ ...order, siteId, number })
        .returning();
      if (!created) throw new Error('The order was not created');
      await tx
        .insert(orderLines)
        .values(lines.map((line) => ({ ...line, siteId, orderId: created.id })));
      return created;
    },

    async recordStatus(
      siteId: number,
      orderId: number,
      fromStatus: OrderStatus | null,
      toStatus: OrderStatus,
      actor: string,
      at: Date,
    ) {
      await tx
        .insert(orderStatusHistory)
        .values({ siteId, orderId, fromStatus, toStatus, actor, at });
    },

    /** Locks an order for a state change. */
    async lockOrder(siteId: number, orderId: number): Promise<OrderRecord | null> {
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)))
        .for('update');
      return order ?? null;
    },

    async setStatus(siteId: number, orderId: number, status: OrderStatus, isPaid: boolean) {
      await tx
        .update(orders)
        .set({ status, isPaid })
        .where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)));
    },

    /** The held slot becomes the order's: it no longer expires. False when the hold is gone. */
    async takeSlot(
      siteId: number,
      cartId: number,
      slot: { companyAddressId: number; date: string; scheduleId: number },
      now: Date,
    ): Promise<boolean> {
      const taken = await tx
        .update(pickupSlotBookings)
        .set({ expiresAt: null })
        .where(
          and(
            eq(pickupSlotBookings.siteId, siteId),
            eq(pickupSlotBookings.cartId, cartId),
            eq(pickupSlotBookings.companyAddressId, slot.companyAddressId),
            eq(pickupSlotBookings.slotDate, slot.date),
            eq(pickupSlotBookings.scheduleId, slot.scheduleId),
            sql`(${pickupSlotBookings.expiresAt} IS NULL OR ${pickupSlotBookings.expiresAt} > ${now.toISOString()})`,
          ),
        )
        .returning({ id: pickupSlotBookings.id });
      return taken.length === 1;
    },

    /** A cancelled order's slot is free again. */
    async releaseSlot(siteId: number, cartId: number) {
      await tx
        .delete(pickupSlotBookings)
        .where(and(eq(pickupSlotBookings.siteId, siteId), eq(pickupSlotBookings.cartId, cartId)));
    },

    async closeCart(siteId: number, cartId: number, at: Date) {
      await tx
        .update(carts)
        .set({ closedAt: at })
        .where(and(eq(carts.siteId, siteId), eq(carts.id, cartId), isNull(carts.closedAt)));
    },
  };
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
export type OrderTransaction = ReturnType<typeof placing>;
