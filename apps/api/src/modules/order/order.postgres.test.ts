import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderSchema } from '@comptoir/contract/order';
import { declinations } from '../../db/schema';
import { describeOnPostgres } from '../../test/postgres';
import {
  createOrderTestApp,
  expectPlaced,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../../test/orders';

/*
 * Orders that race for the last bottles, and retries of one order that race each other: requests
 * overlap only on PostgreSQL (PGlite is one connection). The rest of the order's behaviour is in
 * order.test.ts, run once on PGlite.
 */
describeOnPostgres('concurrent orders on PostgreSQL', () => {
  let testApp: OrderTestApp;
  beforeAll(async () => {
    testApp = await createOrderTestApp({ now: () => new Date('2026-06-01T10:00:00Z') });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function wineWithStock(stock: number) {
    const wine = await testWine(testApp);
    await testApp.database.db
      .update(declinations)
      .set({ stock })
      .where(eq(declinations.id, wine.declinationId));
    return wine;
  }

  async function stockOf(declinationId: number) {
    const [row] = await testApp.database.db
      .select({ stock: declinations.stock })
      .from(declinations)
      .where(eq(declinations.id, declinationId));
    return row!.stock;
  }

  it('sells exactly the last 5 bottles to 20 concurrent orders', async () => {
    const last = await wineWithStock(5);
    const visitors = await Promise.all(
      Array.from({ length: 20 }, () => guestCart(testApp.app, [[last, 1]])),
    );
    const carrierId = await homeCarrierId(testApp.app, visitors[0]!);
    const responses = await Promise.all(
      visitors.map((visitor) =>
        placeOrder(testApp.app, visitor, homeDeliveryBody(visitor, carrierId)),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(5);
    expect(responses.every((response) => [200, 422].includes(response.statusCode))).toBe(true);
    expect(await stockOf(last.declinationId)).toBe(0);
    const numbers = responses
      .filter((response) => response.statusCode === 200)
      .map((response) => orderSchema.parse(response.json().data).number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 5 }, (_, index) => numbers[0]! + index));
  });

  it('creates one order for 5 concurrent retries with one key', async () => {
    const wine = await wineWithStock(10);
    const visitor = await guestCart(testApp.app, [[wine, 2]]);
    const body = homeDeliveryBody(visitor, await homeCarrierId(testApp.app, visitor));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => placeOrder(testApp.app, visitor, body, 'retry-key-0001')),
    );
    const ids = responses.map((response) => expectPlaced(response).id);
    expect(new Set(ids).size).toBe(1);
    // Only the request that made the order got a token; the others replaced none (decision 0081).
    const tokens = responses.map((response) => expectPlaced(response).accessToken);
    expect(tokens.filter((token) => token !== null)).toHaveLength(1);
    expect(await stockOf(wine.declinationId)).toBe(8);
  });
});
