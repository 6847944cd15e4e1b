import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MULTIPLE_ORDER_MESSAGE,
  OUT_OF_STOCK_ORDER_MESSAGE,
  SLOT_NOT_HELD_MESSAGE,
} from '@comptoir/contract/order';
import { CART_CHANGED_MESSAGE } from '@comptoir/contract/shipping';
import type { Database } from '../../../db/client';
import {
  cartProducts,
  carts,
  declinations,
  pickupCalendars,
  pickupSlotBookings,
} from '../../../db/schema';
import { HttpError } from '../../../http/http-error';
import { makeTestProduct } from '../../../test/carts';
import { createTestDatabase } from '../../../test/test-app';
import { createOrderRepository, type OrderRepository } from '../order-repository';
import {
  cartLineProblems,
  holdSlot,
  holdStock,
  lockUnchangedCart,
  quantitiesByDeclination,
} from './check-and-hold';
import { cartLine, cartOf } from '../../../test/priced-cart';

/*
 * The order's steps that act inside its transaction, each on a real database: what they take
 * is taken in the transaction, and a refusal leaves nothing taken.
 */

let database: Database;
let drop: () => Promise<void>;
let repository: OrderRepository;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  repository = createOrderRepository(database.db);
});
afterAll(async () => drop?.());

async function wineWithStock(stock: number, sellByMultipleOf = 1) {
  const made = await makeTestProduct(database, 92, { sellByMultipleOf });
  await database.db
    .update(declinations)
    .set({ stock })
    .where(eq(declinations.id, made.declinationId));
  return made;
}

async function stockOf(declinationId: number) {
  const [row] = await database.db
    .select({ stock: declinations.stock })
    .from(declinations)
    .where(eq(declinations.id, declinationId));
  return row!.stock;
}

/** A cart row holding these units, and the priced cart a step reads. */
async function storedCart(lines: { declinationId: number; quantity: number }[]) {
  const [cart] = await database.db
    .insert(carts)
    .values({ siteId: 92, secretHash: 'a'.repeat(64) })
    .returning();
  const stored = lines.length
    ? await database.db
        .insert(cartProducts)
        .values(lines.map((line) => ({ siteId: 92, cartId: cart!.id, answersKey: '', ...line })))
        .returning()
    : [];
  return cartOf(
    cart!.id,
    stored.map((line) =>
      cartLine({ id: line.id, declinationId: line.declinationId, quantity: line.quantity }),
    ),
  );
}

async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('check the cart', () => {
  it('tells every line the catalogue cannot sell as it stands: stock and multiples', async () => {
    const short = await wineWithStock(2);
    const bySix = await wineWithStock(100, 6);
    const cart = await storedCart([
      { declinationId: short.declinationId, quantity: 3 },
      { declinationId: bySix.declinationId, quantity: 4 },
    ]);
    const problems = await cartLineProblems(repository, undefined, 92, cart, true);
    expect(problems.map((problem) => problem.key)).toEqual([
      `products.${cart.products[0]!.id}`,
      `products.${cart.products[1]!.id}`,
    ]);
    expect(problems[0]!.error).toBe(OUT_OF_STOCK_ORDER_MESSAGE(cart.products[0]!.name, 2));
  });

  it('does not count the stock where the site does not use it (USE_STOCK off), the multiple still', async () => {
    const short = await wineWithStock(2);
    const bySix = await wineWithStock(0, 6);
    const cart = await storedCart([
      { declinationId: short.declinationId, quantity: 3 },
      { declinationId: bySix.declinationId, quantity: 4 },
    ]);
    const problems = await cartLineProblems(repository, undefined, 92, cart, false);
    expect(problems).toEqual([
      {
        key: `products.${cart.products[1]!.id}`,
        error: MULTIPLE_ORDER_MESSAGE(cart.products[1]!.name, 6),
      },
    ]);
  });

  it('locks the cart as priced, and answers a cart changed meanwhile with a 409', async () => {
    const wine = await wineWithStock(10);
    const cart = await storedCart([{ declinationId: wine.declinationId, quantity: 2 }]);
    const locked = await repository.inTransaction((tx) => lockUnchangedCart(tx, 92, cart));
    expect(locked).toEqual({ closed: false, quantities: new Map([[wine.declinationId, 2]]) });

    await database.db
      .update(cartProducts)
      .set({ quantity: 3 })
      .where(eq(cartProducts.cartId, cart.id));
    const changed = await refusal(
      repository.inTransaction((tx) => lockUnchangedCart(tx, 92, cart)),
    );
    expect([changed.statusCode, changed.message]).toEqual([409, CART_CHANGED_MESSAGE]);
  });

  it('says a closed cart is closed, for the caller to find the order it became', async () => {
    const cart = await storedCart([]);
    await database.db.update(carts).set({ closedAt: new Date() }).where(eq(carts.id, cart.id));
    expect(await repository.inTransaction((tx) => lockUnchangedCart(tx, 92, cart))).toEqual({
      closed: true,
    });
  });
});

