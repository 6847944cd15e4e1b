import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { INVALID_EMAIL_MESSAGE, REQUIRED_FIRSTNAME_MESSAGE } from '@comptoir/contract/account-fields';
import { ALREADY_REGISTERED_MESSAGE, ELEMENT_NOT_FOUND_MESSAGE, INVALID_SEATS_MESSAGE, REGISTRATION_CLOSED_MESSAGE, REGISTRATION_FULL_MESSAGE, notEnoughSeatsMessage, type RegistrationBody } from '@comptoir/contract/element-registration';
import { elementLists, elementRegistrations, elements, mailOutbox } from '../../db/schema';
import { DEFAULT_AUTH_LIMITS } from '../../lib/rate-limits';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TOO_MANY_MAILS_TO_ADDRESS_MESSAGE } from '../mail';

const REGISTER_LIMIT = 5;
let testApp: TestApp;
/** Element ids by name, in the test list `evenements` of site 91 (and one of site 92). */
const ids: Record<string, number> = {};

beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: { contactMessagePerIp: { max: REGISTER_LIMIT, timeWindowMs: 60_000 } },
  });
  const db = testApp.database.db;
  const addList = async (siteId: number, route: string) =>
    (
      await db
        .insert(elementLists)
        .values({ siteId, route, name: 'Événements' })
        .returning({ id: elementLists.id })
    )[0]!.id;
  const addElement = async (
    siteId: number,
    listId: number,
    name: string,
    values: { registrationCapacity: number | null; isPublished?: boolean },
  ) => {
    const [created] = await db
      .insert(elements)
      .values({ siteId, listId, title: `Atelier ${name}`, ...values })
      .returning({ id: elements.id });
    ids[name] = created!.id;
  };
  const list91 = await addList(91, 'evenements');
  await addElement(91, list91, 'ouvert', { registrationCapacity: 5 });
  await addElement(91, list91, 'petit', { registrationCapacity: 3 });
  await addElement(91, list91, 'derniere-place', { registrationCapacity: 1 });
  await addElement(91, list91, 'sans-inscription', { registrationCapacity: null });
  await addElement(91, list91, 'brouillon', { registrationCapacity: 10, isPublished: false });
  await addElement(91, list91, 'limite', { registrationCapacity: 100 });
  await addElement(92, await addList(92, 'evenements'), 'autre-site', { registrationCapacity: 10 });
});
afterAll(async () => {
  await testApp?.close();
});

let nextIp = 1;
function freshIp(): string {
  nextIp += 1;
  return `192.0.2.${nextIp}`;
}

const visitor: RegistrationBody = {
  firstname: 'Margaux',
  lastname: 'Bodin',
  email: 'margaux.bodin@example.fr',
  phone: '06 71 42 18 90',
  seats: 1,
  message: 'Je viendrai avec ma fille.',
};

function register(
  name: string,
  body: Partial<RegistrationBody> | Record<string, unknown>,
  options: { siteId?: number; route?: string; ip?: string } = {},
) {
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method: 'POST',
    url: `/element/${options.route ?? 'evenements'}/${ids[name] ?? name}/register`,
    headers: { 'x-forwarded-for': options.ip ?? freshIp() },
    payload: { ...visitor, ...body },
  });
}

function availability(name: string, options: { siteId?: number; route?: string } = {}) {
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method: 'GET',
    url: `/element/${options.route ?? 'evenements'}/${ids[name] ?? name}/registration`,
  });
}

function registrationsOf(name: string) {
  return testApp.database.db
    .select()
    .from(elementRegistrations)
    .where(eq(elementRegistrations.elementId, ids[name]!));
}

async function mailsTo(recipient: string) {
  await testApp.app.backgroundTasks.idle();
  return testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
}

