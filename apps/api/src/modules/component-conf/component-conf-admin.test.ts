import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CTA_PAIR_MESSAGE } from '@comptoir/contract/admin-component-confs';
import { componentConfs } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';

let harness: AdminHarness;

const servicesPage = {
  showPrices: false,
  ctaLabel: 'Réserver',
  ctaHref: '/reservation',
};

async function storedConf(siteId: number, slug: string) {
  const [row] = await harness.db
    .select({ config: componentConfs.config })
    .from(componentConfs)
    .where(and(eq(componentConfs.siteId, siteId), eq(componentConfs.slug, slug)));
  return row?.config;
}

function publicConf(siteId: number, slug: string) {
  return siteRequest(harness.testApp.app, siteId, {
    method: 'GET',
    url: `/component/conf/${slug}`,
  });
}

beforeAll(async () => {
  harness = await createAdminHarness();
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.resetRevalidations();
});

describe('the role matrix over the component configuration routes', () => {
  it('GET /admin/component-conf', async () => {
    await harness.expectRoleMatrix(async () => ({ method: 'GET', url: '/admin/component-conf' }));
  });

  it('PUT /admin/component-conf/services-page', async () => {
    await harness.expectRoleMatrix(async () => ({
      method: 'PUT',
      url: '/admin/component-conf/services-page',
      payload: servicesPage,
    }));
  });

  it('PUT /admin/component-conf/reviews', async () => {
    await harness.expectRoleMatrix(async () => ({
      method: 'PUT',
      url: '/admin/component-conf/reviews',
      payload: { minRating: 4 },
    }));
  });
});

describe('editing component configurations', () => {
  it("lists the site's configurations, with defaults for a site that has none", async () => {
    const own = await harness.send('GET', '/admin/component-conf', {
      token: harness.tokens.admin,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.reviews).toEqual({ minRating: 4 });
    const other = await harness.send('GET', '/admin/component-conf', {
      token: harness.tokens.otherSiteAdmin,
      siteId: 92,
    });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().data).toEqual({
      'services-page': { showPrices: true },
      reviews: { minRating: 1 },
    });
  });

  it('replaces a configuration, audits it, refreshes the component-confs tag and serves it', async () => {
    const response = await harness.send('PUT', '/admin/component-conf/services-page', {
      token: harness.tokens.superAdmin,
      payload: servicesPage,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await harness.revalidatedTags()).toEqual([['site:91:component-confs']]);
    expect((await publicConf(91, 'services-page')).json().data.config).toEqual(servicesPage);
    const [entry] = await harness.auditRows(91, 'component-conf');
    expect(entry).toMatchObject({ action: 'update', entityId: 'services-page' });
    expect(entry!.after).toEqual({ slug: 'services-page', config: servicesPage });
  });

  it('leaves blank options out, and creates a configuration the site did not have', async () => {
    const response = await harness.send('PUT', '/admin/component-conf/services-page', {
      token: harness.tokens.otherSiteAdmin,
      siteId: 92,
      payload: { showPrices: true, ctaLabel: '', ctaHref: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedConf(92, 'services-page')).toEqual({ showPrices: true });
    expect((await harness.auditRows(92, 'component-conf'))[0]).toMatchObject({ action: 'create' });
    // Site 91's configuration is untouched.
    expect(await storedConf(91, 'services-page')).toEqual(servicesPage);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const before = await storedConf(91, 'services-page');
    const cases: [string, unknown][] = [
      ['services-page', { ...servicesPage, ctaHref: 'javascript:alert(1)' }],
      ['services-page', { ...servicesPage, showPrices: 'oui' }],
      ['services-page', { showPrices: true, ctaLabel: 'Réserver', ctaHref: '' }],
      ['reviews', { minRating: 9 }],
      ['reviews', { minRating: 3.5 }],
      ['reviews', {}],
    ];
    for (const [slug, payload] of cases) {
      const response = await harness.send('PUT', `/admin/component-conf/${slug}`, {
        token: harness.tokens.admin,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const pair = await harness.send('PUT', '/admin/component-conf/services-page', {
      token: harness.tokens.admin,
      payload: { showPrices: true, ctaLabel: 'Réserver', ctaHref: '' },
    });
    expect(pair.json().errors).toContainEqual({ key: 'ctaLabel', error: CTA_PAIR_MESSAGE });
    expect(await storedConf(91, 'services-page')).toEqual(before);
    expect(await storedConf(91, 'reviews')).toEqual({ minRating: 4 });
    expect(await harness.revalidatedTags()).toEqual([]);
  });
});
