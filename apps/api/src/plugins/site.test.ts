import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { MISSING_SITE_ID_MESSAGE } from './site';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('site resolution from the siteId header', () => {
  it('refuses a call without a siteId header with a 400 envelope', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/parameter' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      message: MISSING_SITE_ID_MESSAGE,
    });
  });

  it.each(['abc', '-1', '1.5', '0', '', '91abc', '1e2', '0x5b', '99999999999'])(
    'refuses the malformed siteId %j with a 400 envelope',
    async (siteId) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/parameter',
        headers: { siteId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MISSING_SITE_ID_MESSAGE);
    },
  );

  it('answers 404 for a site id no site has', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/site/info',
      headers: { siteId: '999' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, data: null, message: 'Unknown site 999.' });
  });

  it('checks the site before validating the query string', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/countries?page=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MISSING_SITE_ID_MESSAGE);
  });

  it('serves the site named by the header', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/site/info',
      headers: { siteId: '92' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.id).toBe(92);
  });

  it('lets platform routes answer without a siteId header', async () => {
    const health = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    const resolve = await testApp.app.inject({
      method: 'GET',
      url: '/site/resolve?host=localhost:3000',
    });
    expect(resolve.statusCode).toBe(200);
  });

  it('does not keep anything in the cache for unknown site ids', async () => {
    for (const siteId of ['1000', '1001', '1002']) {
      await testApp.app.inject({ method: 'GET', url: '/parameter', headers: { siteId } });
    }
    const cached = testApp.app.siteCache.cachedSiteIds();
    expect(cached.filter((id) => id >= 1000)).toEqual([]);
  });
});
