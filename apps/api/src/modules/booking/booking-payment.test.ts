import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKING_CARD_UNAVAILABLE_MESSAGE,
  BOOKING_DEADLINE_PASSED_MESSAGE,
  BOOKING_PAYMENT_REQUIRED_MESSAGE,
  BOOKING_TOKEN_HEADER,
  bookableServiceSchema,
  bookingHoldSchema,
  type BookableService,
  type BookingHold,
} from '@comptoir/contract/booking';
import { bookings } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { siteRequest } from '../../test/http';
import { mailsTo } from '../../test/mails';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createStripeRepository } from '../payment';

/*
 * A booking that asks for a deposit (site 92's « Dégustation privée », 50 € of 180 €): it waits
 * for the card payment holding its time, the webhook confirms it, and a cancellation within the
 * deadline refunds it — never after the deadline, never a payment that does not match.
 */
const KEYS = {
  publishableKey: 'pk_test_domaine',
  secretKey: 'sk_test_domaine',
  webhookSigningSecret: 'whsec_domaine',
};
const START = new Date('2026-12-14T09:00:00Z');
const clock = { now: START };
let testApp: TestApp;
let fakeStripe: FakeStripe;
let runJob: () => Promise<number>;
let tasting: BookableService;
let adminToken: string;
let eventCount = 0;

