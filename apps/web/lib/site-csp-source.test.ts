import { describe, expect, it, vi } from 'vitest';
import { createSiteCspSource } from './site-csp-source';

/** An API with site 92 (GA4 connected) and nothing else. */
function apiWithWineSite() {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const siteId = new Headers(init?.headers).get('siteId');
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (siteId !== '92') {
      return json(404, { success: false, data: null, message: `Unknown site ${siteId}.` });
    }
    if (url.pathname === '/parameter') return json(200, { success: true, data: [], message: null });
    if (url.pathname === '/external-app/GOOGLE_ANALYTICS/config/public') {
      return json(200, {
        success: true,
        data: { app: 'GOOGLE_ANALYTICS', config: { measurementId: 'G-3C0TEAUX92' } },
        message: null,
      });
    }
    return json(404, { success: false, data: null, message: 'Not connected.' });
  });
}

describe('site CSP source', () => {
  it("builds a site's policy from its connected services and reuses it", async () => {
    const fetch = apiWithWineSite();
    const policyOf = createSiteCspSource({ apiUrl: 'http://api', fetch });
    const policy = await policyOf(92);
    expect(policy).toContain("script-src 'self' 'unsafe-inline' https://www.googletagmanager.com");
    const calls = fetch.mock.calls.length;
    expect(await policyOf(92)).toBe(policy);
    expect(fetch.mock.calls.length).toBe(calls);
  });

  it('lets the pages of a site that takes cards load Stripe, and no other site', async () => {
    const wineSite = apiWithWineSite();
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      new URL(String(input)).pathname === '/custom-stripe/public-key' &&
      new Headers(init?.headers).get('siteId') === '92'
        ? new Response(JSON.stringify({ success: true, data: 'pk_test_92', message: null }))
        : wineSite(input, init),
    );
    const withCards = await createSiteCspSource({ apiUrl: 'http://api', fetch })(92);
    expect(withCards).toContain('https://js.stripe.com');
    const without = await createSiteCspSource({ apiUrl: 'http://api', fetch: apiWithWineSite() })(
      92,
    );
    expect(without).not.toContain('stripe');
  });

  it('remembers maxSites sites at most, the least recently asked forgotten first', async () => {
    const fetch = apiWithWineSite();
    const policyOf = createSiteCspSource({ apiUrl: 'http://api', fetch, maxSites: 3 });
    await policyOf(92);
    const askedFor92 = () =>
      fetch.mock.calls.filter(([, init]) => new Headers(init?.headers).get('siteId') === '92')
        .length;
    const first = askedFor92();
    // Sites without a policy (404) count too: 9001… come and go, site 92 is asked every time.
    for (let siteId = 9001; siteId <= 9010; siteId += 1) {
      await policyOf(siteId);
      await policyOf(92);
    }
    expect(askedFor92()).toBe(first);
    await policyOf(9001);
    await policyOf(9002);
    await policyOf(9003);
    // Three other sites asked since: 92 was forgotten, and is asked to the API again.
    await policyOf(92);
    expect(askedFor92()).toBe(first * 2);
  });

  it('answers null for a site id the API does not know', async () => {
    const policyOf = createSiteCspSource({ apiUrl: 'http://api', fetch: apiWithWineSite() });
    expect(await policyOf(9999)).toBeNull();
  });

  it("falls back to the storefront's own scripts while the API cannot answer", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi.fn(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    const policyOf = createSiteCspSource({ apiUrl: 'http://api', fetch });
    expect(await policyOf(92)).toContain("script-src 'self' 'unsafe-inline';");
    warn.mockRestore();
  });
});
