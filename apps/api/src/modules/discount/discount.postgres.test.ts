import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DISCOUNT_CODE_EXHAUSTED_MESSAGE } from '@comptoir/contract/discount';
import { ORDER_INVALID_MESSAGE } from '@comptoir/contract/order';
import { declinations, discountCodes, discountRedemptions } from '../../db/schema';
import { describeOnPostgres } from '../../test/postgres';
import {
  createOrderTestApp,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../../test/orders';

/*
 * Orders that race for a single-use code: requests overlap only on PostgreSQL (PGlite is one
 * connection). The rest of the codes' behaviour is in discount.test.ts, run once on PGlite.
 */
describeOnPostgres('concurrent uses on PostgreSQL', () => {
  let testApp: OrderTestApp;
  beforeAll(async () => {
    testApp = await createOrderTestApp({ now: () => new Date('2026-06-01T10:00:00Z') });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('lets exactly one of 10 concurrent orders use a single-use code', async () => {
    const [once] = await testApp.database.db
      .insert(discountCodes)
      .values({
        siteId: 92,
        code: `TEST${randomBytes(4).toString('hex').toUpperCase()}`,
        type: 'percent',
        amount: 10,
        maxUses: 1,
      })
      .returning();
    // A bottle of its own per cart: the orders meet on the code's row, not on a stock row.
    const visitors = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const wine = await testWine(testApp);
        await testApp.database.db
          .update(declinations)
          .set({ stock: 5 })
          .where(eq(declinations.id, wine.declinationId));
        return guestCart(testApp.app, [[wine, 1]]);
      }),
    );
    const carrierId = await homeCarrierId(testApp.app, visitors[0]!);
    const responses = await Promise.all(
      visitors.map((visitor) =>
        placeOrder(
          testApp.app,
          visitor,
          homeDeliveryBody(visitor, carrierId, { discountCode: once!.code }),
        ),
      ),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        success: false,
        data: null,
        message: `${ORDER_INVALID_MESSAGE} / discountCode : ${DISCOUNT_CODE_EXHAUSTED_MESSAGE}`,
        errors: [{ key: 'discountCode', error: DISCOUNT_CODE_EXHAUSTED_MESSAGE }],
      });
    }
    const redemptions = await testApp.database.db
      .select()
      .from(discountRedemptions)
      .where(
        and(eq(discountRedemptions.siteId, 92), eq(discountRedemptions.discountCodeId, once!.id)),
      );
    expect(redemptions).toHaveLength(1);
  });
});
