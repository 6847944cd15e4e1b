import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowedDatesSchema,
  CALENDAR_NOT_FOUND_MESSAGE,
  SLOT_ALREADY_ORDERED_MESSAGE,
  SLOT_FULL_MESSAGE,
  SLOT_UNAVAILABLE_MESSAGE,
  slotHoldSchema,
  type AllowedDates,
} from '@comptoir/contract/calendar';
import { companyAddressSchema } from '@comptoir/contract/contact';
import { companyAddresses, pickupCalendars, pickupSlotBookings } from '../../db/schema';
import { openTestCart, type CartVisitor } from '../../test/carts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The tests' clock: Monday 1 June 2026, 12h00 in Paris, moved by the tests. */
const clock = { now: new Date('2026-06-01T10:00:00Z') };
let testApp: TestApp;
let shopId: number;

beforeAll(async () => {
  testApp = await createTestApp({ now: () => clock.now });
  const response = await siteRequest(testApp.app, 92, {
    method: 'GET',
    url: '/company/address',
    query: { isClickAndCollect: 'true' },
  });
  shopId = companyAddressSchema.array().parse(response.json().data)[0]!.id;
});
afterAll(async () => {
  await testApp?.close();
});

async function allowed(month: number, year: number, id = shopId): Promise<AllowedDates> {
  const response = await siteRequest(testApp.app, 92, {
    method: 'GET',
    url: `/calendar/${id}/date/allowed/${month}/${year}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return allowedDatesSchema.parse(response.json().data);
}

function hold(visitor: CartVisitor, date: string, idSchedule: number, id = shopId) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: `/calendar/${id}/hold`,
    cookies: visitor.cookies,
    payload: { idCart: visitor.cart.id, date, idSchedule },
  });
}

const slotOf = (dates: AllowedDates, date: string, idSchedule: number) =>
  dates.days.find((day) => day.date === date)?.slots.find((slot) => slot.idSchedule === idSchedule);

/** A click-and-collect address of site 92 with its own capacity, for tests that fill slots. */
async function smallShop(capacity: number, label: string): Promise<number> {
  const [address] = await testApp.database.db
    .insert(companyAddresses)
    .values({
      siteId: 92,
      label,
      addressLine1: '1 place du Marché',
      postalCode: '49380',
      city: 'Bellevigne-en-Layon',
      countryId: 250,
      types: ['PICKUP_POINT'],
    })
    .returning({ id: companyAddresses.id });
  await testApp.database.db
    .insert(pickupCalendars)
    .values({ siteId: 92, companyAddressId: address!.id, slotMinutes: 60, slotCapacity: capacity });
  return address!.id;
}

describe('click-and-collect addresses', () => {
  it('marks the addresses that offer click-and-collect, and filters by it and by type', async () => {
    const all = companyAddressSchema
      .array()
      .parse(
        (await siteRequest(testApp.app, 92, { method: 'GET', url: '/company/address' })).json()
          .data,
      );
    expect(all.find((address) => address.id === shopId)).toMatchObject({
      city: 'Bellevigne-en-Layon',
      isClickAndCollect: true,
    });
    const shops = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/company/address',
      query: { type: 'SHOP' },
    });
    expect(shops.json().data.map((address: { id: number }) => address.id)).toContain(shopId);
    const none = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/company/address',
      query: { isClickAndCollect: 'true' },
    });
    expect(none.json().data).toEqual([]);
    const bad = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/company/address',
      query: { type: 'CASTLE' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /calendar/:id/date/allowed/:month/:year', () => {
  it('offers the opening hours in 30-minute slots after the 2-hour lead time, never on Sunday', async () => {
    const june = await allowed(6, 2026);
    expect(june).toMatchObject({ id: shopId, month: 6, year: 2026, slotMinutes: 30 });
    // Monday 1 June, 12h00: the Monday opening (14h00 – 18h00) is 2 hours away.
    expect(june.days[0]).toMatchObject({ date: '2026-06-01' });
    expect(june.days[0]!.slots.map((slot) => slot.start)).toEqual([
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
      '17:00',
      '17:30',
    ]);
    expect(june.days[0]!.slots[0]).toMatchObject({
      idSchedule: 840,
      dateSchedule: '2026-06-01T12:00:00.000Z',
      end: '14:30',
      remaining: 4,
    });
    const tuesday = june.days.find((day) => day.date === '2026-06-02')!;
    expect(tuesday.slots.map((slot) => slot.start)).toContain('12:00');
    expect(tuesday.slots.map((slot) => slot.start)).not.toContain('12:30');
    expect(june.days.some((day) => new Date(`${day.date}T12:00:00Z`).getUTCDay() === 0)).toBe(
      false,
    );
  });

  it('leaves out the public holidays, Easter-based ones too, and the seeded closures', async () => {
    clock.now = new Date('2026-04-20T08:00:00Z');
    try {
      const may = (await allowed(5, 2026)).days.map((day) => day.date);
      for (const holiday of ['2026-05-01', '2026-05-08', '2026-05-14', '2026-05-25']) {
        expect(may).not.toContain(holiday);
      }
      expect(may).toContain('2026-05-13');
      const december = (await allowed(12, 2026)).days.map((day) => day.date);
      expect(december).toContain('2026-12-23');
      expect(december.filter((date) => date >= '2026-12-24')).toEqual([]);
    } finally {
      clock.now = new Date('2026-06-01T10:00:00Z');
    }
  });

  it('offers nothing in a past month, and answers 404 for an address without click-and-collect', async () => {
    expect((await allowed(5, 2026)).days).toEqual([]);
    // Site 91's head office has no click-and-collect; 999 999 is no address at all.
    const [headOffice91] = await testApp.database.db
      .select({ id: companyAddresses.id })
      .from(companyAddresses)
      .where(eq(companyAddresses.siteId, 91));
    for (const [siteId, id] of [
      [91, headOffice91!.id],
      [92, 999_999],
    ]) {
      const response = await siteRequest(testApp.app, siteId!, {
        method: 'GET',
        url: `/calendar/${id}/date/allowed/6/2026`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(CALENDAR_NOT_FOUND_MESSAGE);
    }
    // Site 91 cannot read site 92's calendar.
    const other = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: `/calendar/${shopId}/date/allowed/6/2026`,
    });
    expect(other.statusCode).toBe(404);
  });

  it.each(['13/2026', '0/2026', '6/1999', 'x/2026'])(
    'refuses the month/year %s with 400',
    async (path) => {
      const response = await siteRequest(testApp.app, 92, {
        method: 'GET',
        url: `/calendar/${shopId}/date/allowed/${path}`,
      });
      expect(response.statusCode).toBe(400);
    },
  );
});

describe('POST /calendar/:id/hold', () => {
  it('holds a place for 15 minutes, takes it off the slot, and gives it back when it expires', async () => {
    const id = await smallShop(2, 'Caveau de la place');
    const first = await openTestCart(testApp.app, 92);
    const second = await openTestCart(testApp.app, 92);
    const third = await openTestCart(testApp.app, 92);
    const response = await hold(first, '2026-06-02', 600, id);
    expect(response.statusCode, response.body).toBe(200);
    expect(slotHoldSchema.parse(response.json().data)).toEqual({
      id,
      date: '2026-06-02',
      idSchedule: 600,
      dateSchedule: '2026-06-02T08:00:00.000Z',
      start: '10:00',
      end: '11:00',
      expiresAt: '2026-06-01T10:15:00.000Z',
    });
    expect(slotOf(await allowed(6, 2026, id), '2026-06-02', 600)?.remaining).toBe(1);
    expect((await hold(second, '2026-06-02', 600, id)).statusCode).toBe(200);
    expect(slotOf(await allowed(6, 2026, id), '2026-06-02', 600)).toBeUndefined();
    const full = await hold(third, '2026-06-02', 600, id);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(SLOT_FULL_MESSAGE);

    clock.now = new Date('2026-06-01T10:15:01Z');
    try {
      expect(slotOf(await allowed(6, 2026, id), '2026-06-02', 600)?.remaining).toBe(2);
      expect((await hold(third, '2026-06-02', 600, id)).statusCode).toBe(200);
    } finally {
      clock.now = new Date('2026-06-01T10:00:00Z');
    }
  });

  it("replaces the cart's previous hold, and releases it on request", async () => {
    const id = await smallShop(1, 'Caveau du moulin');
    const visitor = await openTestCart(testApp.app, 92);
    expect((await hold(visitor, '2026-06-03', 600, id)).statusCode).toBe(200);
    expect((await hold(visitor, '2026-06-03', 660, id)).statusCode).toBe(200);
    const dates = await allowed(6, 2026, id);
    expect(slotOf(dates, '2026-06-03', 600)?.remaining).toBe(1);
    expect(slotOf(dates, '2026-06-03', 660)).toBeUndefined();
    // Asking again for the slot it holds is not a second place.
    expect((await hold(visitor, '2026-06-03', 660, id)).statusCode).toBe(200);
    const released = await siteRequest(testApp.app, 92, {
      method: 'DELETE',
      url: `/calendar/hold/${visitor.cart.id}`,
      cookies: visitor.cookies,
    });
    expect(released.statusCode).toBe(200);
    expect(slotOf(await allowed(6, 2026, id), '2026-06-03', 660)?.remaining).toBe(1);
  });

  it("keeps a place an order took: the cart's slot cannot be changed any more", async () => {
    const id = await smallShop(2, 'Caveau des commandes');
    const visitor = await openTestCart(testApp.app, 92);
    expect((await hold(visitor, '2026-06-05', 600, id)).statusCode).toBe(200);
    // What Shop III's order does in its transaction: the hold becomes the order's place.
    await testApp.database.db
      .update(pickupSlotBookings)
      .set({ expiresAt: null })
      .where(eq(pickupSlotBookings.cartId, visitor.cart.id));
    const again = await hold(visitor, '2026-06-05', 660, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SLOT_ALREADY_ORDERED_MESSAGE);
    clock.now = new Date('2026-06-01T11:00:00Z');
    try {
      expect(slotOf(await allowed(6, 2026, id), '2026-06-05', 600)?.remaining).toBe(1);
    } finally {
      clock.now = new Date('2026-06-01T10:00:00Z');
    }
  });

  it.each([
    ['a Sunday', '2026-06-07', 600],
    ['a slot within the lead time', '2026-06-01', 780],
    ['a time that is no slot start', '2026-06-02', 610],
    ['a public holiday', '2026-07-14', 600],
  ])('refuses %s with 422', async (_, date, idSchedule) => {
    const response = await hold(
      await openTestCart(testApp.app, 92),
      date as string,
      idSchedule as number,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(SLOT_UNAVAILABLE_MESSAGE);
  });

  it("answers 404 for another visitor's cart and refuses a malformed date", async () => {
    const visitor = await openTestCart(testApp.app, 92);
    expect((await hold({ ...visitor, cookies: {} }, '2026-06-02', 600)).statusCode).toBe(404);
    expect((await hold(visitor, '2026-02-30', 600)).statusCode).toBe(422);
    expect((await hold(visitor, 'demain', 600)).statusCode).toBe(422);
  });
});

describe('ten customers asking for the last three places at once', () => {
  // PGlite serves one query at a time, so the race only truly happens on PostgreSQL; the same
  // test runs on both and must give exactly three holds either way.
  it('gives exactly three holds and refuses seven', async () => {
    const id = await smallShop(3, 'Caveau des dix');
    const visitors = await Promise.all(
      Array.from({ length: 10 }, () => openTestCart(testApp.app, 92)),
    );
    const responses = await Promise.all(
      visitors.map((visitor) => hold(visitor, '2026-06-04', 900, id)),
    );
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409, 409]);
    expect(slotOf(await allowed(6, 2026, id), '2026-06-04', 900)).toBeUndefined();
  });
});
