import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, siteParameters, users } from '../../db/schema';
import type { JobRunner } from '../../lib/jobs';
import { bearer, login, registerCustomer } from '../../test/accounts';
import { mailsTo } from '../../test/mails';
import { siteRequest } from '../../test/http';
import {
  createOrderTestApp,
  customerCart,
  expectPlaced,
  homeCarrierId,
  homeDeliveryBody,
  placeOrder,
  testWine,
  type OrderTestApp,
} from '../../test/orders';
import { createUserWithSession } from '../../test/sessions';

/*
 * The inactive accounts job (decision 0110) on a fake clock: the job is taken from the runner
 * the app is given, and run by hand.
 */

const DAY_MS = 86_400_000;
const T = new Date();
let clock = T;
let testApp: OrderTestApp;
const jobs = new Map<string, () => Promise<unknown>>();
const runner: JobRunner = {
  every(name, _intervalMs, work) {
    jobs.set(name, work);
  },
  async stop() {},
};

beforeAll(async () => {
  testApp = await createOrderTestApp({ now: () => clock, jobs: runner });
}, 120_000);
afterAll(async () => {
  await testApp?.close();
});

function yearsBefore(date: Date, years: number, plusDays = 0) {
  const shifted = new Date(date.getTime() + plusDays * DAY_MS);
  shifted.setUTCFullYear(shifted.getUTCFullYear() - years);
  return shifted;
}

async function runJob(at: Date) {
  clock = at;
  const run = jobs.get('inactive-accounts');
  if (!run) throw new Error('The inactive accounts job was not scheduled');
  return run();
}

async function setLastActivity(userId: number, at: Date) {
  await testApp.database.db.update(users).set({ lastActiveAt: at }).where(eq(users.id, userId));
}

async function warningsTo(email: string) {
  return (await mailsTo(testApp, email)).filter((mail) => mail.subject.includes('sera supprimé'));
}

