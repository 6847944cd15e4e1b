import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { auditLog } from '../db/schema';
import { NOT_LOGGED_IN_MESSAGE } from '../modules/user/user-service';
import { bearer } from './accounts';
import { siteRequest } from './http';
import { createUserWithSession } from './sessions';
import { createTestApp, type TestApp } from './test-app';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * An API with a stand-in storefront that records the tags it is asked to revalidate, and the
 * sessions an admin route's tests need: ADMIN and SUPER_ADMIN of site 91, a customer of 91, and
 * an ADMIN of site 92 (a visitor on 91, and the owner of another site's ids).
 */
export async function createAdminHarness() {
  let revalidated: string[][] = [];
  const storefront: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      revalidated.push((JSON.parse(raw) as { tags: string[] }).tags);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"revalidated":true}');
    });
  });
  await new Promise<void>((resolve) => storefront.listen(0, '127.0.0.1', resolve));
  const { port } = storefront.address() as AddressInfo;
  const testApp: TestApp = await createTestApp({
    env: {
      STOREFRONT_URL: `http://127.0.0.1:${port}/`,
      REVALIDATE_SECRET: 'secret-partage-api-et-vitrine',
    },
  });
  const db = testApp.database.db;
  const tokens = {
    admin: (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token,
    superAdmin: (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token,
    customer: (await createUserWithSession(db, { siteId: 91, role: 'CUSTOMER' })).token,
    otherSiteAdmin: (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token,
  };

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
      revalidated = [];
    },

    async revalidatedTags(): Promise<string[][]> {
      await testApp.app.backgroundTasks.idle();
      return revalidated;
    },

    /** The site's journal entries of one entity type, newest first. */
    auditRows(siteId: number, entityType: string) {
      return db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.siteId, siteId), eq(auditLog.entityType, entityType)))
        .orderBy(desc(auditLog.id));
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
      await new Promise((resolve) => storefront.close(resolve));
    },
  };
}

export type AdminHarness = Awaited<ReturnType<typeof createAdminHarness>>;
