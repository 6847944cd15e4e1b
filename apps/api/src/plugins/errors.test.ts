import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '@comptoir/contract/endpoint';
import { registerEndpoint } from '../http/register-endpoint';
import { createTestApp, type TestApp } from '../test/test-app';
import { INVALID_BODY_MESSAGE } from './errors';

const echoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/test/echo',
  summary: 'Echoes a name (test only)',
  tags: ['test'],
  body: z.object({ name: z.string().min(2), age: z.number().int() }),
  response: z.object({ name: z.string() }),
  withoutSite: true,
});

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
  testApp.app.get('/test/boom', { config: { withoutSite: true } }, async () => {
    throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
  });
  registerEndpoint(testApp.app, echoEndpoint, ({ body }) => ({ name: body.name }));
});
afterAll(async () => {
  await testApp?.close();
});

describe('error responses', () => {
  it('answers an unknown route with a 404 envelope naming the route', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/does/not/exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      message: 'Route GET /does/not/exist not found.',
    });
  });

  it('answers an unexpected error with a 500 envelope that reveals no stack nor SQL', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      message: 'Internal server error',
    });
    expect(response.body).not.toMatch(/secret_table|stack|at /);
  });

  it('answers an invalid query string with a 400 envelope listing the fields', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/countries?page=0&nbItem=5000',
      headers: { siteId: '91' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.data).toBeNull();
    expect(body.message).toMatch(/^Invalid query string: /);
    expect(body.errors.map((error: { key: string }) => error.key).sort()).toEqual([
      'nbItem',
      'page',
    ]);
  });

  it('answers an invalid path parameter with a 400 envelope', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/page/abc',
      headers: { siteId: '91' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('id');
  });

  it('answers an invalid body with a 422 envelope listing each field error', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { name: 'A', age: 'old' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe(INVALID_BODY_MESSAGE);
    expect(body.errors.map((error: { key: string }) => error.key).sort()).toEqual(['age', 'name']);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
  });

  it('wraps a valid answer in the success envelope', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { name: 'Clémence', age: 34 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { name: 'Clémence' }, message: null });
  });

  it('echoes a well-formed caller request id and creates one otherwise', async () => {
    const kept = await testApp.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'web-42' },
    });
    expect(kept.headers['x-request-id']).toBe('web-42');
    const created = await testApp.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(created.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
