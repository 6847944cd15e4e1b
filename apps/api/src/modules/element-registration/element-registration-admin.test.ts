import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REGISTRATION_ELEMENT_NOT_FOUND_MESSAGE,
  registrationElementSchema,
} from '@comptoir/contract/admin-registrations';
import { elementLists, elementRegistrations, elements } from '../../db/schema';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';

let harness: AdminHarness;
let workshopId: number;
let plainElementId: number;
let otherSiteElementId: number;

async function addElement(siteId: number, route: string, title: string, capacity: number | null) {
  const [list] = await harness.db
    .insert(elementLists)
    .values({ siteId, route, name: 'Ateliers' })
    .onConflictDoNothing()
    .returning();
  const [element] = await harness.db
    .insert(elements)
    .values({ siteId, listId: list!.id, title, registrationCapacity: capacity })
    .returning();
  return element!.id;
}

beforeAll(async () => {
  harness = await createAdminHarness();
  workshopId = await addElement(91, 'ateliers-test', 'Atelier chignons', 12);
  plainElementId = await addElement(91, 'liens-test', 'Lien simple', null);
  otherSiteElementId = await addElement(92, 'ateliers-92', 'Dégustation', 20);
  await harness.db.insert(elementRegistrations).values([
    {
      siteId: 91,
      elementId: workshopId,
      firstname: 'Zoé',
      lastname: 'Lefèvre',
      email: 'zoe@example.fr',
      seats: 2,
      message: 'Avec ma sœur',
      createdAt: new Date('2026-06-01T08:00:00Z'),
    },
    {
      siteId: 91,
      elementId: workshopId,
      firstname: '=Hugo',
      lastname: 'Martin',
      email: 'hugo@example.fr',
      phone: '06 11 22 33 44',
      seats: 3,
    },
    { siteId: 92, elementId: otherSiteElementId, firstname: 'A', lastname: 'B', email: 'a@b.fr' },
  ]);
});

afterAll(async () => {
  await harness?.close();
});

describe('the role matrix over the registration routes', () => {
  it('GET /admin/registration', async () => {
    await harness.expectRoleMatrix(async () => ({ method: 'GET', url: '/admin/registration' }));
  });

  it('GET /admin/registration/:id', async () => {
    await harness.expectRoleMatrix(async () => ({
      method: 'GET',
      url: `/admin/registration/${workshopId}`,
    }));
  });

  it('GET /admin/registration/:id/csv', async () => {
    await harness.expectRoleMatrix(async () => ({
      method: 'GET',
      url: `/admin/registration/${workshopId}/csv`,
    }));
  });
});

describe('registrations', () => {
  it('lists the elements that take registrations, with seats taken against capacity', async () => {
    const response = await harness.send('GET', '/admin/registration', {
      token: harness.tokens.admin,
    });
    const list = registrationElementSchema.array().parse(response.json().data);
    expect(list.find((element) => element.id === workshopId)).toMatchObject({
      title: 'Atelier chignons',
      capacity: 12,
      seatsTaken: 5,
      registrationCount: 2,
    });
    const ids = list.map((element) => element.id);
    expect(ids).not.toContain(plainElementId);
    expect(ids).not.toContain(otherSiteElementId);
  });

  it("gives one element's registrations, oldest first", async () => {
    const response = await harness.send('GET', `/admin/registration/${workshopId}`, {
      token: harness.tokens.admin,
    });
    expect(response.json().data.registrations.map((r: { email: string }) => r.email)).toEqual([
      'zoe@example.fr',
      'hugo@example.fr',
    ]);
  });

  it('exports the registrations as a CSV file for Excel, formulas defused', async () => {
    const response = await harness.send('GET', `/admin/registration/${workshopId}/csv`, {
      token: harness.tokens.admin,
    });
    expect(response.headers['content-disposition']).toContain('inscriptions-atelier-chignons.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"Zoé";"Lefèvre";"zoe@example.fr";"";"2";"Avec ma sœur"');
    expect(lines[2]).toContain(`"'=Hugo"`);
  });

  it("answers 404 for another site's element and for an element without registrations", async () => {
    for (const url of [
      `/admin/registration/${otherSiteElementId}`,
      `/admin/registration/${otherSiteElementId}/csv`,
      `/admin/registration/${plainElementId}`,
    ]) {
      const response = await harness.send('GET', url, { token: harness.tokens.admin });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(REGISTRATION_ELEMENT_NOT_FOUND_MESSAGE);
    }
  });

  it('refuses an id that is not a row id with 400, before reading anything', async () => {
    const response = await harness.send('GET', '/admin/registration/abc', {
      token: harness.tokens.admin,
    });
    expect([400, 422]).toContain(response.statusCode);
  });
});
