import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptsBrotli,
  createPrecompressedAssets,
  listPrecompressedAssets,
} from './precompressed-assets';

const script = 'console.log("the framework");\n'.repeat(50);

function fakeBuild(): string {
  const buildDir = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
  mkdirSync(path.join(buildDir, 'static/chunks'), { recursive: true });
  writeFileSync(path.join(buildDir, 'static/chunks/app.js'), script);
  writeFileSync(path.join(buildDir, 'static/chunks/app.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(buildDir, 'static/chunks/app.css.br'), brotliCompressSync('a{}'));
  // Not a script or stylesheet: never served from here.
  writeFileSync(path.join(buildDir, 'static/chunks/data.json.br'), brotliCompressSync('{}'));
  // A file outside the static folder, which no URL may reach.
  writeFileSync(path.join(buildDir, 'secret.js.br'), brotliCompressSync('secret'));
  return buildDir;
}

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br', true],
    ['gzip;q=1.0, br;q=0.5', true],
    ['BR', true],
    ['gzip, deflate', false],
    ['br;q=0', false],
    ['brotli', false],
    [undefined, false],
  ])('reads %s as %s', (header, accepted) => {
    expect(acceptsBrotli(header)).toBe(accepted);
  });
});

describe('listPrecompressedAssets', () => {
  it("names each script's and stylesheet's copy by its URL path, and nothing else", () => {
    const buildDir = fakeBuild();
    expect([...listPrecompressedAssets(buildDir).keys()].sort()).toEqual([
      '/_next/static/chunks/app.css',
      '/_next/static/chunks/app.js',
    ]);
  });

  it('is empty for a folder without a build', () => {
    expect(listPrecompressedAssets(path.join(tmpdir(), 'no-such-build')).size).toBe(0);
  });
});

describe('serving the copies', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const assets = createPrecompressedAssets(fakeBuild());
    // What server.ts does: the copy when there is one for this browser, Next's answer otherwise.
    server = createServer((request, response) => {
      if (!assets.serve(request, response)) response.writeHead(404).end('from Next');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function get(urlPath: string, headers: Record<string, string>, method = 'GET') {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const request = httpRequest({ port, path: urlPath, method, headers }, (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(parts),
            }),
          );
        });
        request.on('error', reject);
        request.end();
      },
    );
  }

  it('sends a browser that accepts Brotli the copy, kept for a year', async () => {
    const response = await get('/_next/static/chunks/app.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/javascript; charset=UTF-8',
      'cache-control': 'public, max-age=31536000, immutable',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
    expect(brotliDecompressSync(response.body).toString('utf8')).toBe(script);
    // Served from memory the second time: the same bytes.
    const again = await get('/_next/static/chunks/app.js?dpl=1', { 'accept-encoding': 'br' });
    expect(again.body.equals(response.body)).toBe(true);
  });

  it('answers HEAD with the headers alone', async () => {
    const response = await get('/_next/static/chunks/app.css', { 'accept-encoding': 'br' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect(response.body.length).toBe(0);
  });

  it.each([
    ['a browser without Brotli', '/_next/static/chunks/app.js', { 'accept-encoding': 'gzip' }],
    ['a browser refusing Brotli', '/_next/static/chunks/app.js', { 'accept-encoding': 'br;q=0' }],
    ['a file without a copy', '/_next/static/chunks/other.js', { 'accept-encoding': 'br' }],
    ['a file that is not code', '/_next/static/chunks/data.json', { 'accept-encoding': 'br' }],
    ['a path out of the folder', '/_next/static/../secret.js', { 'accept-encoding': 'br' }],
  ])('leaves %s to Next', async (_case, urlPath, headers) => {
    const response = await get(urlPath, headers);
    expect(response.status).toBe(404);
    expect(response.body.toString()).toBe('from Next');
  });
});
