import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { carts } from '../../db/schema';

export type CartRecord = typeof carts.$inferSelect;

export function createCartRepository(db: Db) {
  return {
    async create(siteId: number, userId: number | null): Promise<CartRecord> {
      const [cart] = await db
        .insert(carts)
        .values({ siteId, userId, type: 'MAIN_CART' })
        .returning();
      if (!cart) throw new Error('The cart was not created');
      return cart;
    },

    /** The user's main cart: their most recently updated MAIN_CART. */
    async findMainCart(siteId: number, userId: number): Promise<CartRecord | null> {
      const [cart] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.siteId, siteId), eq(carts.userId, userId), eq(carts.type, 'MAIN_CART')))
        .orderBy(desc(carts.updatedAt), desc(carts.id))
        .limit(1);
      return cart ?? null;
    },

    /**
     * Makes the cart the user's main cart, in one statement: only an anonymous cart or one the
     * user already owns matches, so two users racing for the same cart cannot both get it.
     */
    async claimAsMainCart(
      siteId: number,
      cartId: number,
      userId: number,
    ): Promise<CartRecord | null> {
      const [cart] = await db
        .update(carts)
        .set({ userId, type: 'MAIN_CART', updatedAt: sql`now()` })
        .where(
          and(
            eq(carts.siteId, siteId),
            eq(carts.id, cartId),
            or(isNull(carts.userId), eq(carts.userId, userId)),
          ),
        )
        .returning();
      return cart ?? null;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
