import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  cartGiftVouchers,
  cartProductCustomizations,
  cartProducts,
  carts,
  declinations,
  decreasingDiscounts,
  forms,
  productCustomizations,
  productCustomizationValues,
  products,
} from '../../db/schema';

export type CartRecord = typeof carts.$inferSelect;
/** A gift voucher line's own data: its price (the chosen amount) and what the voucher will say. */
export type NewCartGiftVoucher = Omit<
  typeof cartGiftVouchers.$inferInsert,
  'id' | 'siteId' | 'cartProductId' | 'createdAt'
>;
export type CartLineRecord = typeof cartProducts.$inferSelect;
export type CartAnswerRecord = typeof cartProductCustomizations.$inferSelect;
export type NewCartAnswer = Omit<
  typeof cartProductCustomizations.$inferInsert,
  'siteId' | 'cartProductId'
>;

/** Drizzle's transaction handle: the same query API as the database. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Queries = Db | Tx;

/** What pricing and checking a declination needs, with its product. */
const declinationColumns = {
  declinationId: declinations.id,
  productId: declinations.productId,
  year: declinations.year,
  capacity: declinations.capacity,
  capacityUnit: declinations.capacityUnit,
  priceCents: declinations.priceCents,
  fixedPriceCents: declinations.fixedPriceCents,
  discountType: declinations.discountType,
  discountAmount: declinations.discountAmount,
  stock: declinations.stock,
  isStockManaged: declinations.isStockManaged,
  sellByMultipleOf: declinations.sellByMultipleOf,
  declinationImageUrl: declinations.imageUrl,
  name: products.name,
  type: products.type,
  isDematerialized: products.isDematerialized,
  hasShippingFees: products.hasShippingFees,
  productImageUrl: products.imageUrl,
};

export type DeclinationRow = Awaited<ReturnType<typeof selectDeclinations>>[number];

/** Declinations with their product; only published products can be added, the cart shows all. */
function selectDeclinations(
  queries: Queries,
  siteId: number,
  declinationIds: readonly number[],
  publishedOnly = true,
  withoutGiftVoucher = false,
) {
  return queries
    .select(declinationColumns)
    .from(declinations)
    .innerJoin(
      products,
      and(eq(products.siteId, declinations.siteId), eq(products.id, declinations.productId)),
    )
    .where(
      and(
        eq(declinations.siteId, siteId),
        inArray(declinations.id, [...declinationIds]),
        ...(publishedOnly ? [eq(products.isPublished, true)] : []),
        ...(withoutGiftVoucher ? [eq(products.isGiftVoucher, false)] : []),
      ),
    );
}

function cartLinesOf(siteId: number, cartId: number) {
  return and(eq(cartProducts.siteId, siteId), eq(cartProducts.cartId, cartId));
}

