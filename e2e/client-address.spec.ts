import { expect, test } from '@playwright/test';
import { rawRequest } from './support/raw-http';
import { WEB_PORT } from './support/urls';

/**
 * The client address behind the API's per-address limits (issue 14 §2) is the one the storefront's
 * socket saw, written by apps/web/server.ts: a visitor's own X-Forwarded-For changes nothing.
 * 127.0.0.2 and 127.0.0.3 are two real, distinct source addresses of this machine (every address
 * of 127/8 is local), so each gets a budget of its own.
 */

const HOST = `localhost:${WEB_PORT}`;
/** Well past the e2e API's login limit per address (30 × AUTH_RATE_LIMIT_SCALE 20). */
const MAX_ATTEMPTS = 2_000;

/**
 * One login the API refuses before any password check (no password: a 400 from the schema, so no
 * argon2 work nor per-account count and the run stays short), counted by the per-address limit
 * like any login: the limit runs first, on every request.
 */
function refusedLogin(localAddress: string, forwardedFor?: string) {
  return rawRequest({
    host: HOST,
    path: '/api/login',
    method: 'POST',
    localAddress,
    headers: {
      'content-type': 'application/json',
      siteId: '91',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email: 'visiteur@example.fr' }),
  });
}

/** Logins sent until the first 429, each with the forwarding header `forwardedFor` gives it. */
async function loginsUntilRefused(
  localAddress: string,
  forwardedFor: (attempt: number) => string | undefined,
): Promise<number> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const { status } = await refusedLogin(localAddress, forwardedFor(attempt));
    if (status === 429) return attempt;
    expect(status, `attempt ${attempt}`).toBeLessThan(500);
  }
  return Infinity;
}

test('the login limit trips at the same count whatever X-Forwarded-For says, and two real addresses get separate budgets', async () => {
  test.setTimeout(180_000);
  // A forged, different address on every request, as a script would rotate them.
  const spoofed = await loginsUntilRefused(
    '127.0.0.2',
    (attempt) => `203.0.113.${attempt % 250}, 198.51.100.${attempt % 250}`,
  );
  expect(spoofed).toBeLessThan(Infinity);

  // Refused from 127.0.0.2, whatever address it now claims, even the one 127.0.0.3 really has.
  expect((await refusedLogin('127.0.0.2', '192.0.2.1')).status).toBe(429);
  expect((await refusedLogin('127.0.0.2', '127.0.0.3')).status).toBe(429);

  // 127.0.0.3 has a budget of its own, the same size, header or not.
  const plain = await loginsUntilRefused('127.0.0.3', () => undefined);
  expect(plain).toBe(spoofed);
});
