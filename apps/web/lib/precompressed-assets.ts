import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * The build's scripts and stylesheets in Brotli (decision 0078). The build writes `x.js.br` beside
 * each (scripts/precompress.mjs); Next's own server would send `x.js` gzip-compressed on every
 * request, about 13 % heavier. The storefront's server sends the copy to a browser that accepts
 * Brotli, and leaves every other request to Next.
 */

const STATIC_PREFIX = '/_next/static/';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
};

/** Named by their content: a browser keeps them a year and never asks again (as Next sends them). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether an Accept-Encoding header takes Brotli: `br`, with no `q=0`. */
export function acceptsBrotli(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((coding) => {
    const [name = '', ...parameters] = coding.split(';').map((part) => part.trim().toLowerCase());
    if (name !== 'br') return false;
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/**
 * The URL path (`/_next/static/chunks/a.js`) of each build file that has a Brotli copy, with that
 * copy's file. Only these are served here: a request names one of them exactly, or goes to Next.
 */
export function listPrecompressedAssets(buildDir: string): ReadonlyMap<string, string> {
  const staticDir = path.join(buildDir, 'static');
  let entries;
  try {
    entries = readdirSync(staticDir, { recursive: true, withFileTypes: true });
  } catch {
    return new Map();
  }
  const assets = new Map<string, string>();
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.br')) continue;
    const copy = path.join(entry.parentPath, entry.name);
    const original = path.relative(staticDir, copy.slice(0, -'.br'.length));
    if (!(path.extname(original) in CONTENT_TYPES)) continue;
    assets.set(`${STATIC_PREFIX}${original.split(path.sep).join('/')}`, copy);
  }
  return assets;
}

export interface PrecompressedAssets {
  /** Answers the request with a Brotli copy and returns true, or returns false for Next to answer. */
  serve(request: IncomingMessage, response: ServerResponse): boolean;
}

export function createPrecompressedAssets(buildDir: string): PrecompressedAssets {
  const assets = listPrecompressedAssets(buildDir);
  // Read on first request: a visitor's pages use a few dozen of the build's files.
  const contents = new Map<string, Buffer>();
  return {
    serve(request, response) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const urlPath = (request.url ?? '').split('?')[0]!;
      const copy = assets.get(urlPath);
      if (copy === undefined || !acceptsBrotli(request.headers['accept-encoding'])) return false;
      let content = contents.get(urlPath);
      if (content === undefined) {
        content = readFileSync(copy);
        contents.set(urlPath, content);
      }
      response.writeHead(200, {
        // As next.config.ts sends with the build's files: the one header that governs a script.
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': IMMUTABLE,
        'Content-Type': CONTENT_TYPES[path.extname(urlPath)]!,
        'Content-Encoding': 'br',
        'Content-Length': content.length,
        Vary: 'Accept-Encoding',
      });
      response.end(request.method === 'HEAD' ? undefined : content);
      return true;
    },
  };
}
