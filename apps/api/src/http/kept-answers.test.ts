import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages, products } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';

/** A running API on a free port, with the addresses Fastify itself routed. */
interface Served {
  testApp: TestApp;
  origin: string;
  routed: string[];
}

async function serve(options: Parameters<typeof createTestApp>[0] = {}): Promise<Served> {
  const testApp = await createTestApp(options);
  const routed: string[] = [];
  // onSend runs for every answer Fastify gives, errors included, before it is sent.
  testApp.app.addHook('onSend', (request, _reply, payload, done) => {
    routed.push(`${request.method} ${request.url}`);
    done(null, payload);
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = testApp.app.server.address() as AddressInfo;
  return { testApp, origin: `http://127.0.0.1:${port}`, routed };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function call(
  served: Served,
  url: string,
  options: { siteId?: number; method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${served.origin}${url}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.siteId === 0 ? {} : { siteid: String(options.siteId ?? 91) }),
      ...options.headers,
    },
  });
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The headers that must be equal on both paths: all but the date and the request's own id. */
function comparable(headers: Record<string, string>): Record<string, string> {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

let served: Served;
let homePageId: number;
let productId: number;

beforeAll(async () => {
  served = await serve();
  const db = served.testApp.database.db;
  const [home] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.siteId, 91), eq(pages.url, '/')));
  homePageId = home!.id;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.siteId, 92), eq(products.slug, 'anjou-rouge-les-trois-coteaux')));
  productId = product!.id;
});

afterAll(async () => {
  await served?.testApp.close();
});

describe('kept answers, sent before routing', () => {
  it.each([
    ['/parameter', 91],
    ['/site/info', 91],
    ['/page/tree', 91],
    ['home page', 91],
    ['product', 92],
    ['/product?page=1&nbItem=12', 92],
  ])(
    '%s (site %i): the second GET gets the bytes and headers of the first without entering Fastify',
    async (label, siteId) => {
      const url =
        label === 'home page'
          ? `/page/${homePageId}`
          : label === 'product'
            ? `/product/${productId}`
            : label;
      const first = await call(served, url, { siteId });
      expect(first.status).toBe(200);
      const routedBefore = served.routed.length;

      const second = await call(served, url, { siteId, headers: { 'x-request-id': 'kept-1' } });
      expect(served.routed.length).toBe(routedBefore);
      expect(second.status).toBe(200);
      expect(second.body.equals(first.body)).toBe(true);
      expect(comparable(second.headers)).toEqual(comparable(first.headers));
      expect(second.headers['x-request-id']).toBe('kept-1');
      expect(second.headers['content-type']).toBe('application/json; charset=utf-8');

      // A known ETag: 304 without a body, with the headers Fastify's own 304 has.
      // (fetch adds `cache-control: no-cache` to a conditional request unless one is given.)
      const conditional = { 'if-none-match': first.headers.etag!, 'cache-control': 'max-age=0' };
      const viaFastify = await served.testApp.app.inject({
        method: 'GET',
        url,
        headers: { siteid: String(siteId), ...conditional },
      });
      const notModified = await call(served, url, { siteId, headers: conditional });
      expect(served.routed.length).toBe(routedBefore + 1); // the inject, not the 304 over HTTP
      expect(notModified.status).toBe(304);
      expect(viaFastify.statusCode).toBe(304);
      expect(notModified.body.length).toBe(0);
      expect(notModified.headers.etag).toBe(first.headers.etag);
      expect(Object.keys(notModified.headers).sort()).toEqual(
        [...Object.keys(viaFastify.headers), 'keep-alive']
          .filter((name) => name !== 'content-length')
          .sort(),
      );
    },
  );

  it('a new request id is made when the caller sends none or a bad one', async () => {
    await call(served, '/parameter');
    const routedBefore = served.routed.length;
    const plain = await call(served, '/parameter');
    const bad = await call(served, '/parameter', { headers: { 'x-request-id': 'bad id' } });
    expect(served.routed.length).toBe(routedBefore);
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('goes through Fastify again once a write drops the body, and answers the new bytes', async () => {
    const before = await call(served, '/site/info');
    await call(served, '/site/info');
    const cache = served.testApp.app.siteCache;
    const kept = cache.peekBodyAt(91, '/site/info');
    expect(kept).toBeDefined();
    // What an admin write does to the cache (admin-theme): the body is dropped…
    cache.invalidateSite(91, 'info');
    const routedBefore = served.routed.length;
    const after = await call(served, '/site/info');
    expect(served.routed).toHaveLength(routedBefore + 1);
    expect(after.body.equals(before.body)).toBe(true);
    // …rebuilt by Fastify, and kept again for the next request.
    await call(served, '/site/info');
    expect(served.routed).toHaveLength(routedBefore + 1);
  });

  it('never answers another site, another method, a refused address or a call without a site', async () => {
    await call(served, '/parameter', { siteId: 91 });
    await call(served, '/parameter', { siteId: 91 });
    const routedBefore = served.routed.length;

    const otherSite = await call(served, '/parameter', { siteId: 92 });
    const ownSite = await call(served, '/parameter', { siteId: 91 });
    expect(otherSite.body.equals(ownSite.body)).toBe(false);
    expect(served.routed.slice(routedBefore)).toEqual(['GET /parameter']);

    const head = await call(served, '/parameter', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(served.routed.at(-1)).toBe('HEAD /parameter');

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const unknown = await call(served, '/page/999999');
      expect(unknown.status).toBe(404);
      expect(served.routed.at(-1)).toBe('GET /page/999999');
      const withoutSite = await call(served, '/parameter', { siteId: 0 });
      expect(withoutSite.status).toBe(400);
      expect(served.routed.at(-1)).toBe('GET /parameter');
    }
  });

  it('is off when every request is logged (LOG_LEVEL info): each one then has its lines', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logged = await serve({ logger: { level: 'info', stream } });
    try {
      await call(logged, '/parameter');
      await call(logged, '/parameter');
      expect(logged.routed).toEqual(['GET /parameter', 'GET /parameter']);
      expect(lines.filter((line) => line.includes('request completed'))).toHaveLength(2);
    } finally {
      await logged.testApp.close();
    }
  });
});
