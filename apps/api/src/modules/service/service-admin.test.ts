import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminServiceSchema,
  SERVICE_NOT_FOUND_MESSAGE,
  SERVICE_ORDER_MESSAGE,
  SERVICE_SLUG_TAKEN_MESSAGE,
  serviceFormSchema,
} from '@comptoir/contract/admin-services';
import { services } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';

let harness: AdminHarness;
let otherSiteServiceId: number;

const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Colorimétrie express',
  summary: 'Vos couleurs en trente minutes.',
  content: '<p>Un diagnostic rapide.</p>',
  imageUrl: '/images/colorimetrie.jpg',
  priceCents: 4990,
  durationMinutes: 30,
  tags: ['particuliers', 'image'],
  isPublished: true,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const response = await harness.send('POST', '/admin/service', {
    token: harness.tokens.admin,
    payload: input(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminServiceSchema.parse(response.json().data);
}

async function siteServices(siteId: number) {
  return harness.db
    .select()
    .from(services)
    .where(eq(services.siteId, siteId))
    .orderBy(asc(services.position), asc(services.id));
}

beforeAll(async () => {
  harness = await createAdminHarness();
  const [other] = await harness.db
    .insert(services)
    .values({ siteId: 92, title: 'Visite de cave', slug: 'visite-de-cave' })
    .returning({ id: services.id });
  otherSiteServiceId = other!.id;
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.resetRevalidations();
});

describe('the role matrix over the services routes', () => {
  it('GET /admin/service', async () => {
    await harness.expectRoleMatrix(async () => ({ method: 'GET', url: '/admin/service' }));
  });

  it('POST /admin/service', async () => {
    let count = 0;
    await harness.expectRoleMatrix(async () => ({
      method: 'POST',
      url: '/admin/service',
      payload: input({ title: `Atelier maquillage ${(count += 1)}` }),
    }));
  });

  it('PUT /admin/service/:id', async () => {
    const { id } = await create({ title: 'Conseil morphologie' });
    await harness.expectRoleMatrix(async () => ({
      method: 'PUT',
      url: `/admin/service/${id}`,
      payload: input({ title: 'Conseil morphologie', slug: 'conseil-morphologie' }),
    }));
  });

  it('DELETE /admin/service/:id', async () => {
    await harness.expectRoleMatrix(async () => ({
      method: 'DELETE',
      url: `/admin/service/${(await create({ title: `À supprimer ${Math.random()}` })).id}`,
    }));
  });

  it('PUT /admin/service/order', async () => {
    await harness.expectRoleMatrix(async () => ({
      method: 'PUT',
      url: '/admin/service/order',
      payload: { ids: (await siteServices(91)).map((service) => service.id) },
    }));
  });
});

describe('writing services', () => {
  it('adds a service last, with a slug from its title, audits it and refreshes the services tag', async () => {
    const before = await siteServices(91);
    const created = await create({ title: 'Relooking complet été' });
    expect(created).toMatchObject({
      slug: 'relooking-complet-ete',
      priceCents: 4990,
      durationMinutes: 30,
      tags: ['particuliers', 'image'],
      isPublished: true,
    });
    expect(created.position).toBeGreaterThan(Math.max(0, ...before.map((s) => s.position)));
    expect(await harness.revalidatedTags()).toEqual([['site:91:services']]);
    expect((await harness.auditRows(91, 'service'))[0]).toMatchObject({
      action: 'create',
      entityId: String(created.id),
      summary: 'Prestation « Relooking complet été » ajoutée',
    });
    const shown = await siteRequest(harness.testApp.app, 91, {
      method: 'GET',
      url: `/service/${created.id}`,
    });
    expect(shown.json().data).toMatchObject({ title: 'Relooking complet été', priceCents: 4990 });
  });

  it('changes every field, keeps the journal of before and after, and hides a draft', async () => {
    const { id } = await create({ title: 'Coupe homme' });
    const response = await harness.send('PUT', `/admin/service/${id}`, {
      token: harness.tokens.superAdmin,
      payload: input({
        title: 'Coupe homme et barbe',
        slug: 'coupe-barbe',
        priceCents: null,
        durationMinutes: null,
        tags: [],
        isPublished: false,
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      slug: 'coupe-barbe',
      priceCents: null,
      isPublished: false,
    });
    const [entry] = await harness.auditRows(91, 'service');
    expect(entry).toMatchObject({ action: 'update', entityId: String(id) });
    expect(entry!.before).toMatchObject({ title: 'Coupe homme', isPublished: true });
    expect(entry!.after).toMatchObject({ title: 'Coupe homme et barbe', isPublished: false });
    const shown = await siteRequest(harness.testApp.app, 91, {
      method: 'GET',
      url: `/service/${id}`,
    });
    expect(shown.statusCode).toBe(404);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const before = await siteServices(91);
    for (const payload of [
      input({ title: '' }),
      input({ priceCents: -5 }),
      input({ priceCents: 12.5 }),
      input({ durationMinutes: 0 }),
      input({ slug: 'Pas Un Slug' }),
      input({ imageUrl: 'javascript:alert(1)' }),
      input({ tags: ['a,b'] }),
    ]) {
      const response = await harness.send('POST', '/admin/service', {
        token: harness.tokens.admin,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    expect(await siteServices(91)).toEqual(before);
    expect(await harness.revalidatedTags()).toEqual([]);
  });

  it('refuses a slug another service of the site has, with 409 on the slug field', async () => {
    const first = await create({ title: 'Conseil couleur' });
    const response = await harness.send('POST', '/admin/service', {
      token: harness.tokens.admin,
      payload: input({ title: 'Autre', slug: first.slug }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([{ key: 'slug', error: SERVICE_SLUG_TAKEN_MESSAGE }]);
    // Another site's slug is free here.
    const sameAsOtherSite = await create({ title: 'Visite de cave' });
    expect(sameAsOtherSite.slug).toBe('visite-de-cave');
  });

  it('puts the services in a new order, and refuses an order that leaves one out', async () => {
    const ids = (await siteServices(91)).map((service) => service.id);
    const reversed = [...ids].reverse();
    const response = await harness.send('PUT', '/admin/service/order', {
      token: harness.tokens.admin,
      payload: { ids: reversed },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await siteServices(91)).map((service) => service.id)).toEqual(reversed);
    expect((await harness.auditRows(91, 'service'))[0]).toMatchObject({ action: 'reorder' });

    const partial = await harness.send('PUT', '/admin/service/order', {
      token: harness.tokens.admin,
      payload: { ids: reversed.slice(1) },
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors).toEqual([{ key: 'ids', error: SERVICE_ORDER_MESSAGE }]);
    expect((await siteServices(91)).map((service) => service.id)).toEqual(reversed);
  });

  it('deletes a service, audits it and refreshes the services tag', async () => {
    const { id } = await create({ title: 'Atelier éphémère' });
    await harness.resetRevalidations();
    const response = await harness.send('DELETE', `/admin/service/${id}`, {
      token: harness.tokens.admin,
    });
    expect(response.statusCode).toBe(200);
    expect((await siteServices(91)).some((service) => service.id === id)).toBe(false);
    expect(await harness.revalidatedTags()).toEqual([['site:91:services']]);
    expect((await harness.auditRows(91, 'service'))[0]).toMatchObject({
      action: 'delete',
      summary: 'Prestation « Atelier éphémère » supprimée',
    });
  });

  it("answers 404 for another site's service and leaves it alone", async () => {
    for (const [method, payload] of [
      ['PUT', input()],
      ['DELETE', undefined],
    ] as const) {
      const response = await harness.send(method, `/admin/service/${otherSiteServiceId}`, {
        token: harness.tokens.admin,
        payload,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(SERVICE_NOT_FOUND_MESSAGE);
    }
    const [kept] = await harness.db
      .select()
      .from(services)
      .where(and(eq(services.siteId, 92), eq(services.id, otherSiteServiceId)));
    expect(kept?.title).toBe('Visite de cave');
  });
});

describe('the services form schema', () => {
  const form = {
    title: 'Coupe',
    slug: '',
    summary: '',
    content: '',
    imageUrl: '',
    price: '49,90',
    duration: '45',
    tags: 'coiffure, femmes ,',
    isPublished: true,
  };

  it('turns euros and texts into the API’s values', () => {
    expect(serviceFormSchema.parse(form)).toMatchObject({
      slug: null,
      summary: null,
      priceCents: 4990,
      durationMinutes: 45,
      tags: ['coiffure', 'femmes'],
    });
    expect(serviceFormSchema.parse({ ...form, price: '' }).priceCents).toBeNull();
    expect(serviceFormSchema.parse({ ...form, price: '50' }).priceCents).toBe(5000);
  });

  it('puts each mistake under its field', () => {
    const result = serviceFormSchema.safeParse({ ...form, price: '49,999', duration: 'une heure' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path[0]).sort()).toEqual([
      'duration',
      'price',
    ]);
  });
});