export function createCartRepository(db: Db) {
  function lineQueries(queries: Queries) {
    return {
      /** Units of the declination the cart holds, leaving out one line (the one being changed). */
      async quantityInCart(
        siteId: number,
        cartId: number,
        declinationId: number,
        exceptLineId: number | null,
      ): Promise<number> {
        const [row] = await queries
          .select({ total: sql<number>`coalesce(sum(${cartProducts.quantity}), 0)::integer` })
          .from(cartProducts)
          .where(
            and(
              cartLinesOf(siteId, cartId),
              eq(cartProducts.declinationId, declinationId),
              ...(exceptLineId === null ? [] : [ne(cartProducts.id, exceptLineId)]),
            ),
          );
        return row?.total ?? 0;
      },

      async findLineByAnswers(
        siteId: number,
        cartId: number,
        declinationId: number,
        answersKey: string,
      ): Promise<CartLineRecord | null> {
        const [line] = await queries
          .select()
          .from(cartProducts)
          .where(
            and(
              cartLinesOf(siteId, cartId),
              eq(cartProducts.declinationId, declinationId),
              eq(cartProducts.answersKey, answersKey),
            ),
          );
        return line ?? null;
      },

      async setLineQuantity(siteId: number, lineId: number, quantity: number): Promise<void> {
        await queries
          .update(cartProducts)
          .set({ quantity })
          .where(and(eq(cartProducts.siteId, siteId), eq(cartProducts.id, lineId)));
      },

      async insertLine(
        siteId: number,
        cartId: number,
        declinationId: number,
        quantity: number,
        answersKey: string,
        answers: readonly NewCartAnswer[],
      ): Promise<number> {
        const [line] = await queries
          .insert(cartProducts)
          .values({ siteId, cartId, declinationId, quantity, answersKey })
          .returning({ id: cartProducts.id });
        if (!line) throw new Error('The cart line was not created');
        if (answers.length > 0) {
          await queries
            .insert(cartProductCustomizations)
            .values(answers.map((answer) => ({ ...answer, siteId, cartProductId: line.id })));
        }
        return line.id;
      },

      async insertGiftVoucher(
        siteId: number,
        cartProductId: number,
        voucher: NewCartGiftVoucher,
      ): Promise<void> {
        await queries.insert(cartGiftVouchers).values({ ...voucher, siteId, cartProductId });
      },

      async moveLine(siteId: number, lineId: number, cartId: number, quantity: number) {
        await queries
          .update(cartProducts)
          .set({ cartId, quantity })
          .where(and(eq(cartProducts.siteId, siteId), eq(cartProducts.id, lineId)));
      },

      async deleteLine(siteId: number, lineId: number): Promise<void> {
        await queries
          .delete(cartProducts)
          .where(and(eq(cartProducts.siteId, siteId), eq(cartProducts.id, lineId)));
      },

      async createCart(
        siteId: number,
        userId: number | null,
        secretHash: string | null,
      ): Promise<CartRecord> {
        const [cart] = await queries
          .insert(carts)
          .values({ siteId, userId, secretHash, type: 'MAIN_CART' })
          .returning();
        if (!cart) throw new Error('The cart was not created');
        return cart;
      },

      async touchCart(siteId: number, cartId: number): Promise<void> {
        await queries
          .update(carts)
          .set({ updatedAt: sql`now()` })
          .where(and(eq(carts.siteId, siteId), eq(carts.id, cartId)));
      },

      async listLines(siteId: number, cartId: number): Promise<CartLineRecord[]> {
        return queries
          .select()
          .from(cartProducts)
          .where(cartLinesOf(siteId, cartId))
          .orderBy(asc(cartProducts.id));
      },
    };
  }

  return {
    ...lineQueries(db),

    /**
     * Runs `work` in a transaction whose first act is to lock the declination's row
     * (SELECT … FOR UPDATE): every stock check of that declination waits for the previous one to
     * commit, so concurrent add-to-carts cannot together take more than the stock.
     */
    async withLockedDeclination<T>(
      siteId: number,
      declinationId: number,
      work: (
        declination: DeclinationRow | null,
        queries: ReturnType<typeof lineQueries>,
      ) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const [declination] = await selectDeclinations(tx, siteId, [declinationId]).for('update', {
          of: declinations,
        });
        return work(declination ?? null, lineQueries(tx));
      });
    },

    /** Runs `work` in one transaction (the login merge). */
    async inTransaction<T>(work: (queries: ReturnType<typeof lineQueries>, tx: Tx) => Promise<T>) {
      return db.transaction(async (tx) => work(lineQueries(tx), tx));
    },

    async lockDeclination(tx: Tx, siteId: number, declinationId: number) {
      const [declination] = await selectDeclinations(tx, siteId, [declinationId]).for('update', {
        of: declinations,
      });
      return declination ?? null;
    },

    async findCart(siteId: number, cartId: number): Promise<CartRecord | null> {
      const [cart] = await db
        .select()
        .from(carts)
        .where(and(eq(carts.siteId, siteId), eq(carts.id, cartId), isNull(carts.closedAt)));
      return cart ?? null;
    },

    /** Keeps the code the cart carries (null: none), as judged by the caller (cart-steps.ts, judge its code). */
    async setDiscountCode(
      siteId: number,
      cartId: number,
      code: string | null,
    ): Promise<CartRecord | null> {
      const [cart] = await db
        .update(carts)
        .set({ discountCode: code, updatedAt: sql`now()` })
        .where(and(eq(carts.siteId, siteId), eq(carts.id, cartId), isNull(carts.closedAt)))
        .returning();
      return cart ?? null;
    },

    /** The user's main cart: their most recently updated MAIN_CART. */
    async findMainCart(siteId: number, userId: number): Promise<CartRecord | null> {
      const [cart] = await db
        .select()
        .from(carts)
        .where(
          and(
            eq(carts.siteId, siteId),
            eq(carts.userId, userId),
            eq(carts.type, 'MAIN_CART'),
            // A cart that became an order is closed: the customer's next cart is a new one.
            isNull(carts.closedAt),
          ),
        )
        .orderBy(desc(carts.updatedAt), desc(carts.id))
        .limit(1);
      return cart ?? null;
    },

    /**
     * Hands an anonymous cart to the user, in one statement that also checks the secret: two
     * users racing for the same cart cannot both get it, and without the secret nothing matches.
     */
    async claimCart(
      siteId: number,
      cartId: number,
      userId: number,
      secretHash: string,
    ): Promise<CartRecord | null> {
      const [cart] = await db
        .update(carts)
        .set({ userId, secretHash: null, updatedAt: sql`now()` })
        .where(
          and(
            eq(carts.siteId, siteId),
            eq(carts.id, cartId),
            isNull(carts.userId),
            eq(carts.secretHash, secretHash),
            isNull(carts.closedAt),
          ),
        )
        .returning();
      return cart ?? null;
    },

    /** Locks an anonymous cart that still has this secret; false when it is gone or claimed. */
    async lockAnonymousCart(
      tx: Tx,
      siteId: number,
      cartId: number,
      secretHash: string,
    ): Promise<boolean> {
      const rows = await tx
        .select({ id: carts.id })
        .from(carts)
        .where(
          and(
            eq(carts.siteId, siteId),
            eq(carts.id, cartId),
            isNull(carts.userId),
            eq(carts.secretHash, secretHash),
            isNull(carts.closedAt),
          ),
        )
        .for('update');
      return rows.length > 0;
    },

    /** Deletes a cart and, by cascade, its lines and answers. */
    async deleteCart(siteId: number, cartId: number, queries: Queries = db): Promise<boolean> {
      const deleted = await queries
        .delete(carts)
        .where(and(eq(carts.siteId, siteId), eq(carts.id, cartId)))
        .returning({ id: carts.id });
      return deleted.length > 0;
    },

    async findDeclinations(siteId: number, declinationIds: readonly number[]) {
      if (declinationIds.length === 0) return [];
      return selectDeclinations(db, siteId, declinationIds, false);
    },

    /**
     * A declination a visitor may add or re-price by itself: published, and not the gift
     * voucher's (its price is the amount chosen on the voucher page, never the catalogue's 0).
     */
    async findPublishedDeclination(siteId: number, declinationId: number) {
      const [row] = await selectDeclinations(db, siteId, [declinationId], true, true);
      return row ?? null;
    },

    /** The gift voucher lines among these cart lines: their amount and recipient. */
    async listGiftVoucherLines(siteId: number, lineIds: readonly number[]) {
      if (lineIds.length === 0) return [];
      return db
        .select({
          cartProductId: cartGiftVouchers.cartProductId,
          amountCents: cartGiftVouchers.amountCents,
          recipientName: cartGiftVouchers.recipientName,
        })
        .from(cartGiftVouchers)
        .where(
          and(
            eq(cartGiftVouchers.siteId, siteId),
            inArray(cartGiftVouchers.cartProductId, [...lineIds]),
          ),
        );
    },

    /**
     * The site's gift voucher declination, made on the first purchase: a dematerialized product
     * without shipping fees nor VAT (a voucher is a means of payment: VAT is due on what it buys),
     * never listed in the catalogue, its stock not managed.
     */
    async giftVoucherDeclinationId(siteId: number): Promise<number> {
      const existing = async () => {
        const [row] = await db
          .select({ id: declinations.id })
          .from(declinations)
          .innerJoin(
            products,
            and(eq(products.siteId, declinations.siteId), eq(products.id, declinations.productId)),
          )
          .where(and(eq(declinations.siteId, siteId), eq(products.isGiftVoucher, true)))
          .orderBy(asc(declinations.id))
          .limit(1);
        return row?.id ?? null;
      };
      const found = await existing();
      if (found !== null) return found;
      await db.transaction(async (tx) => {
        const [product] = await tx
          .insert(products)
          .values({
            siteId,
            type: 'OTHER',
            name: 'Bon cadeau',
            slug: 'bon-cadeau-comptoir',
            isGiftVoucher: true,
            isDematerialized: true,
            hasShippingFees: false,
            vatRateBasisPoints: 0,
          })
          // Two first purchases at once: one product (the partial unique index), the other waits.
          .onConflictDoNothing()
          .returning({ id: products.id });
        if (!product) return;
        await tx.insert(declinations).values({
          siteId,
          productId: product.id,
          priceCents: 0,
          isStockManaged: false,
        });
      });
      const made = await existing();
      if (made === null) throw new Error('The gift voucher product was not created');
      return made;
    },

    async listAnswers(siteId: number, lineIds: readonly number[]): Promise<CartAnswerRecord[]> {
      if (lineIds.length === 0) return [];
      return db
        .select()
        .from(cartProductCustomizations)
        .where(
          and(
            eq(cartProductCustomizations.siteId, siteId),
            inArray(cartProductCustomizations.cartProductId, [...lineIds]),
          ),
        )
        .orderBy(asc(cartProductCustomizations.id));
    },

    async listDecreasingDiscounts(siteId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return [];
      return db
        .select()
        .from(decreasingDiscounts)
        .where(
          and(
            eq(decreasingDiscounts.siteId, siteId),
            inArray(decreasingDiscounts.productId, [...productIds]),
          ),
        );
    },

    /** The customizations of these products with their priced options. */
    async listCustomizations(siteId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return { customizations: [], values: [] };
      const customizations = await db
        .select()
        .from(productCustomizations)
        .where(
          and(
            eq(productCustomizations.siteId, siteId),
            inArray(productCustomizations.productId, [...productIds]),
          ),
        )
        .orderBy(asc(productCustomizations.position), asc(productCustomizations.id));
      const values =
        customizations.length === 0
          ? []
          : await db
              .select()
              .from(productCustomizationValues)
              .where(
                and(
                  eq(productCustomizationValues.siteId, siteId),
                  inArray(
                    productCustomizationValues.customizationId,
                    customizations.map((customization) => customization.id),
                  ),
                ),
              )
              .orderBy(
                asc(productCustomizationValues.position),
                asc(productCustomizationValues.id),
              );
      return { customizations, values };
    },

    /** The stored fields of these forms (DYNAMIC_FORM customizations ask them). */
    async listFormFields(siteId: number, formIds: readonly number[]) {
      if (formIds.length === 0) return [];
      return db
        .select({ id: forms.id, fields: forms.fields })
        .from(forms)
        .where(and(eq(forms.siteId, siteId), inArray(forms.id, [...formIds])));
    },

    async findCustomization(siteId: number, customizationId: number) {
      const [row] = await db
        .select({ id: productCustomizations.id, inputType: productCustomizations.inputType })
        .from(productCustomizations)
        .innerJoin(
          products,
          and(
            eq(products.siteId, productCustomizations.siteId),
            eq(products.id, productCustomizations.productId),
          ),
        )
        .where(
          and(
            eq(productCustomizations.siteId, siteId),
            eq(productCustomizations.id, customizationId),
            eq(products.isPublished, true),
          ),
        );
      return row ?? null;
    },
  };
}

export type CartRepository = ReturnType<typeof createCartRepository>;
export type CartLineQueries = Parameters<Parameters<CartRepository['withLockedDeclination']>[2]>[1];
