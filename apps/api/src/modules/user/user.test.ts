import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '@comptoir/contract/user';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_LOGGED_IN_MESSAGE } from './user-service';

let testApp: TestApp;
let salonToken: string;
let salonUserId: number;
beforeAll(async () => {
  testApp = await createTestApp();
  const session = await createUserWithSession(testApp.database.db, {
    siteId: 91,
    email: 'camille.durand@example.fr',
    role: 'ADMIN',
  });
  salonToken = session.token;
  salonUserId = session.user.id;
});
afterAll(async () => {
  await testApp?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /logged', () => {
  it('answers false without a token', async () => {
    const response = await siteRequest(testApp.app, 91, { method: 'GET', url: '/logged' });
    expect(response.json()).toEqual({ success: true, data: false, message: null });
  });

  it('answers true with a valid bearer token', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/logged',
      headers: bearer(salonToken),
    });
    expect(response.json().data).toBe(true);
  });

  it('answers true with the token cookie', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/logged',
      cookies: { token: salonToken },
    });
    expect(response.json().data).toBe(true);
  });

  it('answers false for an unknown token', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/logged',
      headers: bearer('not-a-real-token'),
    });
    expect(response.json().data).toBe(false);
  });
});

describe('GET /user', () => {
  it('answers the logged-in user', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/user',
      headers: bearer(salonToken),
    });
    expect(response.statusCode).toBe(200);
    expect(userSchema.parse(response.json().data)).toEqual({
      id: salonUserId,
      email: 'camille.durand@example.fr',
      phone: '06 11 22 33 44',
      firstname: 'Camille',
      lastname: 'Durand',
      birthdate: '1990-04-12',
      role: 'ADMIN',
      analyticsId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      ),
    });
    expect(response.body).not.toContain('password');
  });

  it('gives analytics an opaque id of its own: neither the e-mail, the name nor the row id, and the same on every call', async () => {
    const read = async () =>
      userSchema.parse(
        (
          await siteRequest(testApp.app, 91, {
            method: 'GET',
            url: '/user',
            headers: bearer(salonToken),
          })
        ).json().data,
      );
    const first = await read();
    expect((await read()).analyticsId).toBe(first.analyticsId);
    for (const known of [first.email, first.firstname, first.lastname]) {
      expect(first.analyticsId).not.toContain(known.toLowerCase());
    }
    expect(first.analyticsId).not.toBe(String(first.id));
  });

  it('answers 401 with a French message without a token', async () => {
    const response = await siteRequest(testApp.app, 91, { method: 'GET', url: '/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, data: null, message: NOT_LOGGED_IN_MESSAGE });
    expect(NOT_LOGGED_IN_MESSAGE).toBe('Vous devez être connecté.');
  });

  it('refuses a token of site 91 on site 92', async () => {
    const user = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/user',
      headers: bearer(salonToken),
    });
    expect(user.statusCode).toBe(401);
    const logged = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/logged',
      cookies: { token: salonToken },
    });
    expect(logged.json().data).toBe(false);
  });

  it('refuses an expired token', async () => {
    const { token } = await createUserWithSession(testApp.database.db, {
      siteId: 91,
      expiresAt: new Date(Date.now() - 1000),
    });
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/user',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
  });

  it('prefers the Authorization header to the cookie', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/user',
      headers: bearer('stale-token'),
      cookies: { token: salonToken },
    });
    expect(response.statusCode).toBe(401);
  });
});
