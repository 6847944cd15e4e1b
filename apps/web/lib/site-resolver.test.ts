import { describe, expect, it, vi } from 'vitest';
import { createSiteResolver } from './site-resolver';

function apiAnswering(sitesByHost: Record<string, number>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const host = new URL(String(input)).searchParams.get('host') ?? '';
    const id = sitesByHost[host];
    const body =
      id === undefined
        ? { success: false, data: null, message: `No site is configured for the host ${host}.` }
        : { success: true, data: { id }, message: null };
    return new Response(JSON.stringify(body), { status: id === undefined ? 404 : 200 });
  });
}

describe('site resolver', () => {
  it('maps a host to the site the API names for it', async () => {
    const fetch = apiAnswering({ 'vins.localhost:3000': 92 });
    const resolve = createSiteResolver({ apiUrl: 'http://api', fallbackSiteId: 91, fetch });
    expect(await resolve('vins.localhost:3000')).toBe(92);
  });

  it('falls back to the configured site for an unknown host', async () => {
    const fetch = apiAnswering({});
    const resolve = createSiteResolver({ apiUrl: 'http://api', fallbackSiteId: 91, fetch });
    expect(await resolve('example.org')).toBe(91);
  });

  it('falls back when the API cannot be reached', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const resolve = createSiteResolver({ apiUrl: 'http://api', fallbackSiteId: 91, fetch });
    expect(await resolve('vins.localhost:3000')).toBe(91);
    warn.mockRestore();
  });

  it('asks the API once per host until the answer expires', async () => {
    let clock = 0;
    const fetch = apiAnswering({ 'vins.localhost:3000': 92 });
    const resolve = createSiteResolver({
      apiUrl: 'http://api',
      fallbackSiteId: 91,
      fetch,
      ttlMs: 1_000,
      now: () => clock,
    });
    await Promise.all([resolve('vins.localhost:3000'), resolve('VINS.localhost:3000')]);
    await resolve('vins.localhost:3000');
    expect(fetch).toHaveBeenCalledTimes(1);
    clock = 1_001;
    await resolve('vins.localhost:3000');
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
