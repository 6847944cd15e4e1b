import type { IncomingHttpHeaders, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * A short-lived copy of the public pages Next serves from its full-route cache, kept by the
 * storefront's server in front of Next (decision 0034).
 *
 * Next serves a cached page of a `[site]` route with about a millisecond of work per request that
 * a static route does not have (matching the dynamic route, its async contexts, its tracing):
 * copying the bytes Next sent for a cache hit, for one second, skips that work for the requests
 * that follow. Only what Next itself took from its cache is copied (`x-nextjs-cache: HIT`, 200, no
 * cookie set), so a copy is never fresher nor more personal than Next's own answer; it is at most
 * `ttlMs` older, and the storefront's revalidation hook empties it at once.
 */

export interface CachedPage {
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  etag: string | undefined;
  expiresAt: number;
}

export interface PageResponseCacheOptions {
  /** How long a copy is served, in milliseconds. */
  ttlMs?: number;
  /** Upper bound of copies (oldest dropped first), so that random paths cannot grow memory. */
  maxEntries?: number;
  /** A larger page is not copied. */
  maxBodyBytes?: number;
  /**
   * Upper bound of the copies' bytes together (oldest dropped first): 500 copies of the largest
   * page would otherwise weigh a gigabyte (decision 0123).
   */
  maxTotalBytes?: number;
  now?: () => number;
}

/** Request headers that make Next answer something else than the page's HTML. */
const VARYING_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-url',
  'next-action',
  'range',
  'authorization',
];

/** Next's draft mode cookie: pages are rendered per request then, never from the cache. */
const DRAFT_MODE_COOKIE = '__prerender_bypass';

/**
 * The copy's key for a page request (the site's route, the query and the accepted encodings, as
 * Next compresses for the client), or null when the request must reach Next.
 */
export function pageCacheKey(
  method: string | undefined,
  routePath: string,
  headers: IncomingHttpHeaders,
): string | null {
  if (method !== 'GET') return null;
  if (VARYING_HEADERS.some((name) => headers[name] !== undefined)) return null;
  if (headers.cookie?.includes(DRAFT_MODE_COOKIE)) return null;
  // The scheme too: HSTS is sent on HTTPS only.
  return `${routePath}\n${headers['x-forwarded-proto'] ?? ''}\n${headers['accept-encoding'] ?? ''}`;
}

function headerValue(value: OutgoingHttpHeaders[string]): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export function createPageResponseCache(options: PageResponseCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxBodyBytes = options.maxBodyBytes ?? 2_000_000;
  const maxTotalBytes = options.maxTotalBytes ?? 32_000_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  let totalBytes = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.body.length;
  }

  function lookup(key: string): CachedPage | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      drop(key);
      return undefined;
    }
    return entry;
  }

  function store(key: string, page: Omit<CachedPage, 'expiresAt'>): void {
    drop(key);
    for (const oldest of entries.keys()) {
      if (entries.size < maxEntries && totalBytes + page.body.length <= maxTotalBytes) break;
      drop(oldest);
    }
    entries.set(key, { ...page, expiresAt: now() + ttlMs });
    totalBytes += page.body.length;
  }

  return {
    /**
     * Answers the request from a copy: true when it did. `If-None-Match` naming the copy's ETag
     * gets a 304, as Next answers it.
     */
    serve(key: string, requestHeaders: IncomingHttpHeaders, response: ServerResponse): boolean {
      const page = lookup(key);
      if (!page) return false;
      for (const [name, value] of Object.entries(page.headers)) {
        if (value !== undefined) response.setHeader(name, value);
      }
      if (page.etag !== undefined && requestHeaders['if-none-match'] === page.etag) {
        response.removeHeader('content-length');
        response.removeHeader('content-encoding');
        response.writeHead(304);
        response.end();
        return true;
      }
      response.writeHead(page.status);
      response.end(page.body);
      return true;
    },

    /**
     * Watches the response Next writes for this request and keeps a copy when it is a page Next
     * served from its own cache. Must be called before Next handles the request.
     */
    capture(key: string, response: ServerResponse): void {
      const chunks: Buffer[] = [];
      let size = 0;
      let keep = true;
      const write = response.write.bind(response) as (...args: unknown[]) => boolean;
      const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
      const collect = (chunk: unknown, encoding: unknown) => {
        if (!keep || chunk === undefined || chunk === null || typeof chunk === 'function') return;
        const buffer = Buffer.isBuffer(chunk)
          ? chunk
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
            : Buffer.from(
                String(chunk),
                typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
              );
        size += buffer.length;
        if (size > maxBodyBytes) {
          keep = false;
          chunks.length = 0;
        } else {
          chunks.push(Buffer.from(buffer));
        }
      };
      response.write = ((chunk: unknown, ...rest: unknown[]) => {
        collect(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as ServerResponse['write'];
      response.end = ((chunk?: unknown, ...rest: unknown[]) => {
        collect(chunk, rest[0]);
        const headers = response.getHeaders();
        if (
          keep &&
          response.statusCode === 200 &&
          headerValue(headers['x-nextjs-cache']) === 'HIT' &&
          headers['set-cookie'] === undefined &&
          /s-maxage=\d/.test(headerValue(headers['cache-control']) ?? '')
        ) {
          const {
            date: _date,
            connection: _connection,
            'keep-alive': _keepAlive,
            ...kept
          } = headers;
          store(key, {
            status: 200,
            headers: kept,
            body: Buffer.concat(chunks),
            etag: headerValue(headers.etag),
          });
        }
        return end(chunk, ...rest);
      }) as ServerResponse['end'];
    },

    /** Forgets every copy (content was written: the revalidation hook was called). */
    clear(): void {
      entries.clear();
      totalBytes = 0;
    },

    get size(): number {
      return entries.size;
    },

    /** The copies' bytes together (at most maxTotalBytes). */
    get bytes(): number {
      return totalBytes;
    },
  };
}

export type PageResponseCache = ReturnType<typeof createPageResponseCache>;