describe('hold the stock', () => {
  it('takes the units in the transaction', async () => {
    const wine = await wineWithStock(5);
    const cart = await storedCart([{ declinationId: wine.declinationId, quantity: 2 }]);
    await repository.inTransaction((tx) =>
      holdStock(tx, 92, cart, quantitiesByDeclination(cart.products), true),
    );
    expect(await stockOf(wine.declinationId)).toBe(3);
  });

  it('refuses more than the stock, names the line, and takes nothing of any line', async () => {
    const plenty = await wineWithStock(50);
    const short = await wineWithStock(1);
    const cart = await storedCart([
      { declinationId: plenty.declinationId, quantity: 4 },
      { declinationId: short.declinationId, quantity: 2 },
    ]);
    const error = await refusal(
      repository.inTransaction((tx) =>
        holdStock(tx, 92, cart, quantitiesByDeclination(cart.products), true),
      ),
    );
    expect(error.statusCode).toBe(422);
    expect(error.errors).toEqual([
      {
        key: `products.${cart.products[1]!.id}`,
        error: OUT_OF_STOCK_ORDER_MESSAGE(cart.products[1]!.name, 1),
      },
    ]);
    expect(await stockOf(plenty.declinationId)).toBe(50);
    expect(await stockOf(short.declinationId)).toBe(1);
  });

  it('counts two lines of one declination together against its stock', async () => {
    const wine = await wineWithStock(3);
    const cart = cartOf(1, [
      cartLine({ id: 1, declinationId: wine.declinationId, quantity: 2 }),
      cartLine({ id: 2, declinationId: wine.declinationId, quantity: 2 }),
    ]);
    const error = await refusal(
      repository.inTransaction((tx) =>
        holdStock(tx, 92, cart, quantitiesByDeclination(cart.products), true),
      ),
    );
    expect(error.statusCode).toBe(422);
    expect(await stockOf(wine.declinationId)).toBe(3);
  });

  it('takes nothing and says so where the site does not use stock (USE_STOCK off)', async () => {
    const wine = await wineWithStock(1);
    const cart = await storedCart([{ declinationId: wine.declinationId, quantity: 4 }]);
    const held = await repository.inTransaction((tx) =>
      holdStock(tx, 92, cart, quantitiesByDeclination(cart.products), false),
    );
    expect(await stockOf(wine.declinationId)).toBe(1);
    // The order line keeps this: a cancellation gives nothing back.
    expect(held.map((declination) => declination.isStockManaged)).toEqual([false]);
  });

  it('says which declinations it took units of, for the order lines', async () => {
    const wine = await wineWithStock(5);
    const cart = await storedCart([{ declinationId: wine.declinationId, quantity: 2 }]);
    const held = await repository.inTransaction((tx) =>
      holdStock(tx, 92, cart, quantitiesByDeclination(cart.products), true),
    );
    expect(held.map((declination) => declination.isStockManaged)).toEqual([true]);
  });

  it('answers a declination gone from the catalogue as a changed cart', async () => {
    const cart = cartOf(1, [cartLine({ id: 1, declinationId: 987_654, quantity: 1 })]);
    const error = await refusal(
      repository.inTransaction((tx) =>
        holdStock(tx, 92, cart, quantitiesByDeclination(cart.products), true),
      ),
    );
    expect([error.statusCode, error.message]).toEqual([409, CART_CHANGED_MESSAGE]);
  });
});

describe('hold the slot', () => {
  it('makes the held slot the order’s, and refuses one the cart no longer holds', async () => {
    const [calendar] = await database.db
      .select()
      .from(pickupCalendars)
      .where(eq(pickupCalendars.siteId, 92))
      .limit(1);
    const cart = await storedCart([]);
    const slot = {
      companyAddressId: calendar!.companyAddressId,
      date: '2026-06-02',
      scheduleId: 540,
    };
    const at = new Date('2026-06-01T10:00:00Z');
    await database.db.insert(pickupSlotBookings).values({
      siteId: 92,
      cartId: cart.id,
      companyAddressId: slot.companyAddressId,
      slotDate: slot.date,
      scheduleId: slot.scheduleId,
      expiresAt: new Date(at.getTime() + 60_000),
    });

    const other = { ...slot, scheduleId: 600 };
    const error = await refusal(
      repository.inTransaction((tx) => holdSlot(tx, 92, cart.id, other, at)),
    );
    expect(error.errors).toEqual([{ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE }]);

    await repository.inTransaction((tx) => holdSlot(tx, 92, cart.id, slot, at));
    const [booking] = await database.db
      .select({ expiresAt: pickupSlotBookings.expiresAt })
      .from(pickupSlotBookings)
      .where(and(eq(pickupSlotBookings.siteId, 92), eq(pickupSlotBookings.cartId, cart.id)));
    expect(booking!.expiresAt).toBeNull();
  });

  it('does nothing without a slot', async () => {
    await expect(
      repository.inTransaction((tx) => holdSlot(tx, 92, 1, null, new Date())),
    ).resolves.toBeUndefined();
  });
});
