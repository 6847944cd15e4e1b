import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

let development: TestApp;
let production: TestApp;
let adminToken: string;
let customerToken: string;
let otherSiteAdminToken: string;

beforeAll(async () => {
  development = await createTestApp();
  production = await createTestApp({ env: { NODE_ENV: 'production' } });
  const db = production.database.db;
  adminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91 })).token;
  otherSiteAdminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
});
afterAll(async () => {
  await development?.close();
  await production?.close();
});

describe('the API docs', () => {
  it('are open to anyone in development', async () => {
    const ui = await development.app.inject({ method: 'GET', url: '/docs' });
    expect(ui.statusCode).toBeLessThan(400);
    const openapi = await development.app.inject({ method: 'GET', url: '/docs/json' });
    expect(openapi.statusCode).toBe(200);
    expect(openapi.json().info.title).toBe('Comptoir API');
  });

  it('answer a visitor 401 and a customer 403 in production, UI and OpenAPI alike', async () => {
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html']) {
      const visitor = await production.app.inject({ method: 'GET', url });
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json().success).toBe(false);
      const customer = await production.app.inject({
        method: 'GET',
        url,
        headers: { siteid: '91', authorization: `Bearer ${customerToken}` },
      });
      expect(customer.statusCode, url).toBe(403);
    }
  });

  it('refuse a session of another site in production', async () => {
    const response = await production.app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { siteid: '91', authorization: `Bearer ${otherSiteAdminToken}` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('are open to an admin in production, by header or by the login cookies', async () => {
    const byHeader = await production.app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { siteid: '91', authorization: `Bearer ${adminToken}` },
    });
    expect(byHeader.statusCode).toBe(200);
    const byCookies = await production.app.inject({
      method: 'GET',
      url: '/docs/json',
      cookies: { siteId: '91', token: adminToken },
    });
    expect(byCookies.statusCode).toBe(200);
    expect(byCookies.json().info.title).toBe('Comptoir API');
  });
});