async function accountOf(userId: number) {
  const [row] = await testApp.database.db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** A home-delivery order of the customer, cancelled and dated `at`. */
async function oldCancelledOrder(token: string, at: Date) {
  const wine = await testWine(testApp, { priceCents: 1800 });
  const visitor = await customerCart(testApp.app, token, wine.declinationId, 1);
  const carrierId = await homeCarrierId(testApp.app, visitor, token);
  const order = expectPlaced(
    await placeOrder(
      testApp.app,
      { token },
      { ...homeDeliveryBody(visitor, carrierId), user: { phone: '0611111111' } },
    ),
  );
  await testApp.orders.service.transition(92, order.id, 'CANCELLED', 'admin:1');
  await testApp.app.backgroundTasks.idle();
  await testApp.database.db.update(orders).set({ createdAt: at }).where(eq(orders.id, order.id));
  return order;
}

describe('the inactive accounts job', () => {
  it('warns once 30 days before, anonymises after the period, and keeps the orders', async () => {
    const customer = await registerCustomer(testApp.app, 92, { firstname: 'Anatole' });
    const order = await oldCancelledOrder(customer.token, yearsBefore(T, 3, -200));
    await setLastActivity(customer.user.id, yearsBefore(T, 3, 10));

    await runJob(T);
    const [warning, ...more] = await warningsTo(customer.email);
    expect(more).toHaveLength(0);
    expect(warning?.subject).toMatch(/^Votre compte .+ sera supprimé le \d{1,2} \S+ \d{4}$/);
    expect(warning?.text).toContain('Bonjour Anatole,');
    expect(warning?.text).toContain('trois ans');
    expect(warning?.text).toMatch(/Me connecter : https?:\/\/\S+\/auth/);

    // A second run, and a run the next day, send nothing more.
    await runJob(T);
    await runJob(new Date(T.getTime() + DAY_MS));
    expect(await warningsTo(customer.email)).toHaveLength(1);

    // The period is over 10 days after T, but the warning is 30 days old only at T + 30 days.
    await runJob(new Date(T.getTime() + 29 * DAY_MS));
    expect(await accountOf(customer.user.id)).not.toBeNull();

    await runJob(new Date(T.getTime() + 31 * DAY_MS));
    expect(await accountOf(customer.user.id)).toBeNull();
    const [kept] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      userId: null,
      email: '',
      firstname: 'Client',
      lastname: 'anonymisé',
      deliveryAddress: null,
      totalCents: order.totals.totalCents,
    });
    expect(kept?.billingAddress).toEqual({ country: 'France' });
    // The login that would have kept the account no longer works.
    expect((await login(testApp.app, 92, customer.email, customer.password)).statusCode).toBe(401);
  });

  it('keeps an account whose customer logged in after the warning, and warns it no more', async () => {
    const customer = await registerCustomer(testApp.app, 92);
    await setLastActivity(customer.user.id, yearsBefore(T, 3, 5));
    await runJob(T);
    expect(await warningsTo(customer.email)).toHaveLength(1);

    expect((await login(testApp.app, 92, customer.email, customer.password)).statusCode).toBe(200);
    await runJob(new Date(T.getTime() + 40 * DAY_MS));
    expect(await accountOf(customer.user.id)).not.toBeNull();
    expect(await warningsTo(customer.email)).toHaveLength(1);
  });

  it('counts an order as activity', async () => {
    const customer = await registerCustomer(testApp.app, 92);
    await oldCancelledOrder(customer.token, yearsBefore(T, 1));
    await setLastActivity(customer.user.id, yearsBefore(T, 5));
    await runJob(T);
    await runJob(new Date(T.getTime() + 40 * DAY_MS));
    expect(await warningsTo(customer.email)).toHaveLength(0);
    expect(await accountOf(customer.user.id)).not.toBeNull();
  });

  it('follows the site’s period (INACTIVE_ACCOUNT_YEARS) and never touches an administrator', async () => {
    await testApp.database.db
      .update(siteParameters)
      .set({ value: '1' })
      .where(and(eq(siteParameters.siteId, 91), eq(siteParameters.type, 'INACTIVE_ACCOUNT_YEARS')));
    const [row] = await testApp.database.db
      .select()
      .from(siteParameters)
      .where(and(eq(siteParameters.siteId, 91), eq(siteParameters.type, 'INACTIVE_ACCOUNT_YEARS')));
    if (!row) {
      await testApp.database.db.insert(siteParameters).values({
        siteId: 91,
        type: 'INACTIVE_ACCOUNT_YEARS',
        kind: 'NUMBER',
        label: 'Conservation des comptes inactifs (années)',
        value: '1',
      });
    }
    testApp.app.siteCache.invalidateSite(91);
    const customer = await registerCustomer(testApp.app, 91);
    await setLastActivity(customer.user.id, yearsBefore(T, 1, 3));
    const admin = await createUserWithSession(testApp.database.db, { siteId: 91, role: 'ADMIN' });
    await setLastActivity(admin.user.id, yearsBefore(T, 8));

    await runJob(T);
    const [warning] = await warningsTo(customer.email);
    expect(warning?.text).toContain('un an');
    expect(await warningsTo(admin.user.email)).toHaveLength(0);
    await runJob(new Date(T.getTime() + 31 * DAY_MS));
    expect(await accountOf(customer.user.id)).toBeNull();
    expect(await accountOf(admin.user.id)).not.toBeNull();
  });
});

describe('a customer’s own data', () => {
  it('downloads the session’s own account and orders as JSON, never another’s', async () => {
    const mine = await registerCustomer(testApp.app, 92, { firstname: 'Philomène' });
    const theirs = await registerCustomer(testApp.app, 92, { firstname: 'Théodule' });
    await oldCancelledOrder(mine.token, T);
    await oldCancelledOrder(theirs.token, T);

    const response = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/user/data',
      headers: bearer(mine.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toContain('attachment');
    const data = response.json();
    expect(data.account).toMatchObject({ email: mine.email, firstname: 'Philomène' });
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].billingAddress.firstPart).toBeTruthy();
    expect(Array.isArray(data.newsletterSubscriptions)).toBe(true);
    expect(response.body).not.toContain(theirs.email);
    expect(response.body).not.toContain('Théodule');

    // Tries: another account's id in the query, the back office's export, no session.
    const tampered = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: `/user/data?id=${theirs.user.id}&userId=${theirs.user.id}`,
      headers: bearer(mine.token),
    });
    expect(tampered.body).not.toContain(theirs.email);
    const backOffice = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: `/admin/customer/${theirs.user.id}/export`,
      headers: bearer(mine.token),
    });
    expect(backOffice.statusCode).toBe(403);
    const visitor = await siteRequest(testApp.app, 92, { method: 'GET', url: '/user/data' });
    expect(visitor.statusCode).toBe(401);
    // A session of this site is worth nothing on another.
    const elsewhere = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/user/data',
      headers: bearer(mine.token),
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
