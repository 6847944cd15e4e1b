import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INVALID_CREDENTIALS_MESSAGE,
  MINORS_REFUSED_MESSAGE,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '@comptoir/contract/auth';
import { userSchema, WRONG_CURRENT_PASSWORD_MESSAGE } from '@comptoir/contract/user';
import { PASSWORD_RULE_MESSAGE } from '@comptoir/domain/password-strength';
import {
  carts,
  mailOutbox,
  newsletterSubscriptions,
  newsletterTokens,
  sessions,
  siteParameters,
  users,
} from '../../db/schema';
import {
  bearer,
  cookieHeader,
  login,
  registerCustomer,
  RELAXED_AUTH_LIMITS,
  TEST_PASSWORD,
} from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_LOGGED_IN_MESSAGE } from './user-service';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: {
      ...RELAXED_AUTH_LIMITS,
      loginFailuresPerAccount: { max: 3, timeWindowMs: 60_000 },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

function call(
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  token?: string,
  payload?: object,
  siteId = 91,
) {
  return siteRequest(testApp.app, siteId, {
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });
}

describe('PUT /user', () => {
  it("updates the logged-in user's names, phone and birth date", async () => {
    const { token, email } = await registerCustomer(testApp.app, 91);
    const response = await call('PUT', '/user', token, {
      firstname: ' Anaïs ',
      lastname: 'Le Goff',
      phone: '+33 6 98 76 54 32',
      birthdate: '1988-12-01',
    });
    expect(response.statusCode).toBe(200);
    expect(userSchema.parse(response.json().data)).toMatchObject({
      email,
      firstname: 'Anaïs',
      lastname: 'Le Goff',
      phone: '+33 6 98 76 54 32',
      birthdate: '1988-12-01',
      role: 'CUSTOMER',
    });
    const me = await call('GET', '/user', token);
    expect(me.json().data.lastname).toBe('Le Goff');
  });

  it('clears the phone and birth date when they are sent empty', async () => {
    const { token } = await registerCustomer(testApp.app, 91, { birthdate: '1990-01-01' });
    const response = await call('PUT', '/user', token, {
      firstname: 'Léa',
      lastname: 'Moreau',
      phone: '',
      birthdate: '',
    });
    expect(response.json().data).toMatchObject({ phone: null, birthdate: null });
  });

  it('keeps the role and the e-mail address whatever the body says', async () => {
    const { token, email } = await registerCustomer(testApp.app, 91);
    const response = await call('PUT', '/user', token, {
      firstname: 'Léa',
      lastname: 'Moreau',
      role: 'ADMIN',
      email: 'autre@example.fr',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ role: 'CUSTOMER', email });
  });

  it('refuses an invalid field with its French message', async () => {
    const { token } = await registerCustomer(testApp.app, 91);
    const response = await call('PUT', '/user', token, { firstname: '', lastname: 'Moreau' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { key: 'firstname', error: 'Veuillez indiquer votre prénom.' },
    ]);
  });

  it('refuses a minor birth date on a site that sets BLOCK_MINORS', async () => {
    const { token } = await registerCustomer(testApp.app, 92);
    const blockMinors = and(eq(siteParameters.siteId, 92), eq(siteParameters.type, 'BLOCK_MINORS'));
    await testApp.database.db.update(siteParameters).set({ value: 'true' }).where(blockMinors);
    testApp.app.siteCache.invalidateSite(92);
    try {
      const response = await call(
        'PUT',
        '/user',
        token,
        {
          firstname: 'Léa',
          lastname: 'Moreau',
          birthdate: `${new Date().getFullYear() - 10}-05-05`,
        },
        92,
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(MINORS_REFUSED_MESSAGE);
    } finally {
      await testApp.database.db.update(siteParameters).set({ value: null }).where(blockMinors);
      testApp.app.siteCache.invalidateSite(92);
    }
  });

  it('answers 401 to a visitor', async () => {
    const response = await call('PUT', '/user', undefined, {
      firstname: 'Léa',
      lastname: 'Moreau',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
  });
});

describe('PUT /user/password', () => {
  it('changes the password, revokes the other sessions and keeps the current one', async () => {
    const { token: current, email } = await registerCustomer(testApp.app, 91);
    const other = (await login(testApp.app, 91, email, TEST_PASSWORD)).json().data.token;

    const response = await call('PUT', '/user/password', current, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Changement-2026',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: null });

    expect((await call('GET', '/logged', current)).json().data).toBe(true);
    expect((await call('GET', '/logged', other)).json().data).toBe(false);
    expect((await login(testApp.app, 91, email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(testApp.app, 91, email, 'Changement-2026')).statusCode).toBe(200);
  });

  it('also keeps the current session when it comes from the cookie', async () => {
    const { token, email } = await registerCustomer(testApp.app, 91);
    const response = await siteRequest(testApp.app, 91, {
      method: 'PUT',
      url: '/user/password',
      cookies: { token },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Par-le-cookie-2026' },
    });
    expect(response.statusCode).toBe(200);
    expect((await call('GET', '/logged', token)).json().data).toBe(true);
    expect((await login(testApp.app, 91, email, 'Par-le-cookie-2026')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and leaves everything as it was', async () => {
    const { token, email } = await registerCustomer(testApp.app, 91);
    const response = await call('PUT', '/user/password', token, {
      currentPassword: 'Pas-le-bon-2026',
      newPassword: 'Changement-2026',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: WRONG_CURRENT_PASSWORD_MESSAGE,
      errors: [{ key: 'currentPassword', error: WRONG_CURRENT_PASSWORD_MESSAGE }],
    });
    expect((await login(testApp.app, 91, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts wrong current passwords with failed logins', async () => {
    const { token, email } = await registerCustomer(testApp.app, 91);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await call('PUT', '/user/password', token, {
        currentPassword: `Essai-${attempt}-2026`,
        newPassword: 'Changement-2026',
      });
    }
    const blocked = await call('PUT', '/user/password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Changement-2026',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect((await login(testApp.app, 91, email, TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('refuses a weak new password', async () => {
    const { token } = await registerCustomer(testApp.app, 91);
    const response = await call('PUT', '/user/password', token, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'faible',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ key: 'newPassword', error: PASSWORD_RULE_MESSAGE }]);
  });

  it('answers 401 to a visitor', async () => {
    const response = await call('PUT', '/user/password', undefined, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Changement-2026',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /user', () => {
  it('erases the account and its personal data, revokes its sessions and clears the cookies', async () => {
    const { token, email, user } = await registerCustomer(testApp.app, 91);
    const other = (await login(testApp.app, 91, email, TEST_PASSWORD)).json().data.token;
    const lists = (await call('GET', '/user/newsletter/lists', token)).json().data as {
      id: number;
    }[];
    await call('PUT', '/user/newsletter/subscription', token, {
      listIds: lists.map((list) => list.id),
    });
    await call('POST', '/cart', token, { type: 'MAIN_CART' });
    await testApp.app.backgroundTasks.idle();

    const response = await call('DELETE', '/user', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: null });
    expect(cookieHeader(response, 'token')).toMatch(/^token=;/);

    for (const stale of [token, other]) {
      expect((await call('GET', '/logged', stale)).json().data).toBe(false);
    }
    const loginAfter = await login(testApp.app, 91, email, TEST_PASSWORD);
    expect(loginAfter.statusCode).toBe(401);
    expect(loginAfter.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);

    const db = testApp.database.db;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(carts).where(eq(carts.userId, user.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email)),
    ).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).toEqual([]);
  });

  it('also erases a newsletter sign-up made with the address before the account existed', async () => {
    const email = `avant-compte-${Date.now()}@example.fr`;
    const signUp = await call('POST', '/newsletter/subscribe', undefined, { email });
    expect(signUp.statusCode).toBe(200);
    // The sign-up's link and mail are written after the answer (same timing for every address).
    await testApp.app.backgroundTasks.idle();
    const db = testApp.database.db;
    // Double opt-in: until the link is opened, the sign-up is held as pending link tokens.
    const pending = await db
      .select()
      .from(newsletterTokens)
      .where(eq(newsletterTokens.email, email));
    expect(pending.length).toBeGreaterThan(0);
    const { token } = await registerCustomer(testApp.app, 91, { email });
    await call('DELETE', '/user', token);
    expect(
      await db.select().from(newsletterTokens).where(eq(newsletterTokens.email, email)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email)),
    ).toEqual([]);
  });

  it('lets the address register again afterwards', async () => {
    const { token, email } = await registerCustomer(testApp.app, 91);
    await call('DELETE', '/user', token);
    const again = await registerCustomer(testApp.app, 91, { email });
    expect(again.user.email).toBe(email);
  });

  it('leaves the account of the same address on another site untouched', async () => {
    const email = `deux-sites-${Date.now()}@example.fr`;
    const salon = await registerCustomer(testApp.app, 91, { email });
    await registerCustomer(testApp.app, 92, { email });
    await call('DELETE', '/user', salon.token);
    expect((await login(testApp.app, 92, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    expect((await call('DELETE', '/user')).statusCode).toBe(401);
  });
});
