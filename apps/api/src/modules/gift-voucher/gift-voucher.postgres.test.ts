import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orderSchema } from '@comptoir/contract/order';
import { giftVoucherRedemptions, giftVouchers } from '../../db/schema';
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
import { newGiftVoucherCode } from './gift-voucher-service';

/*
 * Orders that race for one voucher's balance: requests overlap only on PostgreSQL (PGlite is one
 * connection). The rest of the vouchers' behaviour is in gift-voucher.test.ts, run once on PGlite.
 */
describeOnPostgres('concurrent voucher use on PostgreSQL', () => {
  let testApp: OrderTestApp;
  beforeAll(async () => {
    testApp = await createOrderTestApp({ now: () => new Date('2026-06-01T10:00:00Z') });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /** A voucher already issued (as a paid order would have). */
  async function issuedVoucher(balanceCents: number) {
    const [row] = await testApp.database.db
      .insert(giftVouchers)
      .values({
        siteId: 92,
        code: newGiftVoucherCode(),
        initialCents: balanceCents,
        balanceCents,
        expiresOn: '2027-06-01',
        recipientName: 'Léa',
        recipientEmail: null,
        message: null,
        sendOn: '2026-01-01',
        buyerName: 'Camille',
        buyerEmail: 'camille@example.fr',
        orderId: 0,
        cartProductId: -1,
        sentAt: new Date('2026-01-01T10:00:00Z'),
      })
      .returning();
    return row!;
  }

  it('never overspends a 100 € voucher used by 20 orders at once', async () => {
    const voucher = await issuedVoucher(10_000);
    const visitors = await Promise.all(
      Array.from({ length: 20 }, async () =>
        guestCart(testApp.app, [[await testWine(testApp, { priceCents: 1_500 }), 1]]),
      ),
    );
    const carrierId = await homeCarrierId(testApp.app, visitors[0]!);
    const responses = await Promise.all(
      visitors.map((visitor) =>
        placeOrder(
          testApp.app,
          visitor,
          homeDeliveryBody(visitor, carrierId, { giftVoucherCode: voucher.code }),
        ),
      ),
    );
    const placed = responses
      .filter((response) => response.statusCode === 200)
      .map((response) => orderSchema.parse(response.json().data));
    expect(responses.every((response) => [200, 422].includes(response.statusCode))).toBe(true);
    const spent = placed.reduce((sum, order) => sum + order.totals.voucherCents, 0);
    expect(spent).toBeLessThanOrEqual(10_000);
    const [{ balance } = { balance: -1 }] = await testApp.database.db
      .select({ balance: giftVouchers.balanceCents })
      .from(giftVouchers)
      .where(eq(giftVouchers.id, voucher.id));
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(spent + balance).toBe(10_000);
    const recorded = await testApp.database.db
      .select()
      .from(giftVoucherRedemptions)
      .where(eq(giftVoucherRedemptions.giftVoucherId, voucher.id));
    expect(recorded.reduce((sum, row) => sum + row.amountCents, 0)).toBe(spent);
  });
});
