import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authSessionSchema,
  BIRTHDATE_REQUIRED_MESSAGE,
  EMAIL_ALREADY_USED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  MINORS_REFUSED_MESSAGE,
} from '@comptoir/contract/auth';
import { TERMS_NOT_ACCEPTED_MESSAGE } from '@comptoir/contract/account-fields';
import {
  PASSWORD_IS_EMAIL_MESSAGE,
  PASSWORD_RULE_MESSAGE,
} from '@comptoir/domain/password-strength';
import { mailOutbox, sessions, siteParameters, users } from '../../db/schema';
import { seedDatabase } from '../../db/seed/seed';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import {
  bearer,
  cookieHeader,
  login,
  registerCustomer,
  registrationBody,
  RELAXED_AUTH_LIMITS,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ authLimits: RELAXED_AUTH_LIMITS });
});
afterAll(async () => {
  await testApp?.close();
});

function register(siteId: number, body: Record<string, unknown>, headers = {}) {
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: '/register',
    payload: body,
    headers,
  });
}

async function setParameter(siteId: number, type: string, value: string | null) {
  await testApp.database.db
    .update(siteParameters)
    .set({ value })
    .where(and(eq(siteParameters.siteId, siteId), eq(siteParameters.type, type)));
  testApp.app.siteCache.invalidateSite(siteId);
}

