import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE, TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { LoginLockout } from '../../lib/rate-limits';
import { registerCustomer, RELAXED_AUTH_LIMITS, TEST_PASSWORD } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { linkIn, mailsTo } from '../../test/mails';
import { createTestApp, type TestApp } from '../../test/test-app';

const MINUTE = 60_000;
const PER_ACCOUNT_AND_IP = 3;
const PER_ACCOUNT = 7;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: {
      ...RELAXED_AUTH_LIMITS,
      loginFailuresPerAccountAndIp: { max: PER_ACCOUNT_AND_IP, timeWindowMs: 15 * MINUTE },
      loginFailuresPerAccount: { max: PER_ACCOUNT, timeWindowMs: 24 * 60 * MINUTE },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

/** A login from a real source address (the connection's, not a header a visitor could choose). */
function loginFrom(ip: string, email: string, password: string) {
  return siteRequest(testApp.app, 91, {
    method: 'POST',
    url: '/login',
    remoteAddress: ip,
    payload: { email, password },
  });
}

async function failFrom(ip: string, email: string, times: number) {
  for (let attempt = 1; attempt <= times; attempt += 1) {
    const response = await loginFrom(ip, email, 'Mauvais2026');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);
  }
}

describe('login lockout per account and client address', () => {
  it('locks out the address that guessed, while the owner still logs in from another', async () => {
    const { email } = await registerCustomer(testApp.app, 91);
    await failFrom('127.0.0.2', email, PER_ACCOUNT_AND_IP);

    const guesser = await loginFrom('127.0.0.2', email, TEST_PASSWORD);
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json()).toEqual({
      success: false,
      data: null,
      message: TOO_MANY_ATTEMPTS_MESSAGE,
    });

    const owner = await loginFrom('127.0.0.3', email, TEST_PASSWORD);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user.email).toBe(email);
  });

  it('stops guessing spread over many addresses at the higher per-account ceiling', async () => {
    const { email } = await registerCustomer(testApp.app, 91);
    // Two failures from each address: never the per-address limit, but the account's ceiling.
    for (let index = 0; index < PER_ACCOUNT; index += 1) {
      await failFrom(`198.51.100.${10 + Math.floor(index / 2)}`, email, 1);
    }
    const fresh = await loginFrom('203.0.113.77', email, TEST_PASSWORD);
    expect(fresh.statusCode).toBe(429);
  });

  it('forgets every count of the account once its password has been reset', async () => {
    const { email } = await registerCustomer(testApp.app, 91);
    await failFrom('127.0.0.4', email, PER_ACCOUNT_AND_IP);
    expect((await loginFrom('127.0.0.4', email, TEST_PASSWORD)).statusCode).toBe(429);

    await siteRequest(testApp.app, 91, {
      method: 'PUT',
      url: '/password/reset/ask',
      remoteAddress: '127.0.0.3',
      payload: { email },
    });
    const { token } = linkIn((await mailsTo(testApp, email))[0], '/password/reset');
    const newPassword = 'Coiffure2027!';
    const reset = await siteRequest(testApp.app, 91, {
      method: 'PUT',
      url: '/password/reset',
      payload: { token, password: newPassword },
    });
    expect(reset.statusCode).toBe(200);

    expect((await loginFrom('127.0.0.4', email, newPassword)).statusCode).toBe(200);
  });

  it('leaves other accounts alone', async () => {
    const target = await registerCustomer(testApp.app, 91);
    const neighbour = await registerCustomer(testApp.app, 91);
    await failFrom('127.0.0.5', target.email, PER_ACCOUNT_AND_IP);
    expect((await loginFrom('127.0.0.5', neighbour.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('LoginLockout', () => {
  it('lets the address try again once its failures have left the window', async () => {
    let now = 0;
    const lockout = new LoginLockout(
      {
        loginFailuresPerAccountAndIp: { max: 2, timeWindowMs: MINUTE },
        loginFailuresPerAccount: { max: 10, timeWindowMs: 60 * MINUTE },
      },
      { now: () => now },
    );
    await lockout.recordFailure(91, 'Lea@Example.fr', '192.0.2.1');
    await lockout.recordFailure(91, 'lea@example.fr ', '192.0.2.1');
    expect(await lockout.isBlocked(91, 'lea@example.fr', '192.0.2.1')).toBe(true);
    expect(await lockout.isBlocked(91, 'lea@example.fr', '192.0.2.2')).toBe(false);
    expect(await lockout.isBlocked(92, 'lea@example.fr', '192.0.2.1')).toBe(false);
    now += MINUTE + 1;
    expect(await lockout.isBlocked(91, 'lea@example.fr', '192.0.2.1')).toBe(false);
  });

  it('keeps counting failures from elsewhere after a successful login', async () => {
    const lockout = new LoginLockout({
      loginFailuresPerAccountAndIp: { max: 5, timeWindowMs: MINUTE },
      loginFailuresPerAccount: { max: 3, timeWindowMs: MINUTE },
    });
    await lockout.recordFailure(91, 'lea@example.fr', '192.0.2.1');
    await lockout.recordFailure(91, 'lea@example.fr', '192.0.2.2');
    await lockout.recordSuccess(91, 'lea@example.fr', '192.0.2.3');
    await lockout.recordFailure(91, 'lea@example.fr', '192.0.2.4');
    expect(await lockout.isBlocked(91, 'lea@example.fr', '192.0.2.3')).toBe(true);
    await lockout.clearAccount(91, 'LEA@example.fr');
    expect(await lockout.isBlocked(91, 'lea@example.fr', '192.0.2.3')).toBe(false);
  });
});
