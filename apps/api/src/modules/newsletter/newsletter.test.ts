import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_DISABLED_MESSAGE, NEWSLETTER_LINK_INVALID_MESSAGE, newsletterListSchema, UNKNOWN_NEWSLETTER_LIST_MESSAGE } from '@comptoir/contract/newsletter';
import { newsletterSubscriptions, newsletterTokens, siteParameters } from '../../db/schema';
import { bearer, registerCustomer, RELAXED_AUTH_LIMITS, uniqueEmail } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { linkIn, mailsTo } from '../../test/mails';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TOO_MANY_MAILS_TO_ADDRESS_MESSAGE } from '../mail';
import { hashSessionToken } from '../user';

const MAILS_PER_RECIPIENT = 3;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: {
      ...RELAXED_AUTH_LIMITS,
      mailsPerRecipient: { max: MAILS_PER_RECIPIENT, timeWindowMs: 60_000 },
    },
  });
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

/** The confirmation secret of the last confirmation mail sent to the address. */
async function confirmTokenFor(email: string): Promise<string> {
  const [mail] = await mailsTo(testApp, email);
  return linkIn(mail, '/lettre-d-information/confirmation').token;
}

async function subscribedLists(siteId: number, email: string): Promise<number[]> {
  const rows = await testApp.database.db
    .select({ listId: newsletterSubscriptions.listId })
    .from(newsletterSubscriptions)
    .where(
      and(eq(newsletterSubscriptions.siteId, siteId), eq(newsletterSubscriptions.email, email)),
    );
  return rows.map((row) => row.listId).sort((a, b) => a - b);
}

