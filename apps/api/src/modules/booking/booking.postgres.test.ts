import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  BOOKING_NOT_ENOUGH_SEATS_MESSAGE,
  BOOKING_TIME_TAKEN_MESSAGE,
  bookableServiceSchema,
  type BookableService,
} from '@comptoir/contract/booking';
import { bookingClaims, bookings } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { describeOnPostgres } from '../../test/postgres';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Never two bookings on one resource at one time (docs/requirements/reservations.md, decision
 * 0124), proven where requests truly overlap: 50 visitors ask for one time at once, and exactly
 * the capacity succeeds — one for a stylist (the exclusion constraint), the room's seats for a
 * tasting (the seat count under the room's lock). The rest is in booking.test.ts, on PGlite.
 */
describeOnPostgres('concurrent bookings on PostgreSQL', () => {
  const ATTEMPTS = 50;
  let testApp: TestApp;
  let salon: Record<string, BookableService>;
  let domaine: Record<string, BookableService>;

  async function servicesOf(siteId: number) {
    const response = await siteRequest(testApp.app, siteId, {
      method: 'GET',
      url: '/booking/service',
    });
    const list = bookableServiceSchema.array().parse(response.json().data.services);
    return Object.fromEntries(list.map((service) => [service.name, service]));
  }

  beforeAll(async () => {
    testApp = await createTestApp({ now: () => new Date('2026-12-14T09:00:00Z') });
    salon = await servicesOf(91);
    domaine = await servicesOf(92);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const holdAll = (siteId: number, payloads: object[]) =>
    Promise.all(
      payloads.map((payload) =>
        siteRequest(testApp.app, siteId, { method: 'POST', url: '/booking/hold', payload }),
      ),
    );

  async function liveClaims(resourceId: number) {
    const [row] = await testApp.database.db
      .select({
        count: sql<number>`count(*)::int`,
        seats: sql<number>`coalesce(sum(${bookingClaims.seats}), 0)::int`,
      })
      .from(bookingClaims)
      .where(eq(bookingClaims.resourceId, resourceId));
    return { count: Number(row!.count), seats: Number(row!.seats) };
  }

  it('gives one stylist’s time to exactly one of 50 visitors asking at once', async () => {
    const coupe = salon['Coupe femme']!;
    const clemence = coupe.people.find((person) => person.name === 'Clémence')!;
    const responses = await holdAll(
      91,
      Array.from({ length: ATTEMPTS }, () => ({
        serviceId: coupe.id,
        start: '2026-12-15T09:00:00+01:00',
        personId: clemence.id,
      })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(ATTEMPTS - 1);
    for (const refused of responses.filter((response) => response.statusCode === 409)) {
      expect(refused.json().message).toBe(BOOKING_TIME_TAKEN_MESSAGE);
    }
    expect(await liveClaims(clemence.id)).toEqual({ count: 1, seats: 1 });
  });

  it('overlapping times of one stylist: still exactly one of 50', async () => {
    const coupe = salon['Coupe femme']!;
    const lea = coupe.people.find((person) => person.name === 'Léa')!;
    // 10h00, 10h15, 10h30 and 10h45 all overlap one another with the 15-minute buffer.
    const starts = ['10:00', '10:15', '10:30', '10:45'];
    const responses = await holdAll(
      91,
      Array.from({ length: ATTEMPTS }, (_, index) => ({
        serviceId: coupe.id,
        start: `2026-12-16T${starts[index % starts.length]}:00+01:00`,
        personId: lea.id,
      })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(await liveClaims(lea.id)).toEqual({ count: 1, seats: 1 });
  });

  it('fills the tasting room’s 12 seats and not one more, whoever asks at once', async () => {
    const visit = domaine['Visite et dégustation']!;
    const responses = await holdAll(
      92,
      Array.from({ length: ATTEMPTS }, () => ({
        serviceId: visit.id,
        start: '2026-12-19T10:00:00+01:00',
        partySize: 1,
      })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(12);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(ATTEMPTS - 12);
    const room = await testApp.database.db
      .select({ seats: sql<number>`coalesce(sum(${bookings.partySize}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.siteId, 92), eq(bookings.bookableServiceId, visit.id)));
    expect(Number(room[0]!.seats)).toBe(12);
  });

  it('parties of 5 racing for the afternoon visit: two fit, the third hears what is left', async () => {
    const visit = domaine['Visite et dégustation']!;
    const responses = await holdAll(
      92,
      Array.from({ length: ATTEMPTS }, () => ({
        serviceId: visit.id,
        start: '2026-12-19T15:00:00+01:00',
        partySize: 5,
      })),
    );
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(2);
    const messages = new Set(
      responses
        .filter((response) => response.statusCode === 409)
        .map((response) => response.json().message),
    );
    expect(messages).toEqual(new Set([BOOKING_NOT_ENOUGH_SEATS_MESSAGE(2)]));
  });
});
