import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('OpenAPI documentation', () => {
  it('lists every route with its method at /docs/json', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/countries',
        '/health',
        '/ready',
        '/logged',
        '/page/tree',
        '/page/{id}',
        '/parameter',
        '/site/info',
        '/site/resolve',
        '/user',
        '/variation',
        '/register',
        '/login',
        '/logout',
        '/password/reset/ask',
        '/password/reset',
        '/user/password',
        '/user/newsletter/lists',
        '/user/newsletter/subscription',
        '/newsletter/confirm',
        '/newsletter/subscribe',
        '/newsletter/unsubscribe',
        '/newsletter/unsubscribe/{token}',
        '/cart',
        '/cart/{id}/default',
        '/cart/{cartId}',
        '/cart/{cartId}/product/{declinationId}',
        '/cart/{cartId}/product/{productId}/quantity',
        '/cart/{cartId}/product/{productId}/{idCartProduct}',
        '/cart/product/{idProduct}/declination/{idDeclination}/customize/price',
        '/product-customization/{id}/file/validate',
        '/admin/page/{idPage}/layout/{idLayout}/hash/check',
        '/admin/page/{idPage}/layout/{idLayout}/preview',
        '/admin/page/{idPage}/blocks',
        '/admin/parameter/{type}',
        '/admin/element/{route}',
        '/admin/element/{route}/{id}',
        '/admin/audit',
        '/admin/pages',
        '/admin/page',
        '/admin/page/{id}',
        '/admin/page/{id}/position',
        '/admin/page/{id}/duplicate',
        '/page/redirects',
        '/admin/parameter',
        '/admin/logo/{type}',
        '/admin/logo/{type}/alt',
        '/admin/font',
        '/admin/element',
        '/admin/element/{route}/order',
        '/logo/{siteId}/{key}',
        '/admin/contact-message',
        '/admin/contact-message/{id}',
        '/admin/contact-message/{id}/read',
        '/admin/contact-message/{id}/reply',
        '/admin/form',
        '/admin/form/{id}/answer',
        '/admin/form/{id}/answer/csv',
        '/album',
        '/album/{id}',
        '/image/load-svg',
        '/element/{route}',
        '/element/{route}/{id}',
        '/element/{route}/{id}/register',
        '/element/{route}/{id}/registration',
        '/forms/{id}',
        '/forms/{id}/answer/validate',
        '/forms/{id}/submit',
        '/file/{key}',
        '/popup/{id}',
        '/site/visit/{from}',
        '/external-app/{app}/config/public',
        '/message',
        '/company/address',
        '/admin/address/type',
        '/service',
        '/service/{id}',
        '/product',
        '/product/{id}',
        '/product/{id}/customization',
        '/product/generate/file/{id}',
        '/product/generate/file/{id}/{declinationId}',
        '/award',
        '/v2/product/recommended/{id}',
        '/parameter/product/meal-icon',
        '/component/conf/{slug}',
        '/google/reviews',
        '/blog/folder/list',
        '/blog/folder/list/{id}',
        '/blog/folder',
        '/blog/folder/{id}',
        '/blog/folder/slug/{slug}',
        '/blog/folder/ariane/{id}',
        '/blog/ariane/{id}',
        '/blog/slug/{slug}',
        '/blog/{id}',
        '/news',
        '/news/{id}',
        '/calculate/shipping-fees',
        '/relay/access-points',
        '/cities/{search}/{idCountry}',
        '/calendar/{id}/date/allowed/{month}/{year}',
        '/calendar/{id}/hold',
        '/calendar/hold/{cartId}',
        '/order/validate',
        '/order',
        '/order/{id}',
        '/order/discount',
        '/order/payment-methods',
        '/order/{id}/invoice',
        '/cart/{cartId}/gift-voucher',
        '/gift-voucher/settings',
        '/custom-stripe/public-key',
        '/custom-stripe/payment-intent',
        '/custom-stripe/webhook',
        '/admin/order/{id}/refund',
        '/admin/order/{id}/status',
      ].sort(),
    );
    expect(document.paths['/page/{id}'].get.summary).toBe(
      'One page with its children and its content blocks (invalid blocks left out)',
    );
    const headerNames = document.paths['/parameter'].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    );
    expect(headerNames).toContain('siteid');
    expect(Object.keys(document.paths['/order']).sort()).toEqual(['get', 'post']);
  });

  it('serves the interactive documentation at /docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(response.statusCode);
  });
});
