import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceListSchema, serviceSchema } from '@comptoir/contract/service';
import { services } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
let winemakerServiceId: number;
let draftServiceId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  const [winemaker] = await db
    .insert(services)
    .values({
      siteId: 92,
      title: 'Visite de cave et dégustation',
      slug: 'visite-de-cave-et-degustation',
      priceCents: 1500,
      durationMinutes: 90,
      tags: ['particuliers'],
    })
    .returning({ id: services.id });
  winemakerServiceId = winemaker!.id;
  const [draft] = await db
    .insert(services)
    .values({
      siteId: 91,
      title: 'Atelier chignons de mariée',
      slug: 'atelier-chignons-de-mariee',
      tags: ['coiffure'],
      position: 99,
      isPublished: false,
    })
    .returning({ id: services.id });
  draftServiceId = draft!.id;
});
afterAll(async () => {
  await testApp?.close();
});

function get(siteId: number, url: string, query: Record<string, string> = {}) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url, query });
}

async function list(siteId: number, query: Record<string, string> = {}) {
  const response = await get(siteId, '/service', query);
  expect(response.statusCode, response.body).toBe(200);
  return serviceListSchema.parse(response.json().data);
}

describe('GET /service', () => {
  it("lists site 91's published services by position in data.services, with prices and durations", async () => {
    const { services: all, total } = await list(91, { page: '1', nbItem: '100' });
    expect(total).toBe(8);
    expect(all.map((service) => service.title)).toEqual([
      'Analyse de colorimétrie',
      'Conseil morphologie et style',
      'Relooking complet',
      'Tri de garde-robe',
      'Accompagnement shopping',
      'Coupe et conseil visagisme',
      'Formation conseillère en image — module 1',
      'Atelier image professionnelle',
    ]);
    expect(all[0]).toMatchObject({
      slug: 'analyse-de-colorimetrie',
      priceCents: 12000,
      durationMinutes: 90,
      imageUrl: '/samples/services/analyse-de-colorimetrie.svg',
      tags: ['particuliers'],
    });
    expect(all.find((service) => service.slug.startsWith('formation'))?.priceCents).toBeNull();
    expect(all[0]).not.toHaveProperty('content');
  });

  it('keeps the services with the one tag asked for', async () => {
    const { services: hair, total } = await list(91, { tag: 'coiffure' });
    expect(hair.map((service) => service.slug)).toEqual([
      'relooking-complet',
      'coupe-et-conseil-visagisme',
    ]);
    expect(total).toBe(2);
  });

  it('keeps the services with any of two tags, each once', async () => {
    const { services: matching } = await list(91, { tag: 'formation,coiffure' });
    expect(matching.map((service) => service.slug)).toEqual([
      'relooking-complet',
      'coupe-et-conseil-visagisme',
      'formation-conseillere-en-image-module-1',
    ]);
    const { total } = await list(91, { tag: ' professionnels , formation ,' });
    expect(total).toBe(2);
  });

  it('answers an empty list for a tag no service has', async () => {
    expect(await list(91, { tag: 'mariage' })).toEqual({ services: [], total: 0 });
  });

  it('pages with page and nbItem', async () => {
    const second = await list(91, { page: '2', nbItem: '3' });
    expect(second.services.map((service) => service.slug)).toEqual([
      'tri-de-garde-robe',
      'accompagnement-shopping',
      'coupe-et-conseil-visagisme',
    ]);
    expect(second.total).toBe(8);
    expect((await list(91, { page: '4', nbItem: '3' })).services).toEqual([]);
  });

  it('hides unpublished services and serves each site only its own', async () => {
    const { services: site91 } = await list(91);
    expect(site91.map((service) => service.id)).not.toContain(draftServiceId);
    expect(site91.map((service) => service.id)).not.toContain(winemakerServiceId);
    const site92 = await list(92);
    expect(site92.services.map((service) => service.id)).toEqual([winemakerServiceId]);
  });

  it.each([
    ['page', 'abc'],
    ['page', '0'],
    ['nbItem', '0'],
    ['nbItem', '1001'],
    ['tag', 'a'.repeat(61)],
    ['tag', Array.from({ length: 21 }, (_, index) => `tag${index}`).join(',')],
  ])('refuses %s=%s with a 400 envelope', async (key, value) => {
    const response = await get(91, '/service', { [key]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect(response.json().errors[0].key).toMatch(new RegExp(`^${key}`));
  });
});

describe('GET /service/:id', () => {
  it('returns one service with its description', async () => {
    const { services: all } = await list(91);
    const colour = all[0]!;
    const response = await get(91, `/service/${colour.id}`);
    expect(response.statusCode).toBe(200);
    const service = serviceSchema.parse(response.json().data);
    expect(service).toMatchObject(colour);
    expect(service.content).toContain('<h2>Déroulement de la séance</h2>');
  });

  it("answers 404 for an unknown id, a draft or another site's service", async () => {
    const { services: all } = await list(91);
    for (const [siteId, id] of [
      [91, 999999],
      [91, draftServiceId],
      [91, winemakerServiceId],
      [92, all[0]!.id],
    ] as const) {
      const response = await get(siteId, `/service/${id}`);
      expect(response.statusCode, `${siteId} ${id}`).toBe(404);
      expect(response.json()).toMatchObject({ success: false, data: null });
    }
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])(
    'refuses the id %s with a 400 envelope',
    async (id) => {
      const response = await get(91, `/service/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].key).toBe('id');
    },
  );
});
