import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEWSLETTER_DISABLED_MESSAGE,
  newsletterListSchema,
  UNKNOWN_NEWSLETTER_LIST_MESSAGE,
} from '@comptoir/contract/newsletter';
import { newsletterSubscriptions, siteParameters } from '../../db/schema';
import { bearer, registerCustomer, RELAXED_AUTH_LIMITS, uniqueEmail } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ authLimits: RELAXED_AUTH_LIMITS });
});
afterAll(async () => {
  await testApp?.close();
});

function call(
  siteId: number,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token?: string,
  payload?: object,
) {
  return siteRequest(testApp.app, siteId, {
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

async function listsOf(siteId: number, token: string) {
  const response = await call(siteId, 'GET', '/user/newsletter/lists', token);
  return newsletterListSchema.array().parse(response.json().data);
}

describe('GET /user/newsletter/lists', () => {
  it("answers the site's two seeded lists, in French", async () => {
    const { token } = await registerCustomer(testApp.app, 91);
    expect((await listsOf(91, token)).map((list) => list.name)).toEqual([
      'Actualités du salon',
      'Conseils beauté',
    ]);
    const domaine = await registerCustomer(testApp.app, 92);
    expect((await listsOf(92, domaine.token)).map((list) => list.name)).toEqual([
      'Nouvelles du domaine',
      'Offres et nouveaux millésimes',
    ]);
  });

  it('answers 401 to a visitor', async () => {
    expect((await call(91, 'GET', '/user/newsletter/lists')).statusCode).toBe(401);
  });
});

describe('the subscription of the logged-in user', () => {
  it('starts unsubscribed, subscribes to the chosen lists and unsubscribes again', async () => {
    const { token } = await registerCustomer(testApp.app, 91);
    const [news, tips] = await listsOf(91, token);

    const initial = await call(91, 'GET', '/user/newsletter/subscription', token);
    expect(initial.json().data.map((list: { subscribed: boolean }) => list.subscribed)).toEqual([
      false,
      false,
    ]);

    const subscribed = await call(91, 'PUT', '/user/newsletter/subscription', token, {
      listIds: [tips!.id],
    });
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json().data).toEqual([
      { ...news, subscribed: false },
      { ...tips, subscribed: true },
    ]);
    const read = await call(91, 'GET', '/user/newsletter/subscription', token);
    expect(read.json().data).toEqual(subscribed.json().data);

    const both = await call(91, 'PUT', '/user/newsletter/subscription', token, {
      listIds: [news!.id, tips!.id],
    });
    expect(both.json().data.every((list: { subscribed: boolean }) => list.subscribed)).toBe(true);

    const none = await call(91, 'PUT', '/user/newsletter/subscription', token, { listIds: [] });
    expect(none.json().data.some((list: { subscribed: boolean }) => list.subscribed)).toBe(false);
  });

  it('shows a subscription made with the address before the account existed', async () => {
    const email = uniqueEmail('abonnee');
    await call(91, 'POST', '/newsletter/subscribe', undefined, { email });
    const { token } = await registerCustomer(testApp.app, 91, { email });
    const state = await call(91, 'GET', '/user/newsletter/subscription', token);
    expect(state.json().data.every((list: { subscribed: boolean }) => list.subscribed)).toBe(true);
  });

  it('refuses a list that does not exist or belongs to another site', async () => {
    const { token } = await registerCustomer(testApp.app, 91);
    const domaine = await registerCustomer(testApp.app, 92);
    const [otherSiteList] = await listsOf(92, domaine.token);
    for (const listIds of [[999_999], [otherSiteList!.id]]) {
      const response = await call(91, 'PUT', '/user/newsletter/subscription', token, { listIds });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: UNKNOWN_NEWSLETTER_LIST_MESSAGE,
        errors: [{ key: 'listIds', error: UNKNOWN_NEWSLETTER_LIST_MESSAGE }],
      });
    }
  });

  it('answers 401 to a visitor', async () => {
    expect((await call(91, 'GET', '/user/newsletter/subscription')).statusCode).toBe(401);
    expect(
      (await call(91, 'PUT', '/user/newsletter/subscription', undefined, { listIds: [] }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /newsletter/subscribe', () => {
  it('subscribes an address to every list of the site, and answers the same when repeated', async () => {
    const email = uniqueEmail('public');
    const first = await call(91, 'POST', '/newsletter/subscribe', undefined, {
      email: ` ${email.toUpperCase()} `,
    });
    const second = await call(91, 'POST', '/newsletter/subscribe', undefined, { email });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    const rows = await testApp.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.siteId, 91), eq(newsletterSubscriptions.email, email)));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.userId === null)).toBe(true);
  });

  it('subscribes to the chosen lists only', async () => {
    const { token } = await registerCustomer(testApp.app, 91);
    const [, tips] = await listsOf(91, token);
    const email = uniqueEmail('choix');
    await call(91, 'POST', '/newsletter/subscribe', undefined, { email, listIds: [tips!.id] });
    const rows = await testApp.database.db
      .select({ listId: newsletterSubscriptions.listId })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(rows).toEqual([{ listId: tips!.id }]);
  });

  it('refuses an invalid address', async () => {
    const response = await call(91, 'POST', '/newsletter/subscribe', undefined, {
      email: 'pas-une-adresse',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].key).toBe('email');
  });

  it('answers 404 on a site that turned the newsletter off', async () => {
    const enable = and(eq(siteParameters.siteId, 92), eq(siteParameters.type, 'ENABLE_NEWSLETTER'));
    await testApp.database.db.update(siteParameters).set({ value: 'false' }).where(enable);
    testApp.app.siteCache.invalidateSite(92);
    try {
      const response = await call(92, 'POST', '/newsletter/subscribe', undefined, {
        email: uniqueEmail(),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(NEWSLETTER_DISABLED_MESSAGE);
    } finally {
      await testApp.database.db.update(siteParameters).set({ value: 'true' }).where(enable);
      testApp.app.siteCache.invalidateSite(92);
    }
  });
});
