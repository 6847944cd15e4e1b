import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../db/schema';
import { createOrderRepository, OVERDUE_BATCH } from './order-repository';
import { manualJobRunner } from '../../test/manual-jobs';
import { createOrderTestApp, type OrderTestApp } from '../../test/orders';

/*
 * Issue 31, decision 0123: a site with a large backlog of due work (overdue payments, mails)
 * does not delay another site's. Each job takes its batch in turns across the sites; here one
 * site holds more due rows than a whole run takes, and the other site's row still goes in the
 * first run. The payment deadlines pass on the test's own clock.
 */
const HOUR = 3_600_000;
let clock = new Date('2026-06-01T10:00:00Z');
const jobs = manualJobRunner();
let testApp: OrderTestApp;

beforeAll(async () => {
  testApp = await createOrderTestApp({ now: () => clock, jobs: jobs.runner });
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

/** The numbers (and carts) of the orders written here, past the ones the tests place. */
let written = 900_000;

/** `count` orders of the site awaiting payment until `dueAt`, written straight into the table. */
async function pendingOrders(siteId: number, count: number, dueAt: Date): Promise<number[]> {
  const first = written;
  written += count;
  const rows = await testApp.database.db.execute(sql`
    insert into ${orders} (site_id, number, cart_id, status, payment_method, email, phone,
      firstname, lastname, billing_address, delivery_type, products_cents, shipping_cents,
      shipping_vat_rate_basis_points, total_cents, vat_cents, payment_due_at, created_at)
    select ${siteId}, ${first} + n, ${first} + n, 'PENDING_PAYMENT', 'BANK_TRANSFER',
      'attente-' || n || '@example.fr', '0601020304', 'Camille', 'Martin', '{}'::jsonb,
      'NO_DELIVERY', 1000, 0, 2000, 1000, 167, ${dueAt.toISOString()}::timestamptz,
      ${new Date(dueAt.getTime() - 72 * HOUR).toISOString()}::timestamptz
    from generate_series(1, ${count}) as n
    returning id`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

describe('fair batches across sites', () => {
  it("takes a small site's overdue order in the first run despite a large site's backlog", async () => {
    // Site 92: 600 orders overdue for a day, more than one run's 500. Site 91: one order, due
    // later than all of them (and created after them: a larger id).
    const backlog = await pendingOrders(92, 600, new Date(clock.getTime() - 24 * HOUR));
    const [small] = await pendingOrders(91, 1, new Date(clock.getTime() + HOUR));
    const overdue = createOrderRepository(testApp.database.db);
    expect((await overdue.overdueOrderIds(clock)).map((order) => order.id)).not.toContain(small);

    // The test's clock passes the small order's deadline: the next run's batch holds it.
    clock = new Date(clock.getTime() + 2 * HOUR);
    const batch = await overdue.overdueOrderIds(clock);
    expect(batch).toHaveLength(OVERDUE_BATCH);
    expect(batch.map((order) => order.id)).toContain(small);
    expect(batch.filter((order) => order.siteId === 92)).toHaveLength(OVERDUE_BATCH - 1);
    // Within the large site, its oldest first.
    expect(batch.filter((order) => order.siteId === 92).map((order) => order.id)).toEqual(
      backlog.slice(0, OVERDUE_BATCH - 1),
    );
  });

  it("heads the batch with each site's first due order", async () => {
    const [small] = await pendingOrders(91, 1, new Date(clock.getTime() - HOUR));
    const repository = createOrderRepository(testApp.database.db);
    const batch = await repository.overdueOrderIds(clock);
    // Each site's first turn leads the batch: site 91's order, then site 92's oldest.
    expect(
      batch
        .slice(0, 2)
        .map((order) => order.siteId)
        .sort(),
    ).toEqual([91, 92]);
    expect(batch.map((order) => order.id)).toContain(small);
  });

  it("sends a small site's mail in the first run despite a large site's backlog", async () => {
    const db = testApp.database.db;
    // Site 92: 120 mails waiting for an hour, more than a run's 50. Site 91: two, queued now.
    await db.execute(sql`
      insert into ${mailOutbox} (site_id, sender, recipient, subject, text, html, next_attempt_at)
      select 92, 'boutique@example.fr', 'retard-' || n || '@example.fr', 'Attente', 'Texte',
        '<p>Texte</p>', now() - interval '1 hour' + n * interval '1 second'
      from generate_series(1, 120) as n`);
    await db.insert(mailOutbox).values(
      ['petit-1@example.fr', 'petit-2@example.fr'].map((recipient) => ({
        siteId: 91,
        sender: 'atelier@example.fr',
        recipient,
        subject: 'Votre rendez-vous',
        text: 'Texte',
        html: '<p>Texte</p>',
      })),
    );
    const deliver = jobs.jobs.get('mail-delivery')!;

    expect(await deliver()).toBe(50);
    const small = await db
      .select({ status: mailOutbox.status })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.siteId, 91), sql`${mailOutbox.recipient} like 'petit-%'`));
    expect(small.map((row) => row.status)).toEqual(['sent', 'sent']);
    const [large] = await db
      .select({ sent: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(and(sql`${mailOutbox.recipient} like 'retard-%'`, eq(mailOutbox.status, 'sent')));
    expect(large!.sent).toBe(48);
    // The backlog goes on in the next runs, oldest first.
    expect(await deliver()).toBe(50);
    expect(await deliver()).toBe(22);
    expect(await deliver()).toBe(0);
  }, 120_000);
});