describe('POST /element/:route/:id/register', () => {
  it('registers the visitor, answers the seats left, and mails the visitor and the site', async () => {
    const response = await register('ouvert', { email: 'Margaux.Bodin@Example.fr', seats: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { capacity: 5, remaining: 3 },
      message: null,
    });
    expect(await registrationsOf('ouvert')).toEqual([
      expect.objectContaining({
        siteId: 91,
        firstname: 'Margaux',
        lastname: 'Bodin',
        email: 'margaux.bodin@example.fr',
        phone: '06 71 42 18 90',
        seats: 2,
        message: 'Je viendrai avec ma fille.',
      }),
    ]);

    const [confirmation] = await mailsTo('margaux.bodin@example.fr');
    expect(confirmation?.subject).toBe(
      "Votre inscription : Atelier ouvert – L'Atelier de Clémence",
    );
    expect(confirmation!.text).toContain('est bien enregistrée pour 2 places');
    expect(confirmation!.text).toContain('02 51 64 23 18');
    const notice = (await mailsTo('contact@atelier-clemence.fr')).find((mail) =>
      mail.subject.startsWith('Nouvelle inscription : Atelier ouvert'),
    );
    expect(notice!.text).toContain('Places restantes : 3 sur 5');
  });

  it('counts one seat when the visitor gives no number and no phone', async () => {
    const { seats: _seats, phone: _phone, message: _message, ...minimal } = visitor;
    const response = await siteRequest(testApp.app, 91, {
      method: 'POST',
      url: `/element/evenements/${ids.petit}/register`,
      headers: { 'x-forwarded-for': freshIp() },
      payload: { ...minimal, email: 'une-place@example.fr' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ capacity: 3, remaining: 2 });
    const [stored] = await registrationsOf('petit');
    expect(stored).toMatchObject({ seats: 1, phone: null, message: null });
  });

  it('refuses invalid details field by field and stores nothing', async () => {
    const response = await register('petit', {
      firstname: ' ',
      email: 'pas-une-adresse',
      seats: 0,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { key: 'firstname', error: REQUIRED_FIRSTNAME_MESSAGE },
        { key: 'email', error: INVALID_EMAIL_MESSAGE },
        { key: 'seats', error: INVALID_SEATS_MESSAGE },
      ]),
    );
    expect((await register('petit', { email: 'trop@example.fr', seats: 11 })).statusCode).toBe(422);
    expect(await registrationsOf('petit')).toHaveLength(1);
  });

  it('refuses the same address twice, whatever its case', async () => {
    expect((await register('petit', { email: 'deux-fois@example.fr' })).statusCode).toBe(200);
    const again = await register('petit', { email: 'Deux-Fois@example.fr' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: ALREADY_REGISTERED_MESSAGE,
      errors: [{ key: 'email', error: ALREADY_REGISTERED_MESSAGE }],
    });
  });

  it('refuses more seats than remain, then says the element is full', async () => {
    // 'petit' has 3 seats: 2 are taken by the tests above.
    const tooMany = await register('petit', { email: 'trois@example.fr', seats: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      message: notEnoughSeatsMessage(1),
      errors: [{ key: 'seats', error: notEnoughSeatsMessage(1) }],
    });
    expect((await register('petit', { email: 'derniere@example.fr' })).statusCode).toBe(200);
    const full = await register('petit', { email: 'en-retard@example.fr' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(REGISTRATION_FULL_MESSAGE);
    expect((await registrationsOf('petit')).reduce((seats, row) => seats + row.seats, 0)).toBe(3);
  });

  it('gives the last seat to exactly one of two simultaneous registrations', async () => {
    const responses = await Promise.all([
      register('derniere-place', { email: 'premiere@example.fr' }),
      register('derniere-place', { email: 'seconde@example.fr' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.statusCode === 409)!;
    expect(refused.json().message).toBe(REGISTRATION_FULL_MESSAGE);
    expect(await registrationsOf('derniere-place')).toHaveLength(1);
  });

  it('never lets concurrent registrations take more seats than the capacity', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        register('ouvert', { email: `foule-${index}@example.fr` }),
      ),
    );
    // 'ouvert' had 3 seats left.
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
    const rows = await registrationsOf('ouvert');
    expect(rows.reduce((seats, row) => seats + row.seats, 0)).toBe(5);
  });

  it('says registrations are not open on an element without a capacity', async () => {
    const response = await register('sans-inscription', { email: 'ferme@example.fr' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(REGISTRATION_CLOSED_MESSAGE);
    expect(await registrationsOf('sans-inscription')).toHaveLength(0);
  });

  it('does not find an unpublished element, one of another list, or one of another site', async () => {
    for (const [name, options] of [
      ['brouillon', {}],
      ['ouvert', { route: 'ateliers' }],
      ['autre-site', {}],
      ['ouvert', { siteId: 92 }],
      ['999999', {}],
    ] as const) {
      const response = await register(name, { email: 'introuvable@example.fr' }, options);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ELEMENT_NOT_FOUND_MESSAGE);
    }
    expect(await registrationsOf('autre-site')).toHaveLength(0);
  });

  it('refuses a malformed route or id with 400', async () => {
    expect((await register('ouvert', {}, { route: 'Pas Un Slug' })).statusCode).toBe(400);
    expect((await register('abc', {})).statusCode).toBe(400);
  });

  it('refuses more registrations from one address than the limit allows', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= REGISTER_LIMIT; attempt += 1) {
      const response = await register('limite', { email: `limite-${attempt}@example.fr` }, { ip });
      expect(response.statusCode).toBe(200);
    }
    const refused = await register('limite', { email: 'limite-de-trop@example.fr' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });

  it('answers 429 and registers nothing once the address typed has had its share of mails', async () => {
    const email = 'quota.adresse@example.fr';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < DEFAULT_AUTH_LIMITS.mailsPerRecipient.max; attempt += 1) {
      statuses.push((await register('limite', { email })).statusCode);
    }
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    const refused = await register('ouvert', { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_MAILS_TO_ADDRESS_MESSAGE);
    const mine = await testApp.database.db
      .select()
      .from(elementRegistrations)
      .where(eq(elementRegistrations.email, email));
    expect(mine.map((registration) => registration.elementId)).toEqual([ids.limite]);
  });
});

describe('GET /element/:route/:id/registration', () => {
  it('tells the capacity and the seats left', async () => {
    const response = await availability('petit');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ capacity: 3, remaining: 0 });
    expect((await availability('autre-site', { siteId: 92 })).json().data).toEqual({
      capacity: 10,
      remaining: 10,
    });
  });

  it('is not found for an element without registrations, unpublished or of another site', async () => {
    const closed = await availability('sans-inscription');
    expect(closed.statusCode).toBe(404);
    expect(closed.json().message).toBe(REGISTRATION_CLOSED_MESSAGE);
    expect((await availability('brouillon')).statusCode).toBe(404);
    expect((await availability('autre-site')).statusCode).toBe(404);
    expect((await availability('ouvert', { siteId: 92 })).statusCode).toBe(404);
  });
});

describe('the sample workshops of site 91', () => {
  it('open three workshops to registration, one of them for two people', async () => {
    const db = testApp.database.db;
    const rows = await db
      .select({ id: elements.id, title: elements.title, capacity: elements.registrationCapacity })
      .from(elements)
      .innerJoin(elementLists, eq(elementLists.id, elements.listId))
      .where(and(eq(elementLists.siteId, 91), eq(elementLists.route, 'ateliers')))
      .orderBy(asc(elements.position));
    expect(rows.map((row) => row.capacity)).toEqual([8, 6, 2]);
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: `/element/ateliers/${rows[2]!.id}/registration`,
    });
    expect(response.json().data).toEqual({ capacity: 2, remaining: 2 });
  });
});
