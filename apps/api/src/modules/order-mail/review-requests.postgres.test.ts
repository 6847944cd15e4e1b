import { afterAll, beforeAll, expect, it } from 'vitest';
import { setSiteParameter } from '../../test/site-parameters';
import { uniqueEmail } from '../../test/accounts';
import { mailsTo } from '../../test/mails';
import { describeOnPostgres } from '../../test/postgres';
import { createOrderTestApp, type OrderTestApp, placeGuestHomeOrder } from '../../test/orders';

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
    await setSiteParameter(testApp, 92, 'ORDER_REVIEW_DELAY', '3', 'NUMBER');
    await setSiteParameter(
      testApp,
      92,
      'REVIEW_PAGE_URL',
      'https://g.page/r/domaine-trois-coteaux/review',
    );
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('queues one request per order when workers run the job at the same time', async () => {
    const emails = [uniqueEmail('avis-a'), uniqueEmail('avis-b'), uniqueEmail('avis-c')];
    for (const email of emails) {
      const order = await placeGuestHomeOrder(testApp, { email, quantity: 1, priceCents: 2000 });
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
