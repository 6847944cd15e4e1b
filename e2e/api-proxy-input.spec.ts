import { expect, test } from '@playwright/test';

/*
 * The storefront's `/api` forwards to the API without reading the bodies (proxy.ts): a JSON body
 * nested thousands deep gets the API's French 400, not a 500 of either server, and a private
 * answer keeps its `Cache-Control: private, no-store` on the way (decision 0080).
 */

test('a deeply nested JSON body sent through /api gets the French 400', async ({ request }) => {
  // 12,000 arrays inside one another (24 KB), the body that used to answer 500.
  const response = await request.post('/api/order/validate', {
    headers: { siteId: '92', 'content-type': 'application/json' },
    data: `${'['.repeat(12_000)}${']'.repeat(12_000)}`,
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toEqual({
    success: false,
    data: null,
    message: 'Le contenu JSON envoyé est imbriqué trop profondément (64 niveaux au plus).',
  });
});

test('private answers keep private, no-store through /api; public reads keep their ETag', async ({
  request,
}) => {
  const account = await request.get('/api/user', { headers: { siteId: '91' } });
  expect(account.status()).toBe(401);
  expect(account.headers()['cache-control']).toBe('private, no-store');

  const cart = await request.post('/api/cart', {
    headers: { siteId: '92' },
    data: { type: 'MAIN_CART' },
  });
  expect(cart.status()).toBe(200);
  expect(cart.headers()['cache-control']).toBe('private, no-store');

  const parameters = await request.get('/api/parameter', { headers: { siteId: '91' } });
  expect(parameters.status()).toBe(200);
  expect(parameters.headers().etag).toBeTruthy();
  expect(parameters.headers()['cache-control']).toBeUndefined();
});