describe('POST /register', () => {
  it('creates a customer account, logs it in and answers its token and profile', async () => {
    const body = registrationBody({ email: '  Lea.Moreau@Example.FR ', birthdate: '1992-06-30' });
    const response = await register(91, body);
    expect(response.statusCode).toBe(200);
    const session = authSessionSchema.parse(response.json().data);
    expect(session.user).toMatchObject({
      email: 'lea.moreau@example.fr',
      firstname: 'Léa',
      lastname: 'Moreau',
      phone: '06 12 34 56 78',
      birthdate: '1992-06-30',
      role: 'CUSTOMER',
    });
    expect(new Date(session.expiresAt).getTime() - Date.now()).toBeGreaterThan(86_000_000);
    expect(response.body).not.toContain('password');

    const me = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/user',
      headers: bearer(session.token),
    });
    expect(me.json().data.email).toBe('lea.moreau@example.fr');
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const { user } = await registerCustomer(testApp.app, 91);
    const [row] = await testApp.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(TEST_PASSWORD);
  });

  it('sets the httpOnly token cookie, the siteId cookie and the userLang cookie', async () => {
    const response = await register(91, registrationBody(), { userLang: 'fr_FR' });
    const token = cookieHeader(response, 'token');
    expect(token).toContain(`token=${response.json().data.token}`);
    expect(token).toMatch(/Max-Age=86400/);
    expect(token).toMatch(/Path=\//);
    expect(token).toMatch(/HttpOnly/);
    expect(token).toMatch(/SameSite=Lax/);
    expect(token).not.toMatch(/Secure/);
    expect(token).not.toMatch(/Domain=/);
    expect(cookieHeader(response, 'siteId')).toMatch(/^siteId=91;.*Max-Age=86400/);
    expect(cookieHeader(response, 'siteId')).not.toMatch(/HttpOnly/);
    expect(cookieHeader(response, 'userLang')).toMatch(/^userLang=fr_FR;.*Max-Age=31536000/);
  });

  it('answers 200 with the response envelope the typed client reads', async () => {
    const response = await register(91, registrationBody());
    expect(response.json()).toMatchObject({ success: true, message: null });
  });

  it('sends a welcome mail from the site, in French', async () => {
    const { email } = await registerCustomer(testApp.app, 91, { firstname: 'Inès' });
    await testApp.app.backgroundTasks.idle();
    const mails = await testApp.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      siteId: 91,
      sender: '"L\'Atelier de Clémence" <ne-pas-repondre@atelier-clemence.fr>',
      subject: "Bienvenue sur le site L'Atelier de Clémence",
    });
    expect(mails[0]?.text).toContain('Bonjour Inès,');
    expect(mails[0]?.html).toContain('<html lang="fr">');
  });

  it('refuses an address that already has an account on the site, whatever its case', async () => {
    const { email } = await registerCustomer(testApp.app, 91);
    for (const sameAddress of [email, email.toUpperCase()]) {
      const response = await register(91, registrationBody({ email: sameAddress }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        data: null,
        message: EMAIL_ALREADY_USED_MESSAGE,
        errors: [{ key: 'email', error: EMAIL_ALREADY_USED_MESSAGE }],
      });
    }
  });

  it('lets the same person have separate accounts on two sites', async () => {
    const email = uniqueEmail('deux-sites');
    const salon = await registerCustomer(testApp.app, 91, { email });
    const domaine = await registerCustomer(testApp.app, 92, { email, password: 'Vendanges2026' });
    expect(domaine.user.id).not.toBe(salon.user.id);
    expect((await login(testApp.app, 92, email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(testApp.app, 92, email, 'Vendanges2026')).statusCode).toBe(200);
  });

  it('refuses a weak password with the shared French rule', async () => {
    for (const password of ['court1', 'sanschiffre', '1234567890']) {
      const response = await register(91, registrationBody({ password }));
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(INVALID_BODY_MESSAGE);
      expect(response.json().errors).toEqual([{ key: 'password', error: PASSWORD_RULE_MESSAGE }]);
    }
  });

  it('refuses the e-mail address as password', async () => {
    const email = uniqueEmail('meme-mdp');
    const response = await register(91, registrationBody({ email, password: email }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ key: 'password', error: PASSWORD_IS_EMAIL_MESSAGE }]);
  });

  it('refuses a registration whose terms box is not ticked', async () => {
    for (const acceptTerms of [false, undefined]) {
      const response = await register(91, { ...registrationBody(), acceptTerms });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([
        { key: 'acceptTerms', error: TERMS_NOT_ACCEPTED_MESSAGE },
      ]);
    }
  });

  it('lists every invalid field at once', async () => {
    const response = await register(91, {
      email: 'pas-une-adresse',
      password: 'court',
      firstname: ' ',
      lastname: 'Moreau',
      phone: 'appelez-moi',
      birthdate: '1990-02-30',
      acceptTerms: true,
    });
    expect(response.statusCode).toBe(422);
    expect(
      response
        .json()
        .errors.map((error: { key: string }) => error.key)
        .sort(),
    ).toEqual(['birthdate', 'email', 'firstname', 'password', 'phone']);
  });

  it('asks for the birth date only when the site sets ASK_BIRTHDATE_AT_REGISTER', async () => {
    await setParameter(92, 'SELLS_ALCOHOL', null);
    expect((await register(92, registrationBody({ birthdate: undefined }))).statusCode).toBe(200);
    await setParameter(92, 'ASK_BIRTHDATE_AT_REGISTER', 'true');
    try {
      const response = await register(92, registrationBody({ birthdate: undefined }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: BIRTHDATE_REQUIRED_MESSAGE,
        errors: [{ key: 'birthdate', error: BIRTHDATE_REQUIRED_MESSAGE }],
      });
      expect((await register(92, registrationBody({ birthdate: '2012-03-04' }))).statusCode).toBe(
        200,
      );
    } finally {
      await setParameter(92, 'ASK_BIRTHDATE_AT_REGISTER', null);
      await setParameter(92, 'SELLS_ALCOHOL', 'true');
    }
  });

  it('refuses minors, and registrations without a birth date, when the site sets BLOCK_MINORS', async () => {
    await setParameter(92, 'SELLS_ALCOHOL', null);
    await setParameter(92, 'BLOCK_MINORS', 'true');
    try {
      const today = new Date();
      const seventeen = `${today.getFullYear() - 17}-01-01`;
      const minor = await register(92, registrationBody({ birthdate: seventeen }));
      expect(minor.statusCode).toBe(422);
      expect(minor.json()).toMatchObject({
        message: MINORS_REFUSED_MESSAGE,
        errors: [{ key: 'birthdate', error: MINORS_REFUSED_MESSAGE }],
      });
      expect((await register(92, registrationBody({ birthdate: undefined }))).json().message).toBe(
        BIRTHDATE_REQUIRED_MESSAGE,
      );
      const adult = await register(92, registrationBody({ birthdate: '1985-09-14' }));
      expect(adult.statusCode).toBe(200);
    } finally {
      await setParameter(92, 'BLOCK_MINORS', null);
      await setParameter(92, 'SELLS_ALCOHOL', 'true');
    }
  });

  it('refuses a minor, and a registration without a birth date, on site 92, which sells alcohol, whatever its age settings store', async () => {
    await setParameter(92, 'BLOCK_MINORS', 'false');
    await setParameter(92, 'ASK_BIRTHDATE_AT_REGISTER', 'false');
    try {
      const seventeen = `${new Date().getFullYear() - 17}-01-01`;
      const minor = await register(92, registrationBody({ birthdate: seventeen }));
      expect(minor.statusCode).toBe(422);
      expect(minor.json().message).toBe(MINORS_REFUSED_MESSAGE);
      const missing = await register(92, registrationBody({ birthdate: undefined }));
      expect(missing.statusCode).toBe(422);
      expect(missing.json().message).toBe(BIRTHDATE_REQUIRED_MESSAGE);
      expect((await register(92, registrationBody())).statusCode).toBe(200);
      // Site 91 sells no alcohol: a birth date stays optional there.
      expect((await register(91, registrationBody({ birthdate: undefined }))).statusCode).toBe(200);
    } finally {
      await setParameter(92, 'BLOCK_MINORS', null);
      await setParameter(92, 'ASK_BIRTHDATE_AT_REGISTER', null);
    }
  });
});

