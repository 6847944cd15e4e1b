import { and, asc, eq, getTableColumns, isNull, lte, sql } from 'drizzle-orm';
import { siteTurn } from '../../lib/fair-batch';
import type { Db } from '../../db/client';
import {
  cartGiftVouchers,
  cartProducts,
  giftVoucherRedemptions,
  giftVouchers,
  orders,
} from '../../db/schema';

export type GiftVoucherRecord = typeof giftVouchers.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database, or the transaction of an order being placed or moved. */
export type Queries = Db | Tx;

export function createGiftVoucherRepository(db: Db) {
  return {
    async findByCode(siteId: number, code: string): Promise<GiftVoucherRecord | null> {
      const [voucher] = await db
        .select()
        .from(giftVouchers)
        .where(and(eq(giftVouchers.siteId, siteId), eq(giftVouchers.code, code)));
      return voucher ?? null;
    },

    /**
     * Locks the voucher's row until the order's transaction ends: concurrent orders using one
     * voucher take from its balance one after the other, each reading what the last one left.
     */
    async lockByCode(tx: Queries, siteId: number, code: string) {
      const [voucher] = await tx
        .select()
        .from(giftVouchers)
        .where(and(eq(giftVouchers.siteId, siteId), eq(giftVouchers.code, code)))
        .for('update');
      return voucher ?? null;
    },

    /** Takes `amountCents` from the locked voucher and records it against the order. */
    async redeem(
      tx: Queries,
      siteId: number,
      voucherId: number,
      orderId: number,
      amountCents: number,
      at: Date,
    ) {
      await tx
        .update(giftVouchers)
        .set({ balanceCents: sql`${giftVouchers.balanceCents} - ${amountCents}` })
        .where(and(eq(giftVouchers.siteId, siteId), eq(giftVouchers.id, voucherId)));
      await tx
        .insert(giftVoucherRedemptions)
        .values({ siteId, giftVoucherId: voucherId, orderId, amountCents, createdAt: at });
    },

    /** A cancelled order's voucher amount goes back to the voucher, once. */
    async giveBack(tx: Queries, siteId: number, orderId: number, at: Date) {
      const [redemption] = await tx
        .update(giftVoucherRedemptions)
        .set({ givenBackAt: at })
        .where(
          and(
            eq(giftVoucherRedemptions.siteId, siteId),
            eq(giftVoucherRedemptions.orderId, orderId),
            isNull(giftVoucherRedemptions.givenBackAt),
          ),
        )
        .returning();
      if (!redemption) return;
      await tx
        .update(giftVouchers)
        .set({ balanceCents: sql`${giftVouchers.balanceCents} + ${redemption.amountCents}` })
        .where(and(eq(giftVouchers.siteId, siteId), eq(giftVouchers.id, redemption.giftVoucherId)));
    },

    /** The order, and the gift voucher lines of the cart it was placed from. */
    async purchasesOf(siteId: number, orderId: number) {
      const [order] = await db
        .select({ id: orders.id, cartId: orders.cartId, email: orders.email })
        .from(orders)
        .where(and(eq(orders.siteId, siteId), eq(orders.id, orderId)));
      if (!order) return null;
      const lines = await db
        .select({
          cartProductId: cartGiftVouchers.cartProductId,
          amountCents: cartGiftVouchers.amountCents,
          recipientName: cartGiftVouchers.recipientName,
          recipientEmail: cartGiftVouchers.recipientEmail,
          message: cartGiftVouchers.message,
          sendOn: cartGiftVouchers.sendOn,
          buyerName: cartGiftVouchers.buyerName,
        })
        .from(cartGiftVouchers)
        .innerJoin(
          cartProducts,
          and(
            eq(cartProducts.siteId, cartGiftVouchers.siteId),
            eq(cartProducts.id, cartGiftVouchers.cartProductId),
          ),
        )
        .where(and(eq(cartGiftVouchers.siteId, siteId), eq(cartProducts.cartId, order.cartId)))
        .orderBy(asc(cartGiftVouchers.cartProductId));
      return { order, lines };
    },

    /** Issues a voucher unless its cart line already has one (a paid event told twice). */
    async insertOnce(voucher: typeof giftVouchers.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(giftVouchers)
        .values(voucher)
        .onConflictDoNothing({ target: [giftVouchers.siteId, giftVouchers.cartProductId] })
        .returning({ id: giftVouchers.id });
      return inserted.length === 1;
    },

    /** Vouchers not mailed yet whose day has come, on every site (the job), or on one order. */
    async due(today: string, order?: { siteId: number; orderId: number }) {
      // In turns across the sites (decision 0123): one site's backlog holds no other's back.
      const candidates = db
        .select({
          id: giftVouchers.id,
          turn: siteTurn(giftVouchers.siteId, asc(giftVouchers.id)).as('turn'),
        })
        .from(giftVouchers)
        .where(
          and(
            isNull(giftVouchers.sentAt),
            lte(giftVouchers.sendOn, today),
            ...(order
              ? [eq(giftVouchers.siteId, order.siteId), eq(giftVouchers.orderId, order.orderId)]
              : []),
          ),
        )
        .as('candidates');
      return db
        .select(getTableColumns(giftVouchers))
        .from(giftVouchers)
        .innerJoin(candidates, eq(candidates.id, giftVouchers.id))
        .orderBy(asc(candidates.turn), asc(giftVouchers.id))
        .limit(100);
    },

    /**
     * Claims a voucher for mailing and, in the same transaction, queues its mail: false (and no
     * mail) when another run already did. Marked sent if and only if its mail is in the outbox
     * (decision 0072); the outbox retries the delivery itself.
     */
    async markSent(
      siteId: number,
      voucherId: number,
      at: Date,
      queueMail: (tx: Tx) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .update(giftVouchers)
          .set({ sentAt: at })
          .where(
            and(
              eq(giftVouchers.siteId, siteId),
              eq(giftVouchers.id, voucherId),
              isNull(giftVouchers.sentAt),
            ),
          )
          .returning({ id: giftVouchers.id });
        if (claimed.length !== 1) return false;
        await queueMail(tx);
        return true;
      });
    },
  };
}

export type GiftVoucherRepository = ReturnType<typeof createGiftVoucherRepository>;
