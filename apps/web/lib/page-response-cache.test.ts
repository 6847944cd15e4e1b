import {
  createServer,
  request,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPageResponseCache,
  pageCacheKey,
  type PageResponseCache,
} from './page-response-cache';

interface NextAnswer {
  status?: number;
  headers: OutgoingHttpHeaders;
  chunks: string[];
}

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/**
 * A server in front of a stand-in for Next, as server.ts uses the cache: serve a copy, or capture
 * what "Next" writes. Counts the requests that reached "Next".
 */
async function frontOf(cache: PageResponseCache, answer: () => NextAnswer) {
  const reached = { count: 0 };
  server = createServer((req, res) => {
    const key = pageCacheKey(req.method, req.url ?? '/', req.headers);
    if (key !== null && cache.serve(key, req.headers, res)) return;
    if (key !== null) cache.capture(key, res);
    reached.count += 1;
    const { status = 200, headers, chunks } = answer();
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value!);
    res.statusCode = status;
    for (const chunk of chunks.slice(0, -1)) res.write(chunk);
    res.end(chunks.at(-1));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server!.address() as AddressInfo;
  const get = (headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const outgoing = request({ port, path: '/91', headers }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        });
        outgoing.on('error', reject);
        outgoing.end();
      },
    );
  return { reached, get };
}

const cachedPage: NextAnswer = {
  headers: {
    'x-nextjs-cache': 'HIT',
    'cache-control': 's-maxage=3600, stale-while-revalidate=82800',
    etag: '"abc"',
    'content-security-policy': "default-src 'self'",
    'content-type': 'text/html; charset=utf-8',
  },
  chunks: ['<html>', 'la page', '</html>'],
};

describe('the copies of cached pages', () => {
  it('serves the bytes and headers Next sent for a cache hit, without asking Next again', async () => {
    const { reached, get } = await frontOf(createPageResponseCache(), () => cachedPage);
    const first = await get();
    const second = await get();
    expect(reached.count).toBe(1);
    expect(second.body).toBe('<html>la page</html>');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-security-policy']).toBe("default-src 'self'");
    expect(second.headers.etag).toBe('"abc"');
  });

  it('answers 304 to a client that has the copy', async () => {
    const { get } = await frontOf(createPageResponseCache(), () => cachedPage);
    await get();
    const revisit = await get({ 'if-none-match': '"abc"' });
    expect(revisit.status).toBe(304);
    expect(revisit.body).toBe('');
  });

  it('copies nothing Next rendered for this request, set a cookie on, or did not answer 200', async () => {
    for (const answer of [
      { ...cachedPage, headers: { ...cachedPage.headers, 'x-nextjs-cache': 'MISS' } },
      { ...cachedPage, headers: { ...cachedPage.headers, 'set-cookie': 'a=b' } },
      { ...cachedPage, headers: { ...cachedPage.headers, 'cache-control': 'private, no-store' } },
      { ...cachedPage, status: 404 },
    ]) {
      const cache = createPageResponseCache();
      const { reached, get } = await frontOf(cache, () => answer);
      await get();
      await get();
      expect(reached.count).toBe(2);
      await new Promise<void>((resolve) => server!.close(() => resolve()));
      server = undefined;
    }
  });

  it('asks Next again once the copy is older than its lifetime, or after clear()', async () => {
    let time = 0;
    const cache = createPageResponseCache({ ttlMs: 1_000, now: () => time });
    const { reached, get } = await frontOf(cache, () => cachedPage);
    await get();
    time = 999;
    await get();
    expect(reached.count).toBe(1);
    time = 1_000;
    await get();
    expect(reached.count).toBe(2);
    cache.clear();
    await get();
    expect(reached.count).toBe(3);
  });

  it('keeps at most maxEntries copies and none larger than maxBodyBytes', async () => {
    const small = createPageResponseCache({ maxBodyBytes: 5 });
    const { reached, get } = await frontOf(small, () => cachedPage);
    await get();
    await get();
    expect(reached.count).toBe(2);
    expect(small.size).toBe(0);
  });
});

/** What Next writes for a cache hit of `bytes` bytes, straight into the cache's capture. */
function nextHit(cache: PageResponseCache, key: string, bytes: number) {
  const response = {
    statusCode: 200,
    write: () => true,
    end: () => response,
    getHeaders: () => cachedPage.headers,
  };
  cache.capture(key, response as unknown as ServerResponse);
  (response.end as (chunk: Buffer) => unknown)(Buffer.alloc(bytes, 'a'));
}

describe('the bounds of the copies (decision 0123)', () => {
  it('keeps at most maxEntries copies, the oldest dropped first', () => {
    const cache = createPageResponseCache({ maxEntries: 3 });
    for (let page = 1; page <= 10; page += 1) nextHit(cache, `/page/${page}`, 100);
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(300);
  });

  it('keeps at most maxTotalBytes of copies together, whatever the number of hosts', () => {
    const cache = createPageResponseCache({ maxTotalBytes: 1_000_000 });
    // 1,000 hosts' home pages of 40 KB: 40 MB unbounded.
    for (let host = 1; host <= 1_000; host += 1) nextHit(cache, `site-${host}/`, 40_000);
    expect(cache.bytes).toBeLessThanOrEqual(1_000_000);
    expect(cache.size).toBe(25);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('keeps 32 MB of copies at most by default', () => {
    const cache = createPageResponseCache();
    for (let host = 1; host <= 500; host += 1) nextHit(cache, `site-${host}/`, 1_000_000);
    expect(cache.bytes).toBeLessThanOrEqual(32_000_000);
    expect(cache.size).toBe(32);
  });
});

describe('which requests may get a copy', () => {
  it('keys a page request by its route, scheme and accepted encodings', () => {
    expect(pageCacheKey('GET', '/91', {})).not.toBeNull();
    expect(pageCacheKey('GET', '/91', { 'accept-encoding': 'gzip' })).not.toBe(
      pageCacheKey('GET', '/91', {}),
    );
    expect(pageCacheKey('GET', '/91', { 'x-forwarded-proto': 'https' })).not.toBe(
      pageCacheKey('GET', '/91', { 'x-forwarded-proto': 'http' }),
    );
    expect(pageCacheKey('GET', '/91', {})).not.toBe(pageCacheKey('GET', '/92', {}));
    // Public pages are the same for every visitor: a consent or session cookie changes nothing.
    expect(pageCacheKey('GET', '/91', { cookie: 'tarteaucitron=!gtag=true' })).toBe(
      pageCacheKey('GET', '/91', {}),
    );
  });

  it('sends to Next what is not a plain page request', () => {
    expect(pageCacheKey('HEAD', '/91', {})).toBeNull();
    expect(pageCacheKey('POST', '/91', {})).toBeNull();
    expect(pageCacheKey('GET', '/91', { rsc: '1' })).toBeNull();
    expect(pageCacheKey('GET', '/91', { 'next-router-prefetch': '1' })).toBeNull();
    expect(pageCacheKey('GET', '/91', { 'next-action': 'x' })).toBeNull();
    expect(pageCacheKey('GET', '/91', { range: 'bytes=0-10' })).toBeNull();
    expect(pageCacheKey('GET', '/91', { cookie: '__prerender_bypass=1' })).toBeNull();
  });
});
