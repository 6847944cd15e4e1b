import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { SUPER_ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin-platform';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_LOGGED_IN_MESSAGE } from './user-service';

/** The one /admin route the storefront calls on every page, for anyone (docs/requirements/platform.md). */
const PUBLIC_ADMIN_ROUTES = new Set(['GET /admin/address/type']);

let testApp: TestApp;
let customerToken: string;
const adminRoutes: Array<{ method: string; url: string }> = [];

beforeAll(async () => {
  testApp = await createTestApp();
  testApp.app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/admin/')) continue;
      if (!PUBLIC_ADMIN_ROUTES.has(`${method} ${route.url}`))
        adminRoutes.push({ method, url: route.url });
    }
  });
  await testApp.app.ready();
  customerToken = (await createUserWithSession(testApp.database.db, { siteId: 91 })).token;
});
afterAll(async () => {
  await testApp?.close();
});

/** Everything about the request is wrong: ids out of range, a NUL, a body that is not JSON. */
function garbage(url: string) {
  return {
    url: `${url.replace(/:[A-Za-z]+/g, '0%00')}?page=-5`,
    headers: { 'content-type': 'application/json' },
    payload: '{"html": [1, 2',
  };
}

describe('every /admin route', () => {
  it('is found (the check below covers real routes)', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(6);
  });

  it('answers a visitor 401 before reading anything of the request', async () => {
    for (const route of adminRoutes) {
      const response = await siteRequest(testApp.app, 91, {
        method: route.method as 'POST',
        ...garbage(route.url),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        data: null,
        message: NOT_LOGGED_IN_MESSAGE,
      });
    }
  });

  it('answers a customer 403 before reading anything of the request', async () => {
    for (const route of adminRoutes) {
      const request = garbage(route.url);
      const response = await siteRequest(testApp.app, 91, {
        method: route.method as 'POST',
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${customerToken}` },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      // The platform's routes are for SUPER_ADMIN only, and say so.
      expect(response.json().message).toBe(
        route.url.startsWith('/admin/platform/') ? SUPER_ADMIN_ONLY_MESSAGE : ADMIN_ONLY_MESSAGE,
      );
    }
  });

  it('leaves the address types public', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/admin/address/type',
    });
    expect(response.statusCode).toBe(200);
  });
});
