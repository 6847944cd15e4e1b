import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENDA_RANGE_MESSAGE,
  BOOKABLE_SERVICE_DEPOSIT_MESSAGE,
  BOOKABLE_SERVICE_PAGE_MESSAGE,
  BOOKABLE_SERVICE_RESOURCES_MESSAGE,
  BOOKABLE_SERVICE_SEATS_MESSAGE,
  BOOKING_NO_SHOW_TOO_EARLY_MESSAGE,
  RESOURCE_HOURS_MESSAGE,
  RESOURCE_IN_USE_MESSAGE,
  adminBookableServiceSchema,
  agendaBookingSchema,
  getAgenda,
  resourceSchema,
  type AdminBookableService,
  type Resource,
} from '@comptoir/contract/admin-booking';
import { BOOKING_TIME_TAKEN_MESSAGE } from '@comptoir/contract/booking';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';
import { mailsTo } from '../../test/mails';

/** Monday 14 December 2026, 10h00 in Paris. */
const START = new Date('2026-12-14T09:00:00Z');
const clock = { now: START };
let harness: AdminHarness;
let resources91: Resource[];
let services91: AdminBookableService[];

const paris = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`).toISOString();

const hours = [
  { weekday: 1, startMinute: 540, endMinute: 720 },
  { weekday: 1, startMinute: 840, endMinute: 1080 },
];

function as(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  siteId = 91,
) {
  return harness.send(method, url, {
    token: siteId === 91 ? harness.tokens.admin : harness.tokens.otherSiteAdmin,
    siteId,
    ...(payload === undefined ? {} : { payload }),
  });
}

beforeAll(async () => {
  harness = await createAdminHarness({ now: () => clock.now });
  resources91 = resourceSchema
    .array()
    .parse((await as('GET', '/admin/booking/resource')).json().data.resources);
  services91 = adminBookableServiceSchema
    .array()
    .parse((await as('GET', '/admin/booking/service')).json().data.services);
});

afterAll(async () => {
  await harness?.close();
});

const resourceId = (name: string) => resources91.find((r) => r.name === name)!.id;
const serviceId = (name: string) => services91.find((s) => s.name === name)!.id;

const phoneCustomer = {
  firstname: 'Marthe',
  lastname: 'Leroy',
  email: 'marthe.leroy@example.fr',
  phone: '02 41 00 00 00',
};

describe('resources', () => {
  it('is for the site’s administrators only', async () => {
    await harness.expectRoleMatrix(async () => ({ method: 'GET', url: '/admin/booking/resource' }));
  });

  it('lists the demo stylists and adds, changes and removes a resource, journaled', async () => {
    expect(resources91.map((r) => [r.name, r.kind])).toEqual([
      ['Clémence', 'person'],
      ['Léa', 'person'],
    ]);
    const created = await as('POST', '/admin/booking/resource', {
      name: 'Fauteuil 3',
      kind: 'place',
      capacity: 1,
      weeklyHours: hours,
    });
    expect(created.statusCode, created.body).toBe(200);
    const chair = resourceSchema.parse(created.json().data);
    expect(chair).toMatchObject({ closedOnPublicHolidays: true, exceptions: [], isActive: true });
    const changed = await as('PUT', `/admin/booking/resource/${chair.id}`, {
      ...chair,
      exceptions: [{ date: '2026-12-21', ranges: [], label: 'Inventaire' }],
    });
    expect(changed.json().data.exceptions).toEqual([
      { date: '2026-12-21', ranges: [], label: 'Inventaire' },
    ]);
    const removed = await as('DELETE', `/admin/booking/resource/${chair.id}`);
    expect(removed.statusCode).toBe(200);
    const list = (await as('GET', '/admin/booking/resource')).json().data.resources as Resource[];
    expect(list.map((r) => r.id)).not.toContain(chair.id);
    const journal = await harness.auditRows(91, 'booking-resource');
    expect(journal.map((row) => row.action).slice(0, 3)).toEqual(['delete', 'update', 'create']);
  });

  it('refuses hours that end before they start or overlap, and changes nothing', async () => {
    for (const weeklyHours of [
      [{ weekday: 2, startMinute: 600, endMinute: 540 }],
      [
        { weekday: 2, startMinute: 540, endMinute: 720 },
        { weekday: 2, startMinute: 700, endMinute: 800 },
      ],
    ]) {
      const response = await as('POST', '/admin/booking/resource', {
        name: 'Mauvais',
        kind: 'person',
        weeklyHours,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(RESOURCE_HOURS_MESSAGE);
    }
    const list = (await as('GET', '/admin/booking/resource')).json().data.resources as Resource[];
    expect(list.map((r) => r.name)).not.toContain('Mauvais');
  });

  it('keeps a resource that a coming booking uses, and another site’s admin never sees it', async () => {
    const booked = await as('POST', '/admin/booking', {
      serviceId: serviceId('Coupe femme'),
      start: paris('2026-12-15', '11:00'),
      personId: resourceId('Léa'),
      customer: phoneCustomer,
      sendMail: false,
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const refused = await as('DELETE', `/admin/booking/resource/${resourceId('Léa')}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RESOURCE_IN_USE_MESSAGE);
    const elsewhere = await as(
      'DELETE',
      `/admin/booking/resource/${resourceId('Léa')}`,
      undefined,
      92,
    );
    expect(elsewhere.statusCode).toBe(404);
    const other = (await as('GET', '/admin/booking/resource', undefined, 92)).json().data
      .resources as Resource[];
    expect(other.map((r) => r.name)).toEqual(['Antoine, vigneron', 'Caveau de dégustation']);
  });
});

