import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BOOKABLE_SERVICE_NOT_FOUND_MESSAGE,
  BOOKING_ALREADY_CANCELLED_MESSAGE,
  BOOKING_DEADLINE_PASSED_MESSAGE,
  BOOKING_GUEST_DETAILS_MESSAGE,
  BOOKING_HOLD_EXPIRED_MESSAGE,
  BOOKING_NOT_ENOUGH_SEATS_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  BOOKING_PARTY_SIZE_MESSAGE,
  BOOKING_TIME_TAKEN_MESSAGE,
  BOOKING_TIME_UNAVAILABLE_MESSAGE,
  BOOKING_TOKEN_HEADER,
  bookableServiceSchema,
  bookingHoldSchema,
  bookingSchema,
  getBookingAvailability,
  type BookableService,
  type BookingHold,
} from '@comptoir/contract/booking';
import { bookingClaims, bookings } from '../../db/schema';
import { bearer, RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { mailsTo } from '../../test/mails';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The tests' clock: Monday 14 December 2026, 10h00 in Paris, moved by the tests. */
const START = new Date('2026-12-14T09:00:00Z');
const clock = { now: START };
let testApp: TestApp;
let runJob: () => Promise<number>;
let salon: Record<string, BookableService>;
let domaine: Record<string, BookableService>;
const FAR = new Date('2031-01-01T00:00:00Z');

/** An instant from a Paris wall-clock time in December (UTC+1). */
const paris = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`).toISOString();

async function servicesOf(siteId: number): Promise<Record<string, BookableService>> {
  const response = await siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: '/booking/service',
  });
  expect(response.statusCode, response.body).toBe(200);
  const list = bookableServiceSchema.array().parse(response.json().data.services);
  return Object.fromEntries(list.map((service) => [service.name, service]));
}

function availability(siteId: number, serviceId: number, query: Record<string, string | number>) {
  return siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: `/booking/service/${serviceId}/availability`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
}

async function timesOn(
  siteId: number,
  serviceId: number,
  date: string,
  extra: Record<string, string | number> = {},
) {
  const response = await availability(siteId, serviceId, { from: date, days: 1, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = getBookingAvailability.response.parse(response.json().data);
  return parsed.days[0]!.times;
}

function hold(siteId: number, payload: object, headers: Record<string, string> = {}) {
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: '/booking/hold',
    payload,
    headers,
  });
}

async function held(
  siteId: number,
  payload: object,
  headers: Record<string, string> = {},
): Promise<BookingHold> {
  const response = await hold(siteId, payload, headers);
  expect(response.statusCode, response.body).toBe(200);
  return bookingHoldSchema.parse(response.json().data);
}

const guest = (email: string) => ({
  firstname: 'Inès',
  lastname: 'Garnier',
  email,
  phone: '06 98 76 54 32',
});

function confirm(
  siteId: number,
  id: number,
  token: string | null,
  payload: object,
  headers: Record<string, string> = {},
) {
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: `/booking/${id}/confirm`,
    payload,
    headers: { ...(token ? { [BOOKING_TOKEN_HEADER]: token } : {}), ...headers },
  });
}

function manage(
  siteId: number,
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return siteRequest(testApp.app, siteId, {
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(token ? { [BOOKING_TOKEN_HEADER]: token } : {}), ...headers },
  });
}

beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: RELAXED_AUTH_LIMITS,
    now: () => clock.now,
    onBookings: (module) => {
      runJob = module.runJob;
    },
  });
  salon = await servicesOf(91);
  domaine = await servicesOf(92);
}, 180_000);

afterAll(async () => {
  await testApp?.close();
});

describe('GET /booking/service', () => {
  it('lists the demo services of both sites with their people, price and deadline', () => {
    expect(Object.keys(salon)).toEqual(['Coupe femme', 'Coloration', 'Bilan conseil en image']);
    expect(salon['Coupe femme']).toMatchObject({
      durationMinutes: 45,
      priceCents: 4200,
      payment: 'none',
      maxPartySize: 1,
      cancellationDeadlineHours: 24,
      people: [{ name: 'Clémence' }, { name: 'Léa' }],
    });
    // Clémence alone gives the image consulting: the visitor has no one to choose.
    expect(salon['Bilan conseil en image']!.people).toEqual([]);
    expect(Object.keys(domaine)).toEqual(['Visite et dégustation', 'Dégustation privée']);
    expect(domaine['Visite et dégustation']).toMatchObject({
      maxPartySize: 12,
      pricePerPerson: true,
    });
    expect(domaine['Dégustation privée']).toMatchObject({ payment: 'deposit', depositCents: 5000 });
  });

  it('keeps the offer of a service page when asked by its serviceId', async () => {
    const pageId = salon['Coupe femme']!.serviceId;
    expect(pageId).not.toBeNull();
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/booking/service',
      query: { serviceId: String(pageId) },
    });
    expect(response.json().data.services.map((s: BookableService) => s.name)).toEqual([
      'Coupe femme',
    ]);
  });
});

describe('GET /booking/service/:id/availability', () => {
  it('offers the stylists’ hours in 15-minute steps after the 2-hour cut-off, with who is free', async () => {
    // Monday: the salon is closed.
    expect(await timesOn(91, salon['Coupe femme']!.id, '2026-12-14')).toEqual([]);
    const tuesday = await timesOn(91, salon['Coupe femme']!.id, '2026-12-15');
    expect(tuesday[0]).toMatchObject({
      start: paris('2026-12-15', '09:00'),
      localStart: '09:00',
      localEnd: '09:45',
      seatsLeft: 1,
    });
    // Clémence opens at 9h00, Léa at 10h00.
    const [clemence, lea] = salon['Coupe femme']!.people;
    expect(tuesday[0]!.personIds).toEqual([clemence!.id]);
    expect(tuesday.find((time) => time.localStart === '10:00')!.personIds).toEqual([
      clemence!.id,
      lea!.id,
    ]);
    // The last haircut ends at closing time (18h00).
    expect(tuesday.at(-1)!.localStart).toBe('17:15');
    const onlyLea = await timesOn(91, salon['Coupe femme']!.id, '2026-12-15', {
      personId: lea!.id,
    });
    expect(onlyLea[0]!.localStart).toBe('10:00');
  });

  it('closes on a public holiday and offers nothing sooner than the cut-off', async () => {
    expect(await timesOn(91, salon['Coupe femme']!.id, '2026-12-25')).toEqual([]);
    clock.now = new Date('2026-12-15T12:00:00Z'); // 13h00 in Paris
    const today = await timesOn(91, salon['Coupe femme']!.id, '2026-12-15');
    expect(today[0]!.localStart).toBe('15:00');
    clock.now = START;
  });

  it('refuses another site’s service, a party larger than the service takes, and a too long period', async () => {
    const other = await availability(92, salon['Coupe femme']!.id, { from: '2026-12-15' });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(BOOKABLE_SERVICE_NOT_FOUND_MESSAGE);
    const party = await availability(91, salon['Coupe femme']!.id, {
      from: '2026-12-15',
      partySize: 2,
    });
    expect(party.statusCode).toBe(422);
    expect(party.json().message).toBe(BOOKING_PARTY_SIZE_MESSAGE(1));
    const long = await availability(91, salon['Coupe femme']!.id, {
      from: '2026-12-15',
      days: 400,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('holding and confirming a time', () => {
  it('holds a time, confirms it as a guest and mails the confirmation with an .ics and a link', async () => {
    const coupe = salon['Coupe femme']!;
    const [clemence] = coupe.people;
    const start = paris('2026-12-16', '09:00');
    const hold = await held(91, { serviceId: coupe.id, start, personId: clemence!.id });
    expect(hold.booking).toMatchObject({
      status: 'held',
      person: { id: clemence!.id, name: 'Clémence' },
      start,
      localDate: '2026-12-16',
      localStart: '09:00',
      localEnd: '09:45',
      priceCents: 4200,
      dueOnlineCents: 0,
    });
    expect(hold.booking.holdExpiresAt).toBe(new Date(START.getTime() + 15 * 60_000).toISOString());
    expect(hold.booking.reference).toMatch(/^R-2026-\d{6}$/);
    // Held, the time is no longer offered with Clémence.
    const times = await timesOn(91, coupe.id, '2026-12-16', { personId: clemence!.id });
    expect(times.map((time) => time.localStart)).not.toContain('09:00');

    const email = 'ines.garnier@example.fr';
    const confirmed = await confirm(91, hold.booking.id, hold.token, {
      customer: guest(email),
      note: 'Cheveux longs',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(bookingSchema.parse(confirmed.json().data)).toMatchObject({
      status: 'confirmed',
      holdExpiresAt: null,
      customer: guest(email),
      note: 'Cheveux longs',
      canChange: true,
      changeableUntil: new Date(new Date(start).getTime() - 24 * 3_600_000).toISOString(),
    });
    const [mail] = await mailsTo(testApp, email);
    expect(mail!.subject).toContain('est confirmée');
    expect(mail!.text).toContain('mercredi 16 décembre 2026 à 09h00');
    expect(mail!.text).toMatch(/\/reservation\/\d+#token=[A-Za-z0-9_-]+/);
    const attachments = mail!.attachments;
    expect(attachments[0]!.filename).toMatch(/^reservation-R-2026-\d{6}\.ics$/);
    const ics = Buffer.from(attachments[0]!.contentBase64, 'base64').toString('utf8');
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20261216T090000');
    expect(ics).toContain('DTEND;TZID=Europe/Paris:20261216T094500');

    // The mail's link opens the booking; a made-up token does not.
    const link = /\/reservation\/(\d+)#token=([A-Za-z0-9_-]+)/.exec(mail!.text)!;
    const read = await manage(91, 'GET', `/booking/${link[1]}`, link[2]!);
    expect(read.statusCode).toBe(200);
    const forged = await manage(91, 'GET', `/booking/${link[1]}`, 'not-the-token');
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe(BOOKING_NOT_FOUND_MESSAGE);
  });

  it('refuses the same person at the same time twice, and gives the other stylist instead', async () => {
    const coupe = salon['Coupe femme']!;
    const [clemence, lea] = coupe.people;
    const start = paris('2026-12-17', '10:00');
    await held(91, { serviceId: coupe.id, start, personId: clemence!.id });
    const again = await hold(91, { serviceId: coupe.id, start, personId: clemence!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_TIME_TAKEN_MESSAGE);
    // Overlapping (10h30 falls within 10h00–10h45 and its 15-minute buffer): refused too.
    const overlap = await hold(91, {
      serviceId: coupe.id,
      start: paris('2026-12-17', '10:30'),
      personId: clemence!.id,
    });
    expect(overlap.statusCode).toBe(409);
    // Without a choice, the free stylist is taken.
    const anyone = await held(91, { serviceId: coupe.id, start });
    expect(anyone.booking.person!.id).toBe(lea!.id);
    const nobody = await hold(91, { serviceId: coupe.id, start });
    expect(nobody.statusCode).toBe(409);
  });

  it('refuses a time outside the hours, before the cut-off, or off the step', async () => {
    const coupe = salon['Coupe femme']!;
    for (const start of [
      paris('2026-12-14', '10:00'), // Monday: closed
      paris('2026-12-15', '17:30'), // would end after 18h00
      paris('2026-12-15', '09:05'), // off the 15-minute step
      '2026-12-14T09:30:00Z', // sooner than the 2-hour cut-off
    ]) {
      const response = await hold(91, { serviceId: coupe.id, start });
      expect(response.statusCode, start).toBe(422);
      expect(response.json().message).toBe(BOOKING_TIME_UNAVAILABLE_MESSAGE);
    }
  });

  it('refuses to confirm an expired hold, and the expired hold frees its time', async () => {
    const coupe = salon['Coupe femme']!;
    const [clemence] = coupe.people;
    const start = paris('2026-12-18', '11:00');
    const first = await held(91, { serviceId: coupe.id, start, personId: clemence!.id });
    clock.now = new Date(START.getTime() + 16 * 60_000);
    const late = await confirm(91, first.booking.id, first.token, {
      customer: guest('late@example.fr'),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(BOOKING_HOLD_EXPIRED_MESSAGE);
    expect(
      (await timesOn(91, coupe.id, '2026-12-18', { personId: clemence!.id })).map(
        (t) => t.localStart,
      ),
    ).toContain('11:00');
    const second = await held(91, { serviceId: coupe.id, start, personId: clemence!.id });
    const ok = await confirm(91, second.booking.id, second.token, {
      customer: guest('second@example.fr'),
    });
    expect(ok.statusCode).toBe(200);
    // The first hold's token confirms nothing later either.
    const stale = await confirm(91, first.booking.id, first.token, {
      customer: guest('late@example.fr'),
    });
    expect(stale.statusCode).toBe(409);
    clock.now = START;
  });

  it('asks a guest for a name, an e-mail and a phone, and confirms nothing without them', async () => {
    const coupe = salon['Coupe femme']!;
    const hold = await held(91, { serviceId: coupe.id, start: paris('2026-12-18', '15:00') });
    const missing = await confirm(91, hold.booking.id, hold.token, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(BOOKING_GUEST_DETAILS_MESSAGE);
    const bad = await confirm(91, hold.booking.id, hold.token, {
      customer: { ...guest('x'), email: 'pas-un-mail' },
    });
    expect(bad.statusCode).toBe(422);
    const [row] = await testApp.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, hold.booking.id));
    expect(row!.status).toBe('held');
  });

  it('refuses another site’s service id, and another site’s booking', async () => {
    const response = await hold(92, {
      serviceId: salon['Coupe femme']!.id,
      start: paris('2026-12-15', '10:00'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(BOOKABLE_SERVICE_NOT_FOUND_MESSAGE);
    const mine = await held(91, {
      serviceId: salon['Coloration']!.id,
      start: paris('2026-12-15', '14:00'),
    });
    const elsewhere = await manage(92, 'GET', `/booking/${mine.booking.id}`, mine.token);
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('seats of a place', () => {
  it('takes seats of the tasting room and never more than its 12', async () => {
    const visit = domaine['Visite et dégustation']!;
    const start = paris('2026-12-19', '10:00');
    const eight = await held(92, { serviceId: visit.id, start, partySize: 8 });
    expect(eight.booking).toMatchObject({ partySize: 8, priceCents: 12_000 });
    const [time] = await timesOn(92, visit.id, '2026-12-19');
    expect(time).toMatchObject({ localStart: '10:00', seatsLeft: 4 });
    const five = await hold(92, { serviceId: visit.id, start, partySize: 5 });
    expect(five.statusCode).toBe(409);
    expect(five.json().message).toBe(BOOKING_NOT_ENOUGH_SEATS_MESSAGE(4));
    // A party of 5 no longer sees 10h00, a party of 4 does.
    expect(
      (await timesOn(92, visit.id, '2026-12-19', { partySize: 5 })).map((t) => t.localStart),
    ).toEqual(['15:00']);
    await held(92, { serviceId: visit.id, start, partySize: 4 });
    const one = await hold(92, { serviceId: visit.id, start, partySize: 1 });
    expect(one.statusCode).toBe(409);
    expect(one.json().message).toBe(BOOKING_TIME_TAKEN_MESSAGE);
    const thirteen = await hold(92, {
      serviceId: visit.id,
      start: paris('2026-12-19', '15:00'),
      partySize: 13,
    });
    expect(thirteen.statusCode).toBe(422);
  });
});

describe('the database', () => {
  it('refuses two overlapping claims of one person, whatever the code above it does', async () => {
    const coupe = salon['Coupe femme']!;
    const [, lea] = coupe.people;
    const first = await held(91, {
      serviceId: coupe.id,
      start: paris('2026-12-22', '10:00'),
      personId: lea!.id,
    });
    const second = await held(91, {
      serviceId: coupe.id,
      start: paris('2026-12-22', '14:00'),
      personId: lea!.id,
    });
    const db = testApp.database.db;
    await expect(
      db
        .update(bookingClaims)
        .set({
          startsAt: new Date(paris('2026-12-22', '10:30')),
          endsAt: new Date(paris('2026-12-22', '11:30')),
        })
        .where(
          and(
            eq(bookingClaims.bookingId, second.booking.id),
            eq(bookingClaims.resourceId, lea!.id),
          ),
        ),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
    expect(first.booking.person!.id).toBe(lea!.id);
  });
});

describe('managing a booking', () => {
  async function confirmedBooking(
    start: string,
    email: string,
    headers: Record<string, string> = {},
  ) {
    const coupe = salon['Coupe femme']!;
    const hold = await held(91, { serviceId: coupe.id, start }, headers);
    const response = await confirm(
      91,
      hold.booking.id,
      hold.token,
      { customer: guest(email) },
      headers,
    );
    expect(response.statusCode, response.body).toBe(200);
    return hold;
  }

  it('cancels before the deadline with the token, mails it, and frees the time', async () => {
    const start = paris('2026-12-23', '09:00');
    const hold = await confirmedBooking(start, 'cancel@example.fr');
    const cancelled = await manage(91, 'POST', `/booking/${hold.booking.id}/cancel`, hold.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const [mail] = await mailsTo(testApp, 'cancel@example.fr');
    expect(mail!.subject).toContain('est annulée');
    const again = await manage(91, 'POST', `/booking/${hold.booking.id}/cancel`, hold.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_ALREADY_CANCELLED_MESSAGE);
    const times = await timesOn(91, salon['Coupe femme']!.id, '2026-12-23');
    expect(times[0]!.localStart).toBe('09:00');
  });

  it('refuses to cancel or move once the deadline has passed', async () => {
    const start = paris('2026-12-24', '09:00');
    const hold = await confirmedBooking(start, 'deadline@example.fr');
    clock.now = new Date(new Date(start).getTime() - 23 * 3_600_000);
    const cancel = await manage(91, 'POST', `/booking/${hold.booking.id}/cancel`, hold.token);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe(BOOKING_DEADLINE_PASSED_MESSAGE);
    const move = await manage(91, 'POST', `/booking/${hold.booking.id}/move`, hold.token, {
      start: paris('2026-12-29', '10:00'),
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().message).toBe(BOOKING_DEADLINE_PASSED_MESSAGE);
    const read = await manage(91, 'GET', `/booking/${hold.booking.id}`, hold.token);
    expect(read.json().data).toMatchObject({ status: 'confirmed', canChange: false });
    clock.now = START;
  });

  it('moves to a free time and mails the new .ics, but never into a taken time', async () => {
    const coupe = salon['Coupe femme']!;
    const [clemence] = coupe.people;
    const taken = await held(91, {
      serviceId: coupe.id,
      start: paris('2026-12-30', '10:00'),
      personId: clemence!.id,
    });
    expect(taken.booking.person!.id).toBe(clemence!.id);
    const hold = await held(91, {
      serviceId: coupe.id,
      start: paris('2026-12-30', '14:00'),
      personId: clemence!.id,
    });
    await confirm(91, hold.booking.id, hold.token, { customer: guest('move@example.fr') });
    const intoTaken = await manage(91, 'POST', `/booking/${hold.booking.id}/move`, hold.token, {
      start: paris('2026-12-30', '10:00'),
      personId: clemence!.id,
    });
    expect(intoTaken.statusCode).toBe(409);
    expect(intoTaken.json().message).toBe(BOOKING_TIME_TAKEN_MESSAGE);
    const moved = await manage(91, 'POST', `/booking/${hold.booking.id}/move`, hold.token, {
      start: paris('2026-12-30', '16:00'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ localStart: '16:00', person: { id: clemence!.id } });
    const [mail] = await mailsTo(testApp, 'move@example.fr');
    expect(mail!.subject).toContain('est déplacée');
    const ics = Buffer.from(mail!.attachments[0]!.contentBase64, 'base64').toString('utf8');
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20261230T160000');
    // 14h00 is free again.
    expect(
      (await timesOn(91, coupe.id, '2026-12-30', { personId: clemence!.id })).map(
        (t) => t.localStart,
      ),
    ).toContain('14:00');
  });

  it('lets a customer manage his own bookings without the token, never another customer’s', async () => {
    const alice = await createUserWithSession(testApp.database.db, { siteId: 91, expiresAt: FAR });
    const bob = await createUserWithSession(testApp.database.db, { siteId: 91, expiresAt: FAR });
    const hold = await held(
      91,
      { serviceId: salon['Coloration']!.id, start: paris('2026-12-31', '10:00') },
      bearer(alice.token),
    );
    const confirmed = await confirm(91, hold.booking.id, null, {}, bearer(alice.token));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The account's details are the booking's.
    expect(confirmed.json().data.customer).toMatchObject({
      email: alice.user.email,
      firstname: 'Camille',
    });
    const mine = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/booking/mine',
      headers: bearer(alice.token),
    });
    expect(mine.json().data.bookings.map((b: { id: number }) => b.id)).toContain(hold.booking.id);
    const bobsList = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/booking/mine',
      headers: bearer(bob.token),
    });
    expect(bobsList.json().data.bookings).toEqual([]);
    for (const [method, url] of [
      ['GET', `/booking/${hold.booking.id}`],
      ['POST', `/booking/${hold.booking.id}/cancel`],
    ] as const) {
      const refused = await manage(91, method, url, null, undefined, bearer(bob.token));
      expect(refused.statusCode).toBe(404);
    }
    const bobMoves = await manage(
      91,
      'POST',
      `/booking/${hold.booking.id}/move`,
      null,
      { start: paris('2026-12-31', '14:00') },
      bearer(bob.token),
    );
    expect(bobMoves.statusCode).toBe(404);
    const visitor = await siteRequest(testApp.app, 91, { method: 'GET', url: '/booking/mine' });
    expect(visitor.statusCode).toBe(401);
    const cancelled = await manage(
      91,
      'POST',
      `/booking/${hold.booking.id}/cancel`,
      null,
      undefined,
      bearer(alice.token),
    );
    expect(cancelled.statusCode).toBe(200);
  });
});

describe('the reminder', () => {
  it('mails the customer the day before, once', async () => {
    const coupe = salon['Coupe femme']!;
    const hold = await held(91, { serviceId: coupe.id, start: paris('2026-12-16', '16:00') });
    await confirm(91, hold.booking.id, hold.token, { customer: guest('reminder@example.fr') });
    expect(await runJob()).toBe(0);
    clock.now = new Date(paris('2026-12-15', '16:05'));
    expect(await runJob()).toBeGreaterThanOrEqual(1);
    expect(await runJob()).toBe(0);
    const [reminder] = await mailsTo(testApp, 'reminder@example.fr');
    expect(reminder!.subject).toContain('Rappel');
    expect(reminder!.text).toContain('mercredi 16 décembre 2026 à 16h00');
    clock.now = START;
  });
});