describe('POST /login', () => {
  let email: string;
  beforeAll(async () => {
    ({ email } = await registerCustomer(testApp.app, 91));
  });

  it('logs in with the right password, whatever the case of the address', async () => {
    const response = await login(testApp.app, 91, ` ${email.toUpperCase()} `, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const session = authSessionSchema.parse(response.json().data);
    expect(session.user.email).toBe(email);
    expect(cookieHeader(response, 'token')).toContain(`token=${session.token}`);
    const logged = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/logged',
      cookies: { token: session.token },
    });
    expect(logged.json().data).toBe(true);
  });

  it('gives a new token at each login, each one valid on its own', async () => {
    const first = (await login(testApp.app, 91, email, TEST_PASSWORD)).json().data.token;
    const second = (await login(testApp.app, 91, email, TEST_PASSWORD)).json().data.token;
    expect(first).not.toBe(second);
    for (const token of [first, second]) {
      const logged = await siteRequest(testApp.app, 91, {
        method: 'GET',
        url: '/logged',
        headers: bearer(token),
      });
      expect(logged.json().data).toBe(true);
    }
  });

  it('answers a wrong password and an unknown address with the same 401 and message', async () => {
    const wrongPassword = await login(testApp.app, 91, email, 'Mauvais2026');
    const unknownAddress = await login(testApp.app, 91, uniqueEmail('inconnu'), TEST_PASSWORD);
    for (const response of [wrongPassword, unknownAddress]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        data: null,
        message: INVALID_CREDENTIALS_MESSAGE,
      });
      expect(cookieHeader(response, 'token')).toBeUndefined();
    }
    expect(INVALID_CREDENTIALS_MESSAGE).toBe('Adresse e-mail ou mot de passe incorrect.');
  });

  it("refuses an account's address on another site", async () => {
    const response = await login(testApp.app, 92, email, TEST_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);
  });

  it('refuses a token of site 91 on site 92', async () => {
    const { token } = (await login(testApp.app, 91, email, TEST_PASSWORD)).json().data;
    const onSalon = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/user',
      headers: bearer(token),
    });
    expect(onSalon.statusCode).toBe(200);
    const onDomaine = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/user',
      headers: bearer(token),
    });
    expect(onDomaine.statusCode).toBe(401);
    const logged = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/logged',
      cookies: { token },
    });
    expect(logged.json().data).toBe(false);
  });

  it('marks the cookies Secure when the storefront on loopback forwarded an HTTPS request', async () => {
    const forwarded = await login(testApp.app, 91, email, TEST_PASSWORD, {
      'x-forwarded-proto': 'https',
    });
    expect(cookieHeader(forwarded, 'token')).toMatch(/; Secure/);
    expect(cookieHeader(forwarded, 'siteId')).toMatch(/; Secure/);
  });

  it('ignores X-Forwarded-Proto sent by any other peer', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: '203.0.113.9',
      headers: { siteId: '91', 'x-forwarded-proto': 'https' },
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect(cookieHeader(response, 'token')).not.toMatch(/Secure/);
  });
});

