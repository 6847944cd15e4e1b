import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_TOKEN_REQUIRED_MESSAGE } from '../plugins/metrics';
import { siteRequest } from '../test/http';
import { createTestApp, type TestApp } from '../test/test-app';
import { OTHER_SITES, TopSites } from '@comptoir/domain/top-sites';

const TOKEN = 'metrics-token-of-the-test-0123456789';

// Three apps for the whole file (each costs seconds): metrics off, on with a token (and a port
// that asks for it), on a port only.
let off: TestApp;
let withToken: TestApp;
let withTokenPort: number;
let portOnly: TestApp;
let portOnlyPort: number;
beforeAll(async () => {
  withTokenPort = await freePort();
  portOnlyPort = await freePort();
  [off, withToken, portOnly] = await Promise.all([
    createTestApp(),
    createTestApp({
      env: { METRICS_TOKEN: TOKEN, METRICS_TOP_SITES: '1', METRICS_PORT: String(withTokenPort) },
    }),
    createTestApp({ env: { METRICS_PORT: String(portOnlyPort) } }),
  ]);
  await Promise.all([withToken.app.ready(), portOnly.app.ready()]);
});
afterAll(async () => {
  await Promise.all([off, withToken, portOnly].map((testApp) => testApp?.close()));
});

async function scrape(testApp: TestApp): Promise<string> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one series of the exposition text, or undefined when it is absent. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Every series of one metric name, as written (name and labels). */
function seriesOf(text: string, name: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => line.slice(0, line.lastIndexOf(' ')));
}

function requestCount(text: string, route: string, status = 200): number {
  return (
    seriesValue(
      text,
      `comptoir_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`,
    ) ?? 0
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /metrics', () => {
  it('does not exist when neither METRICS_TOKEN nor METRICS_PORT is set', async () => {
    const response = await off.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    const testApp = withToken;
    for (const authorization of [undefined, 'Bearer wrong-token-of-same-size-0123456', TOKEN]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        success: false,
        message: METRICS_TOKEN_REQUIRED_MESSAGE,
      });
      expect(response.body).not.toContain('comptoir_');
    }
    const text = await scrape(testApp);
    expect(text).toContain('# TYPE comptoir_http_request_duration_seconds histogram');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('counts requests by route template, not by their address', async () => {
    const testApp = withToken;
    const before = await scrape(testApp);
    for (const id of ['101', '102', '103']) {
      await siteRequest(testApp.app, 92, { method: 'GET', url: `/product/${id}` });
    }
    for (let index = 0; index < 25; index += 1) {
      await testApp.app.inject({ method: 'GET', url: `/nowhere-${index}` });
    }
    const after = await scrape(testApp);
    const productRoute = seriesOf(after, 'comptoir_http_request_duration_seconds_count').filter(
      (series) => series.includes('route="/product/:id"'),
    );
    expect(productRoute.length).toBeGreaterThan(0);
    expect(after).not.toMatch(/route="\/product\/10[123]"/);
    const unmatched = seriesOf(after, 'comptoir_http_request_duration_seconds_count').filter(
      (series) => series.includes('route="unmatched"'),
    );
    expect(unmatched).toEqual([
      'comptoir_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}',
    ]);
    expect(requestCount(after, 'unmatched', 404) - requestCount(before, 'unmatched', 404)).toBe(25);
    expect(after).not.toContain('nowhere');
  });

  it('counts the answers sent from kept bodies under their route, with the site cache hits', async () => {
    const testApp = withToken;
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const before = await scrape(testApp);
    for (let index = 0; index < 4; index += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/site/info`, {
        headers: { siteId: '91' },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const after = await scrape(testApp);
    // The first through Fastify, the others before routing (http/kept-answers.ts): one series.
    expect(requestCount(after, '/site/info') - requestCount(before, '/site/info')).toBe(4);
    const hits = (text: string) =>
      seriesValue(text, 'comptoir_site_cache_lookups_total{key="info",outcome="hit"}') ?? 0;
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(3);
    expect(
      seriesValue(after, 'comptoir_site_cache_lookups_total{key="site",outcome="miss"}'),
    ).toBeGreaterThanOrEqual(1);
    const bucketOfAll = seriesValue(
      after,
      'comptoir_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/site/info",status="200"}',
    );
    expect(bucketOfAll).toBe(requestCount(after, '/site/info'));
  });

  it('shows the busiest sites by id and sums the others, whatever site ids clients send', async () => {
    const testApp = withToken;
    // Site 92 becomes the busiest whatever the other tests of the file asked.
    for (let count = 0; count < 40; count += 1) {
      await siteRequest(testApp.app, 92, { method: 'GET', url: '/site/info' });
    }
    await siteRequest(testApp.app, 91, { method: 'GET', url: '/site/info' });
    for (let siteId = 5000; siteId < 5030; siteId += 1) {
      const response = await siteRequest(testApp.app, siteId, { method: 'GET', url: '/site/info' });
      expect(response.statusCode).toBe(404);
    }
    const text = await scrape(testApp);
    expect(seriesOf(text, 'comptoir_site_requests_total')).toEqual([
      'comptoir_site_requests_total{site="92"}',
      `comptoir_site_requests_total{site="${OTHER_SITES}"}`,
    ]);
    expect(seriesValue(text, 'comptoir_site_requests_total{site="92"}')).toBeGreaterThanOrEqual(40);
    expect(
      seriesValue(text, `comptoir_site_requests_total{site="${OTHER_SITES}"}`),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports the mail outbox of every site', async () => {
    const text = await scrape(withToken);
    expect(
      seriesValue(text, 'comptoir_mail_outbox_mails{status="pending"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'comptoir_mail_outbox_mails{status="failed"}')).toBeGreaterThanOrEqual(
      0,
    );
    expect(seriesValue(text, 'comptoir_mail_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(
      0,
    );
    // PGlite has no pool and no pg-boss: those figures are absent rather than made up.
    expect(text).not.toContain('comptoir_db_pool_connections');
    expect(text).not.toContain('comptoir_job_queue_jobs');
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on a listener of its own, and nothing else there', async () => {
    const metrics = await fetch(`http://127.0.0.1:${portOnlyPort}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(await metrics.text()).toContain('comptoir_http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${portOnlyPort}/site/info`)).status).toBe(404);
    // Without a token, the API's own port has no /metrics.
    expect((await portOnly.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('asks for the token there too when METRICS_TOKEN is set', async () => {
    expect((await fetch(`http://127.0.0.1:${withTokenPort}/metrics`)).status).toBe(401);
    const allowed = await fetch(`http://127.0.0.1:${withTokenPort}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('comptoir_site_requests_total');
  });
});

describe('TopSites', () => {
  it('keeps at most the limit and "other", totals exact', () => {
    const top = new TopSites(3);
    for (let siteId = 1; siteId <= 1000; siteId += 1) {
      for (let count = 0; count < (siteId % 7) + 1; count += 1) top.record(siteId);
    }
    const series = top.series();
    expect(series).toHaveLength(4);
    expect(series.at(-1)?.site).toBe(OTHER_SITES);
    const total = series.reduce((sum, { count }) => sum + count, 0);
    let expected = 0;
    for (let siteId = 1; siteId <= 1000; siteId += 1) expected += (siteId % 7) + 1;
    expect(total).toBe(expected);
    expect(series.slice(0, 3).every(({ count }) => count === 7)).toBe(true);
  });

  it('has no "other" while every site has its own series', () => {
    const top = new TopSites(5);
    top.record(91);
    top.record(92);
    expect(top.series()).toEqual([
      { site: '91', count: 1 },
      { site: '92', count: 1 },
    ]);
  });
});
