import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithRequestId, requestIdOf, withRequestId } from './request-id';
import {
  createStorefrontMetrics,
  metricsSettingsOf,
  STOREFRONT_METRICS_PATH,
  type StorefrontMetrics,
} from './storefront-metrics';

const TOKEN = 'storefront-metrics-token-0123456789';

/** A scrape server answering like server.ts does: the metrics, or a 404 for anything else. */
let metrics: StorefrontMetrics;
let port = 0;
const server = createServer((request, response) => {
  if (metrics.answersOnSitePort(request)) metrics.answer(request, response);
  else response.writeHead(404).end();
});
beforeAll(async () => {
  const settings = metricsSettingsOf({ METRICS_TOKEN: TOKEN, METRICS_TOP_SITES: '2' });
  if (!settings) throw new Error('metrics are on with a token');
  metrics = createStorefrontMetrics(settings);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function scrape(authorization?: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}${STOREFRONT_METRICS_PATH}`, {
    headers: authorization ? { authorization } : {},
  });
}

describe('storefront metrics settings', () => {
  it('are off without METRICS_TOKEN and METRICS_PORT', () => {
    expect(metricsSettingsOf({})).toBeNull();
    expect(metricsSettingsOf({ METRICS_TOKEN: ' ', METRICS_PORT: '' })).toBeNull();
  });

  it('refuse a short token, a bad port or a bad number of sites, in a sentence', () => {
    expect(() => metricsSettingsOf({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters long',
    );
    expect(() => metricsSettingsOf({ METRICS_PORT: '70000' })).toThrow(
      'METRICS_PORT must be a port number (1-65535)',
    );
    expect(() => metricsSettingsOf({ METRICS_PORT: '9464', METRICS_TOP_SITES: '-1' })).toThrow(
      'METRICS_TOP_SITES must be a whole number (0-200)',
    );
    expect(metricsSettingsOf({ METRICS_PORT: '9464' })).toEqual({
      port: 9464,
      host: '127.0.0.1',
      topSites: 20,
    });
  });
});

describe('the storefront scrape', () => {
  it('answers only the bearer of the token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('Bearer not-the-token-but-as-long-as-it')).status).toBe(401);
    const allowed = await scrape(`Bearer ${TOKEN}`);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('process_resident_memory_bytes');
  });

  it('counts requests by kind, and sites up to the limit then "other"', async () => {
    metrics.observeRequest('GET', 'page', 200, 0.02);
    metrics.observeRequest('GET', 'page', 200, 0.2);
    for (const siteId of [91, 91, 91, 92, 92, 7, 8, 9]) metrics.observeSite(siteId);
    metrics.observeCache('page-copy', true);
    metrics.observeCache('page-copy', false);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(text).toContain(
      'comptoir_storefront_request_duration_seconds_count{method="GET",kind="page",status="200"} 2',
    );
    expect(text).toContain(
      'comptoir_storefront_request_duration_seconds_bucket{le="0.025",method="GET",kind="page",status="200"} 1',
    );
    const siteSeries = text
      .split('\n')
      .filter((line) => line.startsWith('comptoir_storefront_site_requests_total{'));
    expect(siteSeries).toEqual([
      'comptoir_storefront_site_requests_total{site="91"} 3',
      'comptoir_storefront_site_requests_total{site="92"} 2',
      'comptoir_storefront_site_requests_total{site="other"} 3',
    ]);
    expect(text).toContain(
      'comptoir_storefront_cache_lookups_total{cache="page-copy",outcome="hit"} 1',
    );
    expect(text).toContain(
      'comptoir_storefront_cache_lookups_total{cache="page-copy",outcome="miss"} 1',
    );
  });
});

describe('the request id', () => {
  it('keeps a well-formed id a balancer sent, and makes one otherwise', () => {
    expect(requestIdOf({ 'x-request-id': 'lb-1234' })).toBe('lb-1234');
    const made = requestIdOf({ 'x-request-id': 'not an id\n' });
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rides on the API calls made while serving the request, and on no other', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const api = createServer((request, response) => {
      seen.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(api.address() as AddressInfo).port}/site/info`;
    try {
      await withRequestId('storefront-req-1', async () => {
        await (await fetchWithRequestId(address, { headers: { siteId: '91' } })).text();
      });
      await (await fetchWithRequestId(address)).text();
      expect(seen[0]?.['x-request-id']).toBe('storefront-req-1');
      expect(seen[0]?.siteid).toBe('91');
      expect(seen[1]?.['x-request-id']).toBeUndefined();
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  });
});
