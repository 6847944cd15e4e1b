import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteInfoSchema } from '@comptoir/contract/site';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /site/info', () => {
  it("describes the hair salon's identity, fonts, logos and flags", async () => {
    const response = await siteRequest(testApp.app, 91, { method: 'GET', url: '/site/info' });
    expect(response.statusCode).toBe(200);
    const info = siteInfoSchema.parse(response.json().data);
    expect(info).toMatchObject({
      id: 91,
      name: "L'Atelier de Clémence",
      url: 'https://www.atelier-clemence.fr',
      devUrl: 'http://localhost:3000',
      prodUrl: 'https://www.atelier-clemence.fr',
      isWinemaker: false,
      isECommerce: false,
      isBuilding: false,
      dashboardType: 'SHOWCASE',
      defaultLang: 'fr_FR',
    });
    expect(info.fonts.find((font) => font.type === 'TITLE')?.family).toBe(
      'Playfair Display, Georgia, serif',
    );
    expect(
      Object.fromEntries(info.logos.map((logo) => [logo.type, logo.onlineImage?.url])),
    ).toEqual({
      LOGO: '/sites/91/logo.svg',
      LOGO_FOOTER: '/sites/91/logo-footer.svg',
      LOGO_FAVICON: '/sites/91/favicon.svg',
    });
    expect(info.logos.every((logo) => logo.alt === "L'Atelier de Clémence")).toBe(true);
  });

  it('describes the winemaker as an e-commerce site', async () => {
    const response = await siteRequest(testApp.app, 92, { method: 'GET', url: '/site/info' });
    expect(response.json().data).toMatchObject({
      id: 92,
      name: 'Domaine des Trois Coteaux',
      isWinemaker: true,
      isECommerce: true,
      dashboardType: 'ECOMMERCE',
    });
  });
});

describe('GET /site/resolve', () => {
  it.each([
    ['localhost:3000', 91],
    ['www.atelier-clemence.fr', 91],
    ['WWW.Atelier-Clemence.FR', 91],
    ['vins.localhost:3000', 92],
    ['www.domaine-trois-coteaux.fr', 92],
    ['localhost:3200', 91],
    ['vins.localhost:3200', 92],
    ['localhost', 91],
  ])('maps the host %s to site %i', async (host, siteId) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/site/resolve',
      query: { host },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { id: siteId }, message: null });
  });

  it.each([
    'example.com',
    'atelier-clemence.fr',
    'other.localhost:3000',
    "localhost:3000' OR '1'='1",
  ])('answers 404 for the host %s that no site uses', async (host) => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/site/resolve',
      query: { host },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect(response.json().message).toContain('No site is configured for the host');
  });

  it('answers 400 when the host is missing', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/site/resolve' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('host');
  });
});