describe('bookable services', () => {
  const base = {
    name: 'Brushing',
    durationMinutes: 30,
    priceCents: 2500,
  };

  it('adds a service on the site’s own resources and page, offered on the storefront', async () => {
    const page = services91.find((s) => s.name === 'Coupe femme')!.serviceId;
    const created = await as('POST', '/admin/booking/service', {
      ...base,
      resourceIds: [resourceId('Clémence'), resourceId('Léa')],
      serviceId: page,
    });
    expect(created.statusCode, created.body).toBe(200);
    const service = adminBookableServiceSchema.parse(created.json().data);
    expect(service).toMatchObject({
      position: 4,
      stepMinutes: 15,
      minNoticeMinutes: 120,
      payment: 'none',
    });
    const offered = await harness.send('GET', '/booking/service');
    expect(offered.json().data.services.map((s: { name: string }) => s.name)).toContain('Brushing');
    const offline = await as('PUT', `/admin/booking/service/${service.id}`, {
      ...base,
      resourceIds: service.resourceIds,
      isOnline: false,
    });
    expect(offline.statusCode).toBe(200);
    const after = await harness.send('GET', '/booking/service');
    expect(after.json().data.services.map((s: { name: string }) => s.name)).not.toContain(
      'Brushing',
    );
    expect((await as('DELETE', `/admin/booking/service/${service.id}`)).statusCode).toBe(200);
  });

  it('refuses another site’s resources or page, a deposit of nothing, and more seats than the place has', async () => {
    const site92 = (await as('GET', '/admin/booking/resource', undefined, 92)).json().data
      .resources as Resource[];
    const foreign = await as('POST', '/admin/booking/service', {
      ...base,
      resourceIds: [site92[0]!.id],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(BOOKABLE_SERVICE_RESOURCES_MESSAGE);
    const page = await as('POST', '/admin/booking/service', {
      ...base,
      resourceIds: [resourceId('Léa')],
      serviceId: 999_999,
    });
    expect(page.json().message).toBe(BOOKABLE_SERVICE_PAGE_MESSAGE);
    const deposit = await as('POST', '/admin/booking/service', {
      ...base,
      resourceIds: [resourceId('Léa')],
      payment: 'deposit',
      depositCents: 0,
    });
    expect(deposit.json().message).toBe(BOOKABLE_SERVICE_DEPOSIT_MESSAGE);
    const caveau = site92.find((r) => r.kind === 'place')!;
    const seats = await as(
      'POST',
      '/admin/booking/service',
      { ...base, resourceIds: [caveau.id], maxPartySize: 13 },
      92,
    );
    expect(seats.statusCode).toBe(422);
    expect(seats.json().message).toBe(BOOKABLE_SERVICE_SEATS_MESSAGE);
    const names = (
      (await as('GET', '/admin/booking/service')).json().data.services as AdminBookableService[]
    ).map((s) => s.name);
    expect(names.filter((name) => name === 'Brushing')).toEqual([]);
  });
});

describe('the agenda', () => {
  it('books for a phone call, mails the customer, and shows it per resource', async () => {
    const response = await as('POST', '/admin/booking', {
      serviceId: serviceId('Coloration'),
      start: paris('2026-12-16', '14:00'),
      personId: resourceId('Clémence'),
      customer: { ...phoneCustomer, email: 'agenda@example.fr' },
      note: 'Appel du matin',
    });
    expect(response.statusCode, response.body).toBe(200);
    const booking = agendaBookingSchema.parse(response.json().data);
    expect(booking).toMatchObject({
      status: 'confirmed',
      source: 'back_office',
      resourceIds: [resourceId('Clémence')],
      bufferEnd: paris('2026-12-16', '15:45'),
      localEnd: '15:30',
    });
    const [mail] = await mailsTo(harness.testApp, 'agenda@example.fr');
    expect(mail!.subject).toContain('est confirmée');
    const agenda = getAgenda.response.parse(
      (
        await as(
          'GET',
          `/admin/booking/agenda?from=2026-12-14&to=2026-12-21&resourceId=${resourceId('Clémence')}`,
        )
      ).json().data,
    );
    expect(agenda.bookings.map((b) => b.id)).toContain(booking.id);
    expect(agenda.resources.map((r) => r.name)).toEqual(['Clémence']);
    const lea = getAgenda.response.parse(
      (
        await as(
          'GET',
          `/admin/booking/agenda?from=2026-12-14&to=2026-12-21&resourceId=${resourceId('Léa')}`,
        )
      ).json().data,
    );
    expect(lea.bookings.map((b) => b.id)).not.toContain(booking.id);
    const tooLong = await as('GET', '/admin/booking/agenda?from=2026-12-14&to=2027-03-01');
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe(AGENDA_RANGE_MESSAGE);
  });

  it('moves a booking with a mail, never into a taken time, and cancels it with a mail', async () => {
    const first = await as('POST', '/admin/booking', {
      serviceId: serviceId('Coupe femme'),
      start: paris('2026-12-17', '09:00'),
      personId: resourceId('Clémence'),
      customer: { ...phoneCustomer, email: 'first@example.fr' },
      sendMail: false,
    });
    const second = await as('POST', '/admin/booking', {
      serviceId: serviceId('Coupe femme'),
      start: paris('2026-12-17', '11:00'),
      personId: resourceId('Clémence'),
      customer: { ...phoneCustomer, email: 'second@example.fr' },
      sendMail: false,
    });
    const id = second.json().data.id as number;
    const intoTaken = await as('POST', `/admin/booking/${id}/move`, {
      start: paris('2026-12-17', '09:30'),
    });
    expect(intoTaken.statusCode).toBe(409);
    expect(intoTaken.json().message).toBe(BOOKING_TIME_TAKEN_MESSAGE);
    const toLea = await as('POST', `/admin/booking/${id}/move`, {
      start: paris('2026-12-17', '09:30'),
      personId: resourceId('Léa'),
    });
    expect(toLea.statusCode, toLea.body).toBe(422);
    const moved = await as('POST', `/admin/booking/${id}/move`, {
      start: paris('2026-12-17', '10:00'),
      personId: resourceId('Léa'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ localStart: '10:00', person: { name: 'Léa' } });
    expect((await mailsTo(harness.testApp, 'second@example.fr'))[0]!.subject).toContain(
      'est déplacée',
    );
    const cancelled = await as('POST', `/admin/booking/${id}/cancel`, {
      reason: 'Salon fermé pour travaux',
    });
    expect(cancelled.json().data.status).toBe('cancelled');
    const [mail] = await mailsTo(harness.testApp, 'second@example.fr');
    expect(mail!.subject).toContain('est annulée');
    expect(mail!.text).toContain('Salon fermé pour travaux');
    expect(first.statusCode).toBe(200);
  });

  it('marks a no-show only once the time has come, and exports the period as CSV', async () => {
    const created = await as('POST', '/admin/booking', {
      serviceId: serviceId('Coupe femme'),
      start: paris('2026-12-18', '09:00'),
      personId: resourceId('Clémence'),
      customer: phoneCustomer,
      sendMail: false,
    });
    const id = created.json().data.id as number;
    const early = await as('POST', `/admin/booking/${id}/no-show`, { noShow: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BOOKING_NO_SHOW_TOO_EARLY_MESSAGE);
    clock.now = new Date(paris('2026-12-18', '10:30'));
    const marked = await as('POST', `/admin/booking/${id}/no-show`, { noShow: true });
    expect(marked.json().data.status).toBe('no_show');
    const undone = await as('POST', `/admin/booking/${id}/no-show`, { noShow: false });
    expect(undone.json().data.status).toBe('completed');
    clock.now = START;
    const csv = await as('GET', '/admin/booking/export?from=2026-12-18&to=2026-12-18');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('"Référence";"Date";"Début"');
    expect(csv.body).toContain(
      `"${created.json().data.reference}";"2026-12-18";"09:00";"09:45";"Coupe femme";"Clémence";"Marthe";"Leroy"`,
    );
    expect(csv.body).toContain('"Honorée";"42,00";"0,00";"Back office"');
  });

  it('counts the bookings of a period in the dashboard’s figures', async () => {
    const stats = await as('GET', '/admin/order-stats?from=2026-12-14&to=2026-12-20');
    expect(stats.statusCode).toBe(200);
    // Confirmed, honoured or missed bookings of the week; the cancelled one is left out.
    const agenda = getAgenda.response.parse(
      (await as('GET', '/admin/booking/agenda?from=2026-12-14&to=2026-12-21')).json().data,
    );
    const counted = agenda.bookings.filter(
      (b) => b.status !== 'cancelled' && b.status !== 'awaiting_payment',
    );
    expect(counted.length).toBeGreaterThanOrEqual(4);
    expect(stats.json().data.bookingCount).toBe(counted.length);
    const other = await as(
      'GET',
      '/admin/order-stats?from=2026-12-14&to=2026-12-20',
      undefined,
      92,
    );
    expect(other.json().data.bookingCount).toBe(0);
  });
});
