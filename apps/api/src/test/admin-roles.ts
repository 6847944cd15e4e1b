import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import { NOT_LOGGED_IN_MESSAGE } from '../modules/user';
import { bearer } from './accounts';
import { siteRequest } from './http';
import { createUserWithSession } from './sessions';

/** Sessions of every role that matters to an admin route of `siteId`, and another site's admin. */
export async function adminRoleTokens(db: Db, siteId: number, otherSiteId: number) {
  const token = async (site: number, role: 'ADMIN' | 'SUPER_ADMIN' | 'CUSTOMER') =>
    (await createUserWithSession(db, { siteId: site, role })).token;
  return {
    admin: await token(siteId, 'ADMIN'),
    superAdmin: await token(siteId, 'SUPER_ADMIN'),
    customer: await token(siteId, 'CUSTOMER'),
    otherSiteAdmin: await token(otherSiteId, 'ADMIN'),
  };
}
export type AdminRoleTokens = Awaited<ReturnType<typeof adminRoleTokens>>;

export interface AdminRouteCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Called for each request, so that a create can name a new record each time. */
  payload?: () => object;
}

export function adminCall(
  app: FastifyInstance,
  siteId: number,
  call: { method: AdminRouteCall['method']; url: string; payload?: object },
  token?: string,
) {
  return siteRequest(app, siteId, {
    method: call.method,
    url: call.url,
    ...(call.payload ? { payload: call.payload } : {}),
    headers: token ? bearer(token) : {},
  });
}

/**
 * The back office's role matrix on one route: a visitor 401, a customer 403, another site's
 * administrator a visitor here (401), ADMIN and SUPER_ADMIN of the site served (200).
 */
export async function expectAdminOnly(
  app: FastifyInstance,
  siteId: number,
  tokens: AdminRoleTokens,
  route: AdminRouteCall,
): Promise<void> {
  const send = (token?: string) =>
    adminCall(
      app,
      siteId,
      { ...route, ...(route.payload ? { payload: route.payload() } : {}) },
      token,
    );
  const visitor = await send();
  expect(visitor.statusCode).toBe(401);
  expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
  const customer = await send(tokens.customer);
  expect(customer.statusCode).toBe(403);
  expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
  expect((await send(tokens.otherSiteAdmin)).statusCode).toBe(401);
  for (const token of [tokens.admin, tokens.superAdmin]) {
    const allowed = await send(token);
    expect(allowed.statusCode, allowed.body).toBe(200);
  }
}

/** The journal's entries of one entity type on a site, newest first. */
export async function auditEntries(db: Db, siteId: number, entityType: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.siteId, siteId), eq(auditLog.entityType, entityType)))
    .orderBy(desc(auditLog.id));
}
