import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { siteParameters } from '../../db/schema';
import { uniqueEmail } from '../../test/accounts';
import { mailsTo } from '../../test/mails';
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
 * The review request job run by several workers at once (decision 0104): runs overlap only on
 * PostgreSQL (PGlite is one connection). The rest of its behaviour is in review-requests.test.ts.
 */
describeOnPostgres('review requests on PostgreSQL', () => {
  const NOW = new Date('2026-06-01T10:00:00Z');
  let clock = NOW;
  let testApp: OrderTestApp;
  beforeAll(async () => {
    testApp = await createOrderTestApp({ now: () => clock });
    for (const [type, kind, value] of [
      ['ORDER_REVIEW_DELAY', 'NUMBER', '3'],
      ['REVIEW_PAGE_URL', 'STRING', 'https://g.page/r/domaine-trois-coteaux/review'],
    ] as const) {
      const updated = await testApp.database.db
        .update(siteParameters)
        .set({ value })
        .where(and(eq(siteParameters.siteId, 92), eq(siteParameters.type, type)))
        .returning();
      if (updated.length === 0) {
        await testApp.database.db
          .insert(siteParameters)
          .values({ siteId: 92, type, kind, label: type, value });
      }
    }
    testApp.app.siteCache.invalidateSite(92);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('queues one request per order when workers run the job at the same time', async () => {
    const emails = [uniqueEmail('avis-a'), uniqueEmail('avis-b'), uniqueEmail('avis-c')];
    for (const email of emails) {
      const wine = await testWine(testApp);
      const visitor = await guestCart(testApp.app, [[wine, 1]]);
      const carrierId = await homeCarrierId(testApp.app, visitor);
      const order = expectPlaced(
        await placeOrder(
          testApp.app,
          visitor,
          homeDeliveryBody(visitor, carrierId, {
            user: {
              phone: '0601020304',
              email,
              firstname: 'Camille',
              lastname: 'Martin',
              birthdate: '1990-04-12',
            },
          }),
        ),
      );
      for (const status of ['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'] as const) {
        await testApp.orders.service.transition(92, order.id, status, 'admin:1');
      }
    }
    await testApp.app.backgroundTasks.idle();
    clock = new Date(NOW.getTime() + 3 * 86_400_000);

    const runs = await Promise.all(
      Array.from({ length: 6 }, () => testApp.orders.sendDueReviewRequests()),
    );
    expect(runs.reduce((sum, queued) => sum + queued, 0)).toBe(emails.length);
    for (const email of emails) {
      const requests = (await mailsTo(testApp, email)).filter((mail) =>
        mail.subject.startsWith('Votre avis'),
      );
      expect(requests).toHaveLength(1);
    }
  });
});