const paris = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`).toISOString();
const guest = (email: string) => ({
  firstname: 'Paul',
  lastname: 'Morel',
  email,
  phone: '06 10 20 30 40',
});

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  return siteRequest(testApp.app, 92, {
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { [BOOKING_TOKEN_HEADER]: token } : {},
  });
}

async function hold(start: string, partySize = 4): Promise<BookingHold> {
  const response = await call('POST', '/booking/hold', null, {
    serviceId: tasting.id,
    start,
    partySize,
  });
  expect(response.statusCode, response.body).toBe(200);
  return bookingHoldSchema.parse(response.json().data);
}

function deliver(
  intent: { id: string; amount: number; metadata: Record<string, string> },
  amount = intent.amount,
) {
  eventCount += 1;
  const payload = JSON.stringify({
    id: `evt_booking_${eventCount}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount,
        amount_received: amount,
        currency: 'eur',
        status: 'succeeded',
        metadata: intent.metadata,
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: KEYS.webhookSigningSecret,
  });
  return testApp.app.inject({
    method: 'POST',
    url: '/custom-stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

/** Holds, gives the details and starts the payment: the PaymentIntent the fake Stripe made. */
async function awaitingPayment(start: string, email: string) {
  const held = await hold(start);
  const confirmed = await call('POST', `/booking/${held.booking.id}/confirm`, held.token, {
    customer: guest(email),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().data).toMatchObject({ status: 'awaiting_payment', dueOnlineCents: 5000 });
  const intent = await call('POST', `/booking/${held.booking.id}/payment-intent`, held.token);
  expect(intent.statusCode, intent.body).toBe(200);
  expect(intent.json().data).toMatchObject({ amountCents: 5000, publicKey: KEYS.publishableKey });
  const made = [...fakeStripe.intents.values()].find(
    (candidate) => candidate.metadata.bookingId === String(held.booking.id),
  )!;
  return { held, intent: made };
}

const refundsOf = (intentId: string) =>
  fakeStripe.requests.filter(
    (request) => request.path === '/v1/refunds' && request.form.payment_intent === intentId,
  );

async function stored(id: number) {
  const [row] = await testApp.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  testApp = await createTestApp({
    now: () => clock.now,
    env: { STRIPE_API_URL: fakeStripe.url },
    onBookings: (module) => {
      runJob = module.runJob;
    },
  });
  const response = await siteRequest(testApp.app, 92, { method: 'GET', url: '/booking/service' });
  tasting = bookableServiceSchema
    .array()
    .parse(response.json().data.services)
    .find((service) => service.name === 'Dégustation privée')!;
  adminToken = (
    await createUserWithSession(testApp.database.db, {
      siteId: 92,
      role: 'ADMIN',
      expiresAt: new Date('2031-01-01'),
    })
  ).token;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
  await fakeStripe?.close();
});

describe('a deposit by card', () => {
  it('is not booked while the site takes no card', async () => {
    const response = await call('POST', '/booking/hold', null, {
      serviceId: tasting.id,
      start: paris('2026-12-18', '10:00'),
      partySize: 2,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BOOKING_CARD_UNAVAILABLE_MESSAGE);
    await createStripeRepository(testApp.database.db).saveAccount({ siteId: 92, ...KEYS });
  });

  it('waits for the payment holding its time, is confirmed by the webhook, and refunded on a cancellation in time', async () => {
    const { held, intent } = await awaitingPayment(
      paris('2026-12-18', '10:00'),
      'deposit@example.fr',
    );
    expect(intent).toMatchObject({ amount: 5000, metadata: { siteId: '92', kind: 'booking' } });
    expect(await mailsTo(testApp, 'deposit@example.fr')).toEqual([]);
    // Awaiting payment, the time is not confirmed, and moving it is refused.
    const move = await call('POST', `/booking/${held.booking.id}/move`, held.token, {
      start: paris('2026-12-18', '14:00'),
    });
    expect(move.json().message).toBe(BOOKING_PAYMENT_REQUIRED_MESSAGE);
    // The same time is taken meanwhile.
    const taken = await call('POST', '/booking/hold', null, {
      serviceId: tasting.id,
      start: paris('2026-12-18', '10:00'),
      partySize: 2,
    });
    expect(taken.statusCode).toBe(409);

    const wrong = await deliver(intent, 100);
    expect(wrong.json().data.outcome).toBe('ignored: amount mismatch');
    expect((await stored(held.booking.id)).status).toBe('awaiting_payment');

    const paid = await deliver(intent);
    expect(paid.json().data.outcome).toBe('booking confirmed');
    expect(await stored(held.booking.id)).toMatchObject({
      status: 'confirmed',
      paidCents: 5000,
      holdExpiresAt: null,
    });
    const [mail] = await mailsTo(testApp, 'deposit@example.fr');
    expect(mail!.text).toMatch(/Réglé en ligne : 50,00\s€/);
    // A second delivery of the same success changes nothing.
    expect((await deliver(intent)).json().data.outcome).toBe('ignored: already paid');

    const cancelled = await call('POST', `/booking/${held.booking.id}/cancel`, held.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(refundsOf(intent.id).map((request) => request.form.amount)).toEqual(['5000']);
    expect(await stored(held.booking.id)).toMatchObject({
      status: 'cancelled',
      refundedCents: 5000,
    });
    const [cancelMail] = await mailsTo(testApp, 'deposit@example.fr');
    expect(cancelMail!.text).toMatch(/50,00\s€ réglés en ligne vous sont remboursés/);
  });

  it('keeps the deposit of a cancellation after the deadline, which only the owner may still refund', async () => {
    const { held, intent } = await awaitingPayment(paris('2026-12-18', '15:00'), 'late@example.fr');
    await deliver(intent);
    clock.now = new Date(new Date(paris('2026-12-18', '15:00')).getTime() - 71 * 3_600_000);
    const cancel = await call('POST', `/booking/${held.booking.id}/cancel`, held.token);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(BOOKING_DEADLINE_PASSED_MESSAGE);
    expect(refundsOf(intent.id)).toEqual([]);
    expect((await stored(held.booking.id)).status).toBe('confirmed');
    const byOwner = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/admin/booking/${held.booking.id}/cancel`,
      payload: { reason: 'Cave inondée' },
      headers: bearer(adminToken),
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(refundsOf(intent.id).map((request) => request.form.amount)).toEqual(['5000']);
    clock.now = START;
  });

  it('releases an unpaid booking after its payment time, and refunds a payment that comes after another took the time', async () => {
    const { held, intent } = await awaitingPayment(paris('2026-12-17', '10:00'), 'slow@example.fr');
    clock.now = new Date(START.getTime() + 31 * 60_000);
    await runJob();
    expect((await stored(held.booking.id)).status).toBe('cancelled');
    const other = await hold(paris('2026-12-17', '10:00'), 2);
    expect(other.booking.status).toBe('held');
    const paidLate = await deliver(intent);
    expect(paidLate.json().data.outcome).toBe('booking refunded: time no longer free');
    expect(refundsOf(intent.id).map((request) => request.form.amount)).toEqual(['5000']);
    expect(await stored(held.booking.id)).toMatchObject({
      status: 'cancelled',
      paidCents: 5000,
      refundedCents: 5000,
    });
    clock.now = START;
  });
});
