import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadedSvgSchema } from '@comptoir/contract/image';
import { HttpError } from '../../http/http-error';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createImageService, NOT_AN_SVG_MESSAGE, SVG_NOT_FOUND_MESSAGE } from './image-service';
import { fetchRemoteSvg, isPrivateAddress } from './remote-svg';
import {
  SVG_PATH_REFUSED_MESSAGE,
  SVG_PRIVATE_ADDRESS_MESSAGE,
  SVG_REDIRECT_REFUSED_MESSAGE,
  SVG_URL_INVALID_MESSAGE,
  SVG_URL_REFUSED_MESSAGE,
  svgSourceSettings,
  type SvgSourceSettings,
} from './svg-sources';

const MALICIOUS_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert('onload')">
  <script>alert('script')</script>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert('foreign')"/></body></foreignObject>
  <a href="javascript:alert('link')"><path d="M2 12h20" stroke="currentColor"/></a>
  <circle cx="12" cy="12" r="4" onclick="alert('click')"/>
</svg>`;

/** A server of this test playing an allowed image host, logging the paths it is asked for. */
let server: Server;
let origin: string;
const requested: string[] = [];

let testApp: TestApp;

beforeAll(async () => {
  server = createServer((request, response) => {
    requested.push(request.url ?? '');
    switch (request.url) {
      case '/icons/malicious.svg':
        response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(MALICIOUS_SVG);
        return;
      case '/moved.svg':
        response.writeHead(302, { location: '/icons/malicious.svg' }).end();
        return;
      case '/to-metadata.svg':
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/loop.svg':
        response.writeHead(302, { location: '/loop.svg' }).end();
        return;
      case '/page.html':
        response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<html><body>Accueil</body></html>');
        return;
      case '/huge.svg':
        response
          .writeHead(200, { 'content-type': 'image/svg+xml' })
          .end(`<svg>${'<path d="M0 0"/>'.repeat(40_000)}</svg>`);
        return;
      case '/slow.svg':
        // Never answers: the loader must give up on its own.
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  testApp = await createTestApp({
    env: { LOAD_SVG_ALLOWED_ORIGINS: `https://cdn.example.com, ${origin}` },
  });
});

afterAll(async () => {
  await testApp?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function getSvg(siteId: number, url: string) {
  return siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: '/image/load-svg',
    query: { url },
  });
}

function postSvg(siteId: number, body: unknown) {
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: '/image/load-svg',
    body: body as object,
  });
}

async function loaded(response: Awaited<ReturnType<typeof getSvg>>) {
  expect(response.statusCode, response.body).toBe(200);
  return loadedSvgSchema.parse(response.json().data).svg;
}

function expectRefused(
  response: Awaited<ReturnType<typeof getSvg>>,
  status: number,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toEqual({ success: false, data: null, message });
}

