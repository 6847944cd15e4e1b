import { expect } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { NOT_LOGGED_IN_MESSAGE } from '../modules/user';
import { bearer } from './accounts';
import { siteRequest } from './http';
import { adminRoleTokens, auditEntries } from './admin-roles';
import { startStorefrontStandIn } from './storefront-stand-in';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * An API with a stand-in storefront that records the tags it is asked to revalidate, and the
 * sessions an admin route's tests need: ADMIN and SUPER_ADMIN of site 91, a customer of 91, and
 * an ADMIN of site 92 (a visitor on 91, and the owner of another site's ids). `options` are the
 * app's (more environment variables, a logger).
 */
export async function createAdminHarness(options: TestAppOptions = {}) {
  const storefront = await startStorefrontStandIn();
  const testApp: TestApp = await createTestApp({
    ...options,
    env: { ...options.env, ...storefront.env },
  });
  const db = testApp.database.db;
  const tokens = await adminRoleTokens(db, 91, 92);

  function send(
    method: AdminMethod,
    url: string,
    options: { token?: string; siteId?: number; payload?: unknown } = {},
  ) {
    return siteRequest(testApp.app, options.siteId ?? 91, {
      method,
      url,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      headers: options.token ? bearer(options.token) : {},
    });
  }

  return {
    testApp,
    db,
    tokens,
    send,

    /** Forgets the tags asked so far (once the background requests have been sent). */
    async resetRevalidations() {
      await testApp.app.backgroundTasks.idle();
      storefront.revalidated.length = 0;
    },

    async revalidatedTags(): Promise<string[][]> {
      await testApp.app.backgroundTasks.idle();
      return [...storefront.revalidated];
    },

    /** The site's journal entries of one entity type, newest first. */
    auditRows(siteId: number, entityType: string) {
      return auditEntries(db, siteId, entityType);
    },

    /**
     * 401 for a visitor and for another site's session, 403 for a customer, then `allowed`
     * (2xx) for ADMIN and SUPER_ADMIN. `request` builds a fresh request each time, so that a
     * write that consumes its target (a delete) can be repeated.
     */
    async expectRoleMatrix(
      request: () => Promise<{ method: AdminMethod; url: string; payload?: unknown }>,
    ) {
      const refused = await request();
      const visitor = await send(refused.method, refused.url, { payload: refused.payload });
      expect(visitor.statusCode, visitor.body).toBe(401);
      expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
      const customer = await send(refused.method, refused.url, {
        payload: refused.payload,
        token: tokens.customer,
      });
      expect(customer.statusCode).toBe(403);
      expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
      const otherSite = await send(refused.method, refused.url, {
        payload: refused.payload,
        token: tokens.otherSiteAdmin,
      });
      expect(otherSite.statusCode).toBe(401);
      for (const token of [tokens.admin, tokens.superAdmin]) {
        const allowed = await request();
        const answer = await send(allowed.method, allowed.url, { payload: allowed.payload, token });
        expect(answer.statusCode, answer.body).toBe(200);
      }
    },

    async close() {
      await testApp.close();
      await storefront.close();
    },
  };
}

export type AdminHarness = Awaited<ReturnType<typeof createAdminHarness>>;
