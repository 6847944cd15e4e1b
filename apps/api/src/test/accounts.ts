import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RegisterBody } from '@comptoir/contract/auth';
import type { AuthLimits } from '../lib/rate-limits';
import { siteRequest } from './http';

/** Limits high enough that test files registering many accounts never reach them. */
export const RELAXED_AUTH_LIMITS: Partial<AuthLimits> = {
  loginPerIp: { max: 10_000, timeWindowMs: 60_000 },
  registerPerIp: { max: 10_000, timeWindowMs: 60_000 },
  passwordResetAskPerIp: { max: 10_000, timeWindowMs: 60_000 },
  newsletterSubscribePerIp: { max: 10_000, timeWindowMs: 60_000 },
  newCartsPerIp: { max: 10_000, timeWindowMs: 60_000 },
  discountChecksPerIp: { max: 10_000, timeWindowMs: 60_000 },
  discountChecksPerCart: { max: 10_000, timeWindowMs: 60_000 },
  bookingHoldsPerIp: { max: 10_000, timeWindowMs: 60_000 },
};

export const TEST_PASSWORD = 'Brushing2026';

export function uniqueEmail(prefix = 'client'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.fr`;
}

export function registrationBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  return {
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    firstname: 'Léa',
    lastname: 'Moreau',
    phone: '06 12 34 56 78',
    // An adult: site 92 sells alcohol and asks every customer's birth date (decision 0109).
    birthdate: '1990-04-12',
    acceptTerms: true,
    ...overrides,
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Registers through POST /register and answers the session the API handed out, once the welcome
 * mail has been kept: a test reading the newest mail of the address (a reset link, say) must not
 * find the welcome mail written after its own.
 */
export async function registerCustomer(
  app: FastifyInstance,
  siteId: number,
  overrides: Partial<RegisterBody> = {},
) {
  const body = registrationBody(overrides);
  const response = await siteRequest(app, siteId, {
    method: 'POST',
    url: '/register',
    payload: body,
  });
  if (response.statusCode !== 200) {
    throw new Error(`Registration failed (${response.statusCode}): ${response.body}`);
  }
  await app.backgroundTasks.idle();
  const data = response.json().data as { token: string; user: { id: number; email: string } };
  return { ...data, email: body.email, password: body.password as string };
}

export function login(
  app: FastifyInstance,
  siteId: number,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return siteRequest(app, siteId, {
    method: 'POST',
    url: '/login',
    payload: { email, password },
    headers,
  });
}

/** A Set-Cookie header of the response, by cookie name. */
export function cookieHeader(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((cookie) => cookie.startsWith(`${name}=`));
}