describe('cookie domain', () => {
  it('sets the Domain attribute from COOKIE_DOMAIN', async () => {
    const withDomain = await createTestApp({
      env: { COOKIE_DOMAIN: '.atelier-clemence.fr' },
      authLimits: RELAXED_AUTH_LIMITS,
    });
    try {
      const response = await siteRequest(withDomain.app, 91, {
        method: 'POST',
        url: '/register',
        payload: registrationBody(),
      });
      expect(cookieHeader(response, 'token')).toMatch(/Domain=\.atelier-clemence\.fr/);
      expect(cookieHeader(response, 'userLang')).toMatch(/Domain=\.atelier-clemence\.fr/);
    } finally {
      await withDomain.close();
    }
  });
});

describe('POST /logout', () => {
  it('revokes the token server-side and clears the login cookies', async () => {
    const { email } = await registerCustomer(testApp.app, 91);
    const { token } = (await login(testApp.app, 91, email, TEST_PASSWORD)).json().data;
    const response = await siteRequest(testApp.app, 91, {
      method: 'POST',
      url: '/logout',
      cookies: { token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: null });
    expect(cookieHeader(response, 'token')).toMatch(/^token=;.*Expires=Thu, 01 Jan 1970/);
    expect(cookieHeader(response, 'siteId')).toMatch(/^siteId=;/);
    expect(cookieHeader(response, 'userLang')).toBeUndefined();

    // A copy of the token kept elsewhere is worth nothing now.
    const afterwards = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/user',
      headers: bearer(token),
    });
    expect(afterwards.statusCode).toBe(401);
    const rows = await testApp.database.db.select().from(sessions).where(eq(sessions.siteId, 91));
    expect(rows.every((row) => row.tokenHash !== token)).toBe(true);
  });

  it('only revokes the session it is called with', async () => {
    const { email, token: registrationToken } = await registerCustomer(testApp.app, 91);
    const { token } = (await login(testApp.app, 91, email, TEST_PASSWORD)).json().data;
    await siteRequest(testApp.app, 91, { method: 'POST', url: '/logout', headers: bearer(token) });
    const other = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/logged',
      headers: bearer(registrationToken),
    });
    expect(other.json().data).toBe(true);
  });

  it('answers 200 to a visitor who is not logged in', async () => {
    const response = await siteRequest(testApp.app, 91, { method: 'POST', url: '/logout' });
    expect(response.statusCode).toBe(200);
  });
});

describe('demo administrators', () => {
  it('are created by the seed only when a password is given, and can log in as ADMIN', async () => {
    await seedDatabase(testApp.database.db);
    expect(
      (await login(testApp.app, 91, 'admin@atelier-clemence.fr', 'Demonstration2026')).statusCode,
    ).toBe(401);

    await seedDatabase(testApp.database.db, { demoAdminPassword: 'Demonstration2026' });
    const salon = await login(testApp.app, 91, 'admin@atelier-clemence.fr', 'Demonstration2026');
    expect(salon.json().data.user.role).toBe('ADMIN');
    const domaine = await login(
      testApp.app,
      92,
      'admin@domaine-trois-coteaux.fr',
      'Demonstration2026',
    );
    expect(domaine.json().data.user.role).toBe('ADMIN');

    // A later run with another password changes nothing.
    expect(
      await seedDatabase(testApp.database.db, { demoAdminPassword: 'Autre2026motdepasse' }),
    ).toEqual({
      inserted: false,
    });
    expect(
      (await login(testApp.app, 91, 'admin@atelier-clemence.fr', 'Demonstration2026')).statusCode,
    ).toBe(200);
  });
});
