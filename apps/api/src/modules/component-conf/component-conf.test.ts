import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  componentConfSchema,
  reviewsConfSchema,
  servicesPageConfSchema,
} from '@comptoir/contract/component-conf';
import { componentConfs } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

function get(siteId: number, slug: string) {
  return siteRequest(testApp.app, siteId, { method: 'GET', url: `/component/conf/${slug}` });
}

describe('GET /component/conf/:slug', () => {
  it("serves site 91's services page configuration, which the storefront schema accepts", async () => {
    const response = await get(91, 'services-page');
    expect(response.statusCode).toBe(200);
    const conf = componentConfSchema.parse(response.json().data);
    expect(conf).toEqual({
      slug: 'services-page',
      config: { showPrices: true, ctaLabel: 'Prendre rendez-vous', ctaHref: '/nous-contacter' },
    });
    expect(servicesPageConfSchema.parse(conf.config)).toEqual(conf.config);
  });

  it("serves site 91's reviews configuration", async () => {
    const response = await get(91, 'reviews');
    expect(response.statusCode).toBe(200);
    expect(reviewsConfSchema.parse(response.json().data.config)).toEqual({ minRating: 4 });
  });

  it('answers 404 for a slug the site does not have', async () => {
    const response = await get(91, 'carrousel-accueil');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, data: null });
  });

  it("answers 404 for another site's configuration", async () => {
    await testApp.database.db
      .insert(componentConfs)
      .values({ siteId: 92, slug: 'cave-visite', config: { showMap: true } });
    expect((await get(92, 'cave-visite')).statusCode).toBe(200);
    expect((await get(91, 'cave-visite')).statusCode).toBe(404);
    expect((await get(92, 'services-page')).statusCode).toBe(404);
  });

  it.each(['Services-Page', 'services_page', '-services', 'a'.repeat(101), 'services--page'])(
    'refuses the slug %s with a 400 envelope',
    async (slug) => {
      const response = await get(91, encodeURIComponent(slug));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].key).toBe('slug');
    },
  );
});

describe('component configuration schemas', () => {
  it('fall back to defaults for missing or malformed options instead of failing', () => {
    expect(servicesPageConfSchema.parse({})).toEqual({ showPrices: true });
    expect(
      servicesPageConfSchema.parse({
        showPrices: 'oui',
        ctaLabel: '',
        ctaHref: 'javascript:alert(1)',
      }),
    ).toEqual({ showPrices: true });
    expect(reviewsConfSchema.parse({ minRating: 9 })).toEqual({ minRating: 1 });
  });
});
