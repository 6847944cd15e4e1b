import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_REQUEST_UNSUBSCRIBED_MESSAGE } from '@comptoir/contract/review';
import { orders, reviewRequestOptOuts, siteParameters } from '../../db/schema';
import { uniqueEmail } from '../../test/accounts';
import { linkIn, mailsTo, type KeptMail } from '../../test/mails';
import {
  clickAndCollectBody,
  createOrderTestApp,
  expectPlaced,
  guestCart,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../../test/orders';
import { reviewDelayDays, reviewPageUrl } from './review-requests';

/** Monday 1 June 2026, 12h00 in Paris. */
const NOW = new Date('2026-06-01T10:00:00Z');
const DAY_MS = 86_400_000;
const REVIEW_PAGE = 'https://g.page/r/domaine-trois-coteaux/review';
const UNSUBSCRIBE_PATH = '/api/review-requests/unsubscribe';

let clock = NOW;
let testApp: OrderTestApp;
beforeAll(async () => {
  testApp = await createOrderTestApp({ now: () => clock });
});
afterAll(async () => {
  await testApp?.close();
});
beforeEach(async () => {
  clock = NOW;
  await setParameter('ORDER_REVIEW_DELAY', 'NUMBER', '7');
  await setParameter('REVIEW_PAGE_URL', 'STRING', REVIEW_PAGE);
});

async function setParameter(type: string, kind: 'NUMBER' | 'STRING', value: string | null) {
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
  testApp.app.siteCache.invalidateSite(92);
}

/** A home-delivery order of two bottles, moved up to `last` (DELIVERED by default). */
async function deliveredOrder(email: string, last: 'DELIVERED' | 'REFUNDED' = 'DELIVERED') {
  const wine = await testWine(testApp, { priceCents: 1250 });
  const visitor = await guestCart(testApp.app, [[wine, 2]]);
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
  const steps = ['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'] as const;
  for (const status of last === 'REFUNDED' ? [...steps, 'REFUNDED' as const] : steps) {
    await testApp.orders.service.transition(92, order.id, status, 'admin:1');
    await testApp.app.backgroundTasks.idle();
  }
  return order;
}

async function reviewRequestsTo(email: string): Promise<KeptMail[]> {
  await testApp.orders.sendDueReviewRequests();
  return (await mailsTo(testApp, email)).filter((mail) => mail.subject.startsWith('Votre avis'));
}

function after(days: number, hours = 0): Date {
  return new Date(NOW.getTime() + days * DAY_MS + hours * 3_600_000);
}

describe('the review request mail (ORDER_REVIEW_DELAY)', () => {
  it('is sent once, ORDER_REVIEW_DELAY days after delivery, with the lines and the links', async () => {
    const email = uniqueEmail('avis');
    const order = await deliveredOrder(email);

    expect(await reviewRequestsTo(email)).toEqual([]);
    clock = after(6, 23);
    expect(await reviewRequestsTo(email)).toEqual([]);

    clock = after(7);
    const [mail, ...others] = await reviewRequestsTo(email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(
      `Votre avis sur votre commande ${order.reference} – Domaine des Trois Coteaux`,
    );
    const line = order.lines[0]!;
    expect(mail!.text).toContain('Bonjour Camille,');
    expect(mail!.text).toContain(`- 2 × ${line.name}`);
    expect(mail!.text).toContain(`Donner mon avis : ${REVIEW_PAGE}`);
    expect(mail!.html).toContain(`href="${REVIEW_PAGE}"`);
    expect(mail!.html).toContain('Ne plus recevoir de demande d’avis');
    const { url } = linkIn(mail, UNSUBSCRIBE_PATH);
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${url}>` });

    clock = after(30);
    expect(await reviewRequestsTo(email)).toHaveLength(1);
    const [row] = await testApp.database.db
      .select({ at: orders.reviewRequestedAt, due: orders.reviewRequestDueAt })
      .from(orders)
      .where(and(eq(orders.siteId, 92), eq(orders.id, order.id)));
    expect(row).toEqual({ at: after(7), due: null });
  });

  it('is sent the same way after a pick-up', async () => {
    const email = uniqueEmail('retrait-avis');
    const wine = await testWine(testApp);
    const visitor = await guestCart(testApp.app, [[wine, 1]]);
    const { body } = await clickAndCollectBody(testApp.app, visitor, {
      email,
      firstname: 'Louise',
      lastname: 'Durand',
    });
    const order = expectPlaced(await placeOrder(testApp.app, visitor, body));
    for (const status of ['PAID', 'PREPARING', 'READY_FOR_PICKUP', 'PICKED_UP'] as const) {
      clock = after(1);
      await testApp.orders.service.transition(92, order.id, status, 'admin:1');
    }
    clock = after(7, 23);
    expect(await reviewRequestsTo(email)).toEqual([]);
    clock = after(8);
    const [mail, ...others] = await reviewRequestsTo(email);
    expect(others).toEqual([]);
    expect(mail?.subject).toContain(`Votre avis sur votre commande ${order.reference}`);
    expect(mail?.text).toContain('Bonjour Louise,');
  });

  it('is not sent for an order refunded after its delivery', async () => {
    const email = uniqueEmail('rembourse');
    await deliveredOrder(email, 'REFUNDED');
    clock = after(8);
    expect(await reviewRequestsTo(email)).toEqual([]);
  });

  it('is not sent when ORDER_REVIEW_DELAY is unset or zero', async () => {
    for (const value of [null, '0']) {
      clock = NOW;
      await setParameter('ORDER_REVIEW_DELAY', 'NUMBER', value);
      const email = uniqueEmail('sans-delai');
      await deliveredOrder(email);
      clock = after(60);
      expect(await reviewRequestsTo(email)).toEqual([]);
    }
  });

  it('is not sent when the delay is unset after the delivery', async () => {
    const email = uniqueEmail('delai-retire');
    await deliveredOrder(email);
    await setParameter('ORDER_REVIEW_DELAY', 'NUMBER', null);
    clock = after(8);
    expect(await reviewRequestsTo(email)).toEqual([]);
  });

  it('is not sent when the site has no review page to write on', async () => {
    await setParameter('REVIEW_PAGE_URL', 'STRING', null);
    const email = uniqueEmail('sans-page');
    await deliveredOrder(email);
    clock = after(8);
    expect(await reviewRequestsTo(email)).toEqual([]);
  });

  it('stops for good once its unsubscribe link is opened; a forged link is refused', async () => {
    const email = uniqueEmail('plus-d-avis');
    await deliveredOrder(email);
    clock = after(7);
    const [mail] = await reviewRequestsTo(email);
    const { token } = linkIn(mail, UNSUBSCRIBE_PATH);

    const forged = await testApp.app.inject({
      method: 'GET',
      url: `/review-requests/unsubscribe/${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toContain('n’est pas valable');
    const malformed = await testApp.app.inject({
      method: 'GET',
      url: '/review-requests/unsubscribe/trop-court',
    });
    expect(malformed.statusCode).toBe(400);

    const opened = await testApp.app.inject({
      method: 'GET',
      url: `/review-requests/unsubscribe/${token}`,
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toContain('text/html');
    expect(opened.body).toContain(REVIEW_REQUEST_UNSUBSCRIBED_MESSAGE);
    expect(opened.body).toContain('<html lang="fr">');
    // Opening it again answers the same page.
    const again = await testApp.app.inject({
      method: 'GET',
      url: `/review-requests/unsubscribe/${token}`,
    });
    expect(again.statusCode).toBe(200);
    expect(
      await testApp.database.db
        .select({ email: reviewRequestOptOuts.email })
        .from(reviewRequestOptOuts)
        .where(eq(reviewRequestOptOuts.email, email.toLowerCase())),
    ).toHaveLength(1);

    // The next order of the same customer, whatever the case of the address, gets none.
    clock = NOW;
    const shouted = email.toUpperCase();
    await deliveredOrder(shouted);
    clock = after(8);
    expect(await reviewRequestsTo(shouted)).toEqual([]);
    expect(await reviewRequestsTo(email)).toHaveLength(1);
  });
});

describe('the review request rules', () => {
  it('reads ORDER_REVIEW_DELAY as whole days, none when unset, zero or negative', () => {
    expect(reviewDelayDays(null)).toBeNull();
    expect(reviewDelayDays(0)).toBeNull();
    expect(reviewDelayDays(-3)).toBeNull();
    expect(reviewDelayDays(0.5)).toBeNull();
    expect(reviewDelayDays(7)).toBe(7);
    expect(reviewDelayDays(7.9)).toBe(7);
  });

  it('links to REVIEW_PAGE_URL, else to the Google place’s review form, else nowhere', () => {
    expect(reviewPageUrl(' https://exemple.fr/avis ', 'ChIJabc')).toBe('https://exemple.fr/avis');
    expect(reviewPageUrl(null, 'ChIJ_a-b')).toBe(
      'https://search.google.com/local/writereview?placeid=ChIJ_a-b',
    );
    expect(reviewPageUrl('javascript:alert(1)', null)).toBeNull();
    expect(reviewPageUrl('', null)).toBeNull();
  });
});