describe('GET and POST /image/load-svg', () => {
  it("inlines a picture of the site's public folder from its path, by GET or by POST", async () => {
    const byGet = await loaded(await getSvg(91, '/sites/91/logo.svg'));
    expect(byGet).toMatch(/^<svg[^>]*viewBox="0 0 300 100"/);
    expect(byGet).toContain('Clémence');
    expect(await loaded(await postSvg(91, { url: '/sites/91/logo.svg' }))).toBe(byGet);
  });

  it("reads an address on the site's own dev or prod URL from the public folder too", async () => {
    const prod = await loaded(
      await getSvg(91, 'https://www.atelier-clemence.fr/samples/albums/le-salon/devanture.svg'),
    );
    expect(prod).toContain('L’Atelier de Clémence');
    const dev = await loaded(
      await getSvg(91, 'http://localhost:3000/samples/albums/le-salon/devanture.svg?v=2'),
    );
    expect(dev).toBe(prod);
  });

  it("refuses another site's address", async () => {
    expectRefused(
      await getSvg(92, 'https://www.atelier-clemence.fr/sites/91/logo.svg'),
      400,
      SVG_URL_REFUSED_MESSAGE,
    );
  });

  it('answers 404 for a path of the site that does not exist', async () => {
    expectRefused(await getSvg(91, '/samples/absent.svg'), 404, SVG_NOT_FOUND_MESSAGE);
  });

  it('fetches an allowed origin and strips scripts, handlers, foreignObject and javascript: links', async () => {
    const svg = await loaded(await getSvg(91, `${origin}/icons/malicious.svg`));
    expect(svg).toContain('<path d="M2 12h20" stroke="currentColor"></path>');
    expect(svg).toContain('<circle cx="12" cy="12" r="4"></circle>');
    expect(svg).not.toMatch(/script|onload|onclick|onerror|foreignObject|javascript:|alert/i);
    expect(await loaded(await postSvg(91, { url: `${origin}/icons/malicious.svg` }))).toBe(svg);
  });

  it('follows a redirection within an allowed origin', async () => {
    const svg = await loaded(await getSvg(91, `${origin}/moved.svg`));
    expect(svg).toContain('<circle');
  });

  it('refuses a redirection to an address that is not allowed, without following it', async () => {
    expectRefused(await getSvg(91, `${origin}/to-metadata.svg`), 400, SVG_REDIRECT_REFUSED_MESSAGE);
  });

  // Functions: the test server's origin is known only once it listens.
  it.each([
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    [
      'the loopback address on a port not in the allow list',
      () => 'http://127.0.0.1/icons/malicious.svg',
    ],
    [
      'an allowed host on another port',
      () => `${origin.replace(/:\d+$/, ':1')}/icons/malicious.svg`,
    ],
    [
      'an allowed host with credentials',
      () => `${origin.replace('http://', 'http://admin:secret@')}/icons/malicious.svg`,
    ],
    ['a host that is not in the allow list', () => 'https://evil.example/logo.svg'],
  ])('refuses %s', async (_, url) => {
    requested.length = 0;
    expectRefused(await getSvg(91, url()), 400, SVG_URL_REFUSED_MESSAGE);
    expect(requested).toEqual([]);
  });

  it.each([
    ['file:///etc/passwd'],
    ['data:image/svg+xml,<svg onload="alert(1)"/>'],
    ['javascript:alert(1)'],
    ['ftp://cdn.example.com/logo.svg'],
    ['logo.svg'],
    ['//evil.example/logo.svg'],
    ['/\\evil.example/logo.svg'],
  ])('refuses %s as not an http(s) address or a path', async (url) => {
    expectRefused(await getSvg(91, url), 400, SVG_URL_INVALID_MESSAGE);
  });

  it.each([
    ['/../../../etc/passwd.svg'],
    ['/%2e%2e/%2e%2e/apps/api/package.svg'],
    ['/samples/..%2F..%2F..%2Fpackage.svg'],
    ['https://www.atelier-clemence.fr/samples/%2e%2e/%2e%2e/package.svg'],
    ['/sites/91/logo.png'],
    ['/'],
  ])('refuses the path %s, which is not an .svg file of the public folder', async (url) => {
    expectRefused(await getSvg(91, url), 400, SVG_PATH_REFUSED_MESSAGE);
  });

  it('answers 502 when the allowed host fails or does not serve an SVG picture', async () => {
    expectRefused(
      await getSvg(91, `${origin}/absent.svg`),
      502,
      "Le serveur de l'image a répondu 404.",
    );
    expectRefused(await getSvg(91, `${origin}/page.html`), 502, NOT_AN_SVG_MESSAGE);
    expectRefused(
      await getSvg(91, `${origin}/huge.svg`),
      502,
      "L'image SVG dépasse la taille maximale de 512 Kio.",
    );
    expectRefused(await getSvg(91, `${origin}/loop.svg`), 502, "L'image redirige trop de fois.");
  });

  it('answers 400 without a url and 422 for a body without one', async () => {
    const withoutUrl = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/image/load-svg',
    });
    expect(withoutUrl.statusCode).toBe(400);
    expect(withoutUrl.json().errors[0].key).toBe('url');
    const emptyBody = await postSvg(91, {});
    expect(emptyBody.statusCode).toBe(422);
    expect(emptyBody.json().errors[0].key).toBe('url');
    const tooLong = await postSvg(91, { url: `/${'a'.repeat(2100)}.svg` });
    expect(tooLong.statusCode).toBe(422);
  });
});

