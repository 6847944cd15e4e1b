import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveStatic } from 'next/dist/server/serve-static';
import { omitRevalidationHeaders } from './immutable-assets';

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** Serves one file with Next's own static file server, as `/_next/static/*` is served. */
async function serveFile(omit: boolean, requestHeaders: Record<string, string> = {}) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'immutable-'));
  const file = path.join(folder, 'chunk.js');
  writeFileSync(file, 'console.log("chunk");');
  server = createServer((req, res) => {
    if (omit) omitRevalidationHeaders(res);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    void serveStatic(req, res, file);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      get({ port, host: '127.0.0.1', path: '/chunk.js', headers: requestHeaders }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      }).on('error', reject);
    },
  );
}

describe('omitRevalidationHeaders', () => {
  it('leaves out the ETag, Last-Modified and Accept-Ranges Next would write', async () => {
    const plain = await serveFile(false);
    expect(plain.headers).toHaveProperty('etag');
    expect(plain.headers).toHaveProperty('last-modified');
    expect(plain.headers).toHaveProperty('accept-ranges');

    const trimmed = await serveFile(true);
    expect(trimmed.status).toBe(200);
    expect(trimmed.body).toBe('console.log("chunk");');
    expect(trimmed.headers).not.toHaveProperty('etag');
    expect(trimmed.headers).not.toHaveProperty('last-modified');
    expect(trimmed.headers).not.toHaveProperty('accept-ranges');
    expect(trimmed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(trimmed.headers['content-type']).toMatch(/javascript/);
    expect(trimmed.headers['content-length']).toBe(String('console.log("chunk");'.length));
  });

  it('answers a conditional request with the whole file, never a 304 without a body', async () => {
    const answer = await serveFile(true, {
      'if-none-match': '*',
      'if-modified-since': new Date(Date.now() + 60_000).toUTCString(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('console.log("chunk");');
  });
});
