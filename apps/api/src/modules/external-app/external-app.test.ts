import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTERNAL_APPS, externalAppPublicConfigSchema } from '@comptoir/contract/external-app';
import { externalAppConfigs } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

function publicConfig(siteId: number, app: string) {
  return siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: `/external-app/${app}/config/public`,
  });
}

describe('GET /external-app/:app/config/public', () => {
  it("gives site 92's GA4 measurement id", async () => {
    const response = await publicConfig(92, 'GOOGLE_ANALYTICS');
    expect(response.statusCode).toBe(200);
    expect(externalAppPublicConfigSchema.parse(response.json().data)).toEqual({
      app: 'GOOGLE_ANALYTICS',
      config: { measurementId: 'G-3C0TEAUX92' },
    });
  });

  it.each(EXTERNAL_APPS)(
    'answers 404 for %s on site 91, which connected no service',
    async (app) => {
      const response = await publicConfig(91, app);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, data: null });
    },
  );

  it("never lends one site's configuration to another", async () => {
    expect((await publicConfig(91, 'GOOGLE_ANALYTICS')).statusCode).toBe(404);
  });

  it('hands out only the public keys of a stored configuration', async () => {
    await testApp.database.db.insert(externalAppConfigs).values({
      siteId: 91,
      app: 'MATOMO',
      publicConfig: { url: 'https://stats.atelier-clemence.fr', siteId: '3', apiToken: 'secret' },
    });
    const response = await publicConfig(91, 'MATOMO');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      app: 'MATOMO',
      config: { url: 'https://stats.atelier-clemence.fr', siteId: '3' },
    });
    expect(response.body).not.toContain('secret');
  });

  it('never hands out an identifier that could inject markup into a script address', async () => {
    await testApp.database.db.insert(externalAppConfigs).values({
      siteId: 91,
      app: 'FACEBOOK_PIXEL',
      publicConfig: { pixelId: '123"><script>alert(1)</script>' },
    });
    const response = await publicConfig(91, 'FACEBOOK_PIXEL');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('script');
  });

  it.each(['google_analytics', 'STRIPE', 'GOOGLE ANALYTICS'])(
    'refuses the unknown service %s with a 400 envelope',
    async (app) => {
      const response = await publicConfig(92, encodeURIComponent(app));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: null });
      expect(response.json().errors[0].key).toBe('app');
    },
  );
});

describe('GET /external-app/PRODUCT_FILE_GENERATOR/config/public', () => {
  async function firstProductId(siteId: number): Promise<number> {
    const response = await siteRequest(testApp.app, siteId, {
      method: 'GET',
      url: '/product',
      query: { nbItem: '1' },
    });
    return response.json().data.siteProducts[0].id;
  }

  it('answers the built-in generator as on for a site that stored nothing, not a 400', async () => {
    const response = await publicConfig(92, 'PRODUCT_FILE_GENERATOR');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { app: 'PRODUCT_FILE_GENERATOR', config: { enabled: true } },
      message: null,
    });
  });

  it('switches the sheet off on the site that stored it off, and on that site only', async () => {
    const productId = await firstProductId(92);
    const sheet = () =>
      siteRequest(testApp.app, 92, { method: 'GET', url: `/product/generate/file/${productId}` });
    expect((await sheet()).statusCode).toBe(200);

    await testApp.database.db
      .insert(externalAppConfigs)
      .values({ siteId: 92, app: 'PRODUCT_FILE_GENERATOR', publicConfig: { enabled: false } });
    expect((await publicConfig(92, 'PRODUCT_FILE_GENERATOR')).json().data).toEqual({
      app: 'PRODUCT_FILE_GENERATOR',
      config: { enabled: false },
    });
    const refused = await sheet();
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Cette fiche produit est introuvable.');
    expect((await publicConfig(91, 'PRODUCT_FILE_GENERATOR')).json().data.config).toEqual({
      enabled: true,
    });
  });
});
