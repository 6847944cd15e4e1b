import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminAccessOf, replaceSuccessStatus, sessionTokenOf } from './admin-access';

function apiAnswering(status: number, data: unknown) {
  const seen: Array<{ url: string; headers: Headers }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), headers: new Headers(init?.headers) });
    const body =
      status === 200
        ? { success: true, data, message: null }
        : { success: false, data: null, message: 'Vous devez être connecté.' };
    return new Response(JSON.stringify(body), { status });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

const user = (role: string) => ({
  id: 7,
  email: 'camille@example.fr',
  firstname: 'Camille',
  lastname: 'Cliente',
  phone: null,
  birthdate: null,
  analyticsId: '0f8c2d4e-6b1a-4c3e-9d2f-5a7b8c9d0e1f',
  role,
});

describe('sessionTokenOf', () => {
  it('reads the token cookie among others, and nothing else', () => {
    expect(sessionTokenOf('siteId=91; token=abc-DEF_123; userLang=fr_FR')).toBe('abc-DEF_123');
    expect(sessionTokenOf('token=abc')).toBe('abc');
    expect(sessionTokenOf('mytoken=abc; xtoken=def')).toBeNull();
    expect(sessionTokenOf('token=')).toBeNull();
    expect(sessionTokenOf(undefined)).toBeNull();
  });
});

describe('adminAccessOf', () => {
  it('asks GET /user with the site and the session, and tells an administrator from a member', async () => {
    const admin = apiAnswering(200, user('ADMIN'));
    expect(
      await adminAccessOf({ apiUrl: 'http://api', siteId: 91, token: 'jeton', fetch: admin.fetch }),
    ).toBe('admin');
    expect(admin.seen[0]!.url).toBe('http://api/user');
    expect(admin.seen[0]!.headers.get('siteId')).toBe('91');
    expect(admin.seen[0]!.headers.get('authorization')).toBe('Bearer jeton');

    const superAdmin = apiAnswering(200, user('SUPER_ADMIN'));
    expect(
      await adminAccessOf({
        apiUrl: 'http://api',
        siteId: 91,
        token: 't',
        fetch: superAdmin.fetch,
      }),
    ).toBe('admin');
    const customer = apiAnswering(200, user('CUSTOMER'));
    expect(
      await adminAccessOf({ apiUrl: 'http://api', siteId: 91, token: 't', fetch: customer.fetch }),
    ).toBe('forbidden');
  });

  it('leaves the decision to the layout for an expired session or an API that does not answer', async () => {
    const expired = apiAnswering(401, null);
    expect(
      await adminAccessOf({ apiUrl: 'http://api', siteId: 91, token: 't', fetch: expired.fetch }),
    ).toBe('unknown');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const down = vi.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await adminAccessOf({ apiUrl: 'http://api', siteId: 91, token: 't', fetch: down })).toBe(
      'unknown',
    );
    warn.mockRestore();
  });
});

describe('replaceSuccessStatus', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  /** A server whose every answer goes through replaceSuccessStatus(403), then `answer`. */
  async function serve(answer: (response: import('node:http').ServerResponse) => void) {
    server = createServer((_request, response) => {
      replaceSuccessStatus(response, 403);
      answer(response);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  }

  it('sends 403 where the page would have gone out as a 200, written or implied', async () => {
    const written = await serve((response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<h1>Accès réservé aux administrateurs du site</h1>');
    });
    const first = await fetch(written);
    expect(first.status).toBe(403);
    expect(await first.text()).toContain('Accès réservé');
    server?.close();

    const implied = await serve((response) => {
      response.statusCode = 200;
      response.end('page');
    });
    expect((await fetch(implied)).status).toBe(403);
  });

  it('keeps a redirect or an error as it is', async () => {
    const redirect = await serve((response) => {
      response.writeHead(307, { location: '/auth' });
      response.end();
    });
    expect((await fetch(redirect, { redirect: 'manual' })).status).toBe(307);
    server?.close();
    const failure = await serve((response) => {
      response.statusCode = 500;
      response.end();
    });
    expect((await fetch(failure)).status).toBe(500);
  });
});