async function tokensOf(email: string) {
  return testApp.database.db
    .select({ id: newsletterTokens.id })
    .from(newsletterTokens)
    .where(eq(newsletterTokens.email, email));
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
    await call(91, 'POST', '/newsletter/confirm', undefined, {
      token: await confirmTokenFor(email),
    });
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

describe('POST /newsletter/subscribe (double opt-in)', () => {
  it('adds nothing yet and mails a confirmation link, with List-Unsubscribe headers', async () => {
    const email = uniqueEmail('public');
    const response = await call(91, 'POST', '/newsletter/subscribe', undefined, {
      email: ` ${email.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await mailsTo(testApp, email);
    expect(mail?.subject).toBe("Confirmez votre inscription – L'Atelier de Clémence");
    expect(mail?.text).toContain('« Actualités du salon », « Conseils beauté »');
    const confirm = linkIn(mail, '/lettre-d-information/confirmation');
    const unsubscribe = linkIn(mail, '/lettre-d-information/desinscription');
    expect(confirm.url).toBe(
      `http://localhost:3000/lettre-d-information/confirmation/${confirm.token}`,
    );
    expect(mail?.html).toContain(`href="${confirm.url}"`);
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/newsletter/unsubscribe/${unsubscribe.token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await subscribedLists(91, email)).toEqual([]);
  });

  it('subscribes the address to every list once the link is opened, and answers the same when opened again', async () => {
    const email = uniqueEmail('confirme');
    await call(91, 'POST', '/newsletter/subscribe', undefined, { email });
    const token = await confirmTokenFor(email);
    const first = await call(91, 'POST', '/newsletter/confirm', undefined, { token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((list: { name: string }) => list.name)).toEqual([
      'Actualités du salon',
      'Conseils beauté',
    ]);
    const again = await call(91, 'POST', '/newsletter/confirm', undefined, { token });
    expect(again.body).toBe(first.body);
    const rows = await testApp.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.siteId, 91), eq(newsletterSubscriptions.email, email)));
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.userId === null)).toBe(true);
  });

  it('answers the same whether or not the address is already subscribed', async () => {
    const email = uniqueEmail('deja');
    const first = await call(91, 'POST', '/newsletter/subscribe', undefined, { email });
    await call(91, 'POST', '/newsletter/confirm', undefined, {
      token: await confirmTokenFor(email),
    });
    const second = await call(91, 'POST', '/newsletter/subscribe', undefined, { email });
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
  });

  it('subscribes to the chosen lists only', async () => {
    const { token } = await registerCustomer(testApp.app, 91);
    const [, tips] = await listsOf(91, token);
    const email = uniqueEmail('choix');
    await call(91, 'POST', '/newsletter/subscribe', undefined, { email, listIds: [tips!.id] });
    await call(91, 'POST', '/newsletter/confirm', undefined, {
      token: await confirmTokenFor(email),
    });
    expect(await subscribedLists(91, email)).toEqual([tips!.id]);
  });

  it('stores only the hash of the link, which expires after 7 days and works on its own site only', async () => {
    const email = uniqueEmail('expire');
    await call(91, 'POST', '/newsletter/subscribe', undefined, { email });
    const token = await confirmTokenFor(email);
    const [row] = await testApp.database.db
      .select()
      .from(newsletterTokens)
      .where(and(eq(newsletterTokens.email, email), eq(newsletterTokens.purpose, 'CONFIRM')));
    expect(row?.tokenHash).toBe(hashSessionToken(token));
    const lifetime = row!.expiresAt!.getTime() - row!.createdAt.getTime();
    expect(Math.round(lifetime / 3_600_000)).toBe(7 * 24);

    const elsewhere = await call(92, 'POST', '/newsletter/confirm', undefined, { token });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(NEWSLETTER_LINK_INVALID_MESSAGE);

    await testApp.database.db
      .update(newsletterTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterTokens.id, row!.id));
    const expired = await call(91, 'POST', '/newsletter/confirm', undefined, { token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(NEWSLETTER_LINK_INVALID_MESSAGE);
    expect(await subscribedLists(91, email)).toEqual([]);
  });

  it('refuses a made-up link with the French message', async () => {
    const response = await call(91, 'POST', '/newsletter/confirm', undefined, {
      token: 'a'.repeat(43),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(NEWSLETTER_LINK_INVALID_MESSAGE);
  });

  it('answers 429 past the mails allowed to one address, and stores nothing more', async () => {
    const email = uniqueEmail('inonde');
    for (let attempt = 1; attempt <= MAILS_PER_RECIPIENT; attempt += 1) {
      expect(
        (await call(91, 'POST', '/newsletter/subscribe', undefined, { email })).statusCode,
      ).toBe(200);
    }
    await testApp.app.backgroundTasks.idle();
    const tokensBefore = await tokensOf(email);
    const refused = await call(91, 'POST', '/newsletter/subscribe', undefined, { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      data: null,
      message: TOO_MANY_MAILS_TO_ADDRESS_MESSAGE,
    });
    expect(await mailsTo(testApp, email)).toHaveLength(MAILS_PER_RECIPIENT);
    expect(await tokensOf(email)).toEqual(tokensBefore);
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

describe('unsubscribing from a newsletter mail', () => {
  async function confirmedSubscriber() {
    const email = uniqueEmail('depart');
    await call(91, 'POST', '/newsletter/subscribe', undefined, { email });
    const [mail] = await mailsTo(testApp, email);
    await call(91, 'POST', '/newsletter/confirm', undefined, {
      token: linkIn(mail, '/lettre-d-information/confirmation').token,
    });
    expect(await subscribedLists(91, email)).toHaveLength(2);
    return { email, token: linkIn(mail, '/lettre-d-information/desinscription').token };
  }

  it('leaves every list from the page the unsubscribe link opens, and answers the same again', async () => {
    const { email, token } = await confirmedSubscriber();
    const response = await call(91, 'POST', '/newsletter/unsubscribe', undefined, { token });
    expect(response.statusCode).toBe(200);
    expect(await subscribedLists(91, email)).toEqual([]);
    const again = await call(91, 'POST', '/newsletter/unsubscribe', undefined, { token });
    expect(again.statusCode).toBe(200);
  });

  it('leaves every list with the one-click POST of List-Unsubscribe, which carries no site header', async () => {
    const { email, token } = await confirmedSubscriber();
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: null });
    expect(await subscribedLists(91, email)).toEqual([]);
  });

  it('makes a pending confirmation link stop working', async () => {
    const email = uniqueEmail('regret');
    await call(91, 'POST', '/newsletter/subscribe', undefined, { email });
    const [mail] = await mailsTo(testApp, email);
    const unsubscribe = linkIn(mail, '/lettre-d-information/desinscription').token;
    await call(91, 'POST', '/newsletter/unsubscribe', undefined, { token: unsubscribe });
    const confirm = await call(91, 'POST', '/newsletter/confirm', undefined, {
      token: linkIn(mail, '/lettre-d-information/confirmation').token,
    });
    expect(confirm.statusCode).toBe(400);
    expect(await subscribedLists(91, email)).toEqual([]);
  });

  it('refuses an unknown token, and a token of another site on the page endpoint', async () => {
    const { email, token } = await confirmedSubscriber();
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: `/newsletter/unsubscribe/${'b'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(NEWSLETTER_LINK_INVALID_MESSAGE);
    const elsewhere = await call(92, 'POST', '/newsletter/unsubscribe', undefined, { token });
    expect(elsewhere.statusCode).toBe(400);
    expect(await subscribedLists(91, email)).toHaveLength(2);
  });
});
