import { describe, expect, it } from 'vitest';
import { ApiError, buildPath, buildQueryString, createApiClient } from './client';

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}) {
  return (async (url: string, init?: RequestInit) => {
    seen.url = url;
    seen.init = init;
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as typeof fetch;
}

describe('typed API client', () => {
  it('sends the site id and language headers with every call', async () => {
    const seen: { url?: string; init?: RequestInit } = {};
    const client = createApiClient({
      baseUrl: 'http://api.test/',
      siteId: 91,
      lang: 'fr_FR',
      token: 'secret',
      fetch: fakeFetch(200, { success: true, data: true, message: null }, seen),
    });
    await expect(client.getLogged()).resolves.toBe(true);
    expect(seen.url).toBe('http://api.test/logged');
    expect(seen.init?.headers).toMatchObject({
      siteId: '91',
      userLang: 'fr_FR',
      authorization: 'Bearer secret',
    });
  });

  it("rejects with the server's message and field errors when success is false", async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test',
      siteId: 91,
      fetch: fakeFetch(422, {
        success: false,
        data: null,
        message: 'Invalid input',
        errors: [{ key: 'email', error: 'Adresse e-mail invalide' }],
      }),
    });
    const failure = await client.getUser().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      message: 'Invalid input',
      status: 422,
      errors: [{ key: 'email', error: 'Adresse e-mail invalide' }],
    });
  });

  it('rejects a response whose data does not match the contract', async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test',
      siteId: 91,
      fetch: fakeFetch(200, { success: true, data: { id: 'not-a-number' }, message: null }),
    });
    await expect(client.getUser()).rejects.toThrow('Unexpected response from GET /user');
  });

  it("says 'Error' when the server answers something that is not JSON", async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test',
      siteId: 91,
      fetch: fakeFetch(502, '<html>bad gateway</html>'),
    });
    await expect(client.getSiteInfo()).rejects.toMatchObject({ status: 502 });
  });

  it('says which API could not be reached when the network fails', async () => {
    const client = createApiClient({
      baseUrl: 'http://api.test',
      siteId: 91,
      fetch: (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    });
    await expect(client.getSiteInfo()).rejects.toThrow(
      'The API at http://api.test cannot be reached (fetch failed).',
    );
  });
});

describe('request building', () => {
  it('encodes path parameters so an id can never add a path segment', () => {
    expect(buildPath('/page/:id', { id: '1/../../admin' })).toBe('/page/1%2F..%2F..%2Fadmin');
    expect(() => buildPath('/page/:id', {})).toThrow('Missing path parameter id');
  });

  it('omits empty filter values and repeats keys for lists', () => {
    expect(
      buildQueryString({ name: '', kind: undefined, type: null, page: 1, tag: ['a', 'b'] }),
    ).toBe('?page=1&tag=a&tag=b');
    expect(buildQueryString({ name: '' })).toBe('');
    expect(buildQueryString({ name: 'lk:été & co' })).toBe('?name=lk%3A%C3%A9t%C3%A9+%26+co');
  });
});
