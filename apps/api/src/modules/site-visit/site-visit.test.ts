import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteVisitSchema } from '@comptoir/contract/site-visit';
import { siteVisits } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

const VISIT_LIMIT = 20;
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ siteVisitPerIp: { max: VISIT_LIMIT, timeWindowMs: 60_000 } });
});
afterAll(async () => {
  await testApp?.close();
});

function visit(siteId: number, from: string) {
  return siteRequest(testApp.app, siteId, {
    method: 'GET',
    url: `/site/visit/${encodeURIComponent(from)}`,
  });
}

async function storedVisits(siteId: number, source: string) {
  return testApp.database.db
    .select()
    .from(siteVisits)
    .where(and(eq(siteVisits.siteId, siteId), eq(siteVisits.source, source)));
}

describe('GET /site/visit/:from', () => {
  it('records the visit with its source and time, and counts the visits from that source', async () => {
    const before = Date.now();
    const first = await visit(91, 'newsletter-novembre');
    expect(first.statusCode).toBe(200);
    expect(siteVisitSchema.parse(first.json().data)).toEqual({
      source: 'newsletter-novembre',
      visits: 1,
    });
    const second = await visit(91, 'newsletter-novembre');
    expect(second.json().data.visits).toBe(2);

    const rows = await storedVisits(91, 'newsletter-novembre');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps each site’s visits apart', async () => {
    await visit(92, 'salon-des-vins');
    await visit(92, 'salon-des-vins');
    const response = await visit(91, 'salon-des-vins');
    expect(response.json().data.visits).toBe(1);
    expect(await storedVisits(92, 'salon-des-vins')).toHaveLength(2);
  });

  it('accepts any text up to 100 characters, accents and spaces included', async () => {
    const source = `flyer marché de Noël ${'é'.repeat(79)}`;
    expect(source).toHaveLength(100);
    const response = await visit(91, source);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.source).toBe(source);
  });

  it('refuses a source longer than 100 characters with a 400 envelope and stores nothing', async () => {
    const source = 'x'.repeat(101);
    const response = await visit(91, source);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
    expect(response.json().errors[0].key).toBe('from');
    expect(await storedVisits(91, source)).toHaveLength(0);
  });

  it('refuses a blank source', async () => {
    const response = await visit(91, '   ');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].key).toBe('from');
  });

  it('answers 404 for an unknown site', async () => {
    const response = await visit(999, 'newsletter');
    expect(response.statusCode).toBe(404);
  });
});

describe('throttling of visits', () => {
  it('refuses visits past the per-address limit with a 429, and counts each address apart', async () => {
    const from = (address: string) =>
      siteRequest(testApp.app, 91, {
        method: 'GET',
        url: '/site/visit/flyer',
        remoteAddress: address,
      });
    const statuses: number[] = [];
    for (let index = 0; index <= VISIT_LIMIT; index += 1)
      statuses.push((await from('192.0.2.10')).statusCode);
    expect(statuses.slice(0, VISIT_LIMIT).every((status) => status === 200)).toBe(true);
    const refused = await from('192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, data: null });
    expect((await from('192.0.2.11')).statusCode).toBe(200);
    expect((await storedVisits(91, 'flyer')).length).toBe(VISIT_LIMIT + 1);
  });
});
