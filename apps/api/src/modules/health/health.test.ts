import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shutDown } from '../../plugins/lifecycle';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('GET /health', () => {
  it('answers ok while the process is alive, without asking the database', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { status: 'ok' }, message: null });
  });
});

describe('GET /ready', () => {
  it('answers ready when the database and the storage answer (no Redis configured)', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      status: 'ready',
      database: 'ok',
      redis: 'absent',
      storage: 'ok',
    });
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        success: false,
        data: null,
        message: 'Does not answer: database.',
      });
      // Alive all the same: a load balancer must not restart it for its database.
      expect((await broken.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });

  it('answers 503 naming Redis when REDIS_URL points at nothing', async () => {
    const noRedis = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const response = await noRedis.app.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Does not answer: redis.');
    } finally {
      await noRedis.close();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('checks the Redis of REDIS_URL', async () => {
    const withRedis = await createTestApp({
      env: { REDIS_URL: process.env.TEST_REDIS_URL as string },
    });
    try {
      const response = await withRedis.app.inject({ method: 'GET', url: '/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.redis).toBe('ok');
    } finally {
      await withRedis.close();
    }
  });
});

/** A plain HTTP GET on a new connection: status code, or the connection error's code. */
function get(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    request.end();
  });
}

describe('graceful shutdown', () => {
  it('drains (/ready 503, requests still served), finishes requests in flight, then refuses', async () => {
    const stopping = await createTestApp();
    try {
      stopping.app.get('/test/slow', async () => {
        await sleep(400);
        return { done: true };
      });
      await stopping.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = stopping.app.server.address() as AddressInfo;

      const inFlight = get(port, '/test/slow');
      await sleep(50);
      const stopped = shutDown(stopping.app, 300);
      await sleep(50);
      expect(await get(port, '/ready')).toBe(503);
      expect(await get(port, '/health')).toBe(200);
      expect(await inFlight).toBe(200);
      await stopped;
      expect(await get(port, '/health')).toBe('ECONNREFUSED');
    } finally {
      await stopping.close();
    }
  });
});