describe('the SVG loader', () => {
  let publicDir: string;
  let outside: string;
  const settings = (overrides: Partial<SvgSourceSettings> = {}): SvgSourceSettings => ({
    ...svgSourceSettings(publicDir, []),
    allowedOrigins: [origin],
    ...overrides,
  });
  const site = { devUrl: 'http://localhost:3000', prodUrl: 'https://www.atelier-clemence.fr' };

  beforeAll(async () => {
    publicDir = await mkdtemp(path.join(tmpdir(), 'load-svg-public-'));
    outside = await mkdtemp(path.join(tmpdir(), 'load-svg-outside-'));
    await writeFile(path.join(outside, 'secret.svg'), '<svg><title>secret</title></svg>');
    await symlink(path.join(outside, 'secret.svg'), path.join(publicDir, 'link.svg'));
    await writeFile(path.join(publicDir, 'big.svg'), `<svg>${' '.repeat(600 * 1024)}</svg>`);
    await writeFile(path.join(publicDir, 'not-svg.svg'), 'Bonjour');
  });
  afterAll(async () => {
    await rm(publicDir, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  async function failure(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }

  it('does not follow a link of the public folder that leads out of it', async () => {
    const error = await failure(createImageService(settings()).loadSvg(site, '/link.svg'));
    expect([error.statusCode, error.message]).toEqual([400, SVG_PATH_REFUSED_MESSAGE]);
  });

  it('refuses a file of the public folder over 512 KiB or that is not an SVG picture', async () => {
    const service = createImageService(settings());
    const big = await failure(service.loadSvg(site, '/big.svg'));
    expect(big.statusCode).toBe(422);
    const notSvg = await failure(service.loadSvg(site, '/not-svg.svg'));
    expect([notSvg.statusCode, notSvg.message]).toEqual([422, NOT_AN_SVG_MESSAGE]);
  });

  it('refuses a host name of the allow list that resolves to a private address', async () => {
    const byName = new URL(`${origin.replace('127.0.0.1', 'localhost')}/icons/malicious.svg`);
    requested.length = 0;
    const error = await failure(
      fetchRemoteSvg(byName, settings({ allowedOrigins: [byName.origin] })),
    );
    expect([error.statusCode, error.message]).toEqual([400, SVG_PRIVATE_ADDRESS_MESSAGE]);
    expect(requested).toEqual([]);
  });

  it('gives up on a host that does not answer in time', async () => {
    const started = Date.now();
    const error = await failure(
      fetchRemoteSvg(new URL(`${origin}/slow.svg`), settings({ timeoutMs: 300 })),
    );
    expect([error.statusCode, error.message]).toEqual([
      502,
      "Le serveur de l'image n'a pas répondu à temps.",
    ]);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.each([
    ['IPv4 loopback', '127.0.0.1'],
    ['IPv4 loopback, short form', '127.1'],
    ['IPv4 loopback, decimal form', '2130706433'],
    ['IPv4 loopback, octal form', '0177.0.0.1'],
    ['IPv4 loopback, hexadecimal form', '0x7f.0.0.1'],
    ['private 10/8', '10.1.2.3'],
    ['private 172.16/12', '172.20.0.1'],
    ['private 192.168/16', '192.168.1.1'],
    ['carrier-grade NAT', '100.64.0.1'],
    ['link-local (cloud metadata)', '169.254.169.254'],
    ['unspecified IPv4', '0.0.0.0'],
    ['documentation range', '192.0.2.1'],
    ['multicast', '224.0.0.1'],
    ['broadcast', '255.255.255.255'],
    ['IPv6 loopback', '::1'],
    ['IPv6 loopback in brackets', '[::1]'],
    ['unspecified IPv6', '::'],
    ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
    ['IPv4-mapped loopback, hexadecimal', '::ffff:7f00:1'],
    ['IPv4-mapped private address', '::ffff:10.0.0.1'],
    ['IPv4-mapped metadata address in brackets', '[::ffff:a9fe:a9fe]'],
    ['IPv4-compatible loopback', '::7f00:1'],
    ['unique local fc00::/7', 'fc00::1'],
    ['unique local fd00::/8', 'fd12:3456::1'],
    ['link-local fe80::/10', 'fe80::1'],
    ['link-local with a zone id', 'fe80::1%eth0'],
    ['NAT64 of a loopback address', '64:ff9b::7f00:1'],
    ['6to4 of a loopback address', '2002:7f00:1::'],
    ['Teredo', '2001::1'],
    ['IPv6 documentation range', '2001:db8::1'],
    ['IPv6 multicast', 'ff02::1'],
    ['not an address at all', 'localhost'],
  ])('counts %s (%s) as private', (_, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700::6810:84e5', '[2a00:1450:4007:80e::200e]'])(
    'counts the public address %s as public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});
