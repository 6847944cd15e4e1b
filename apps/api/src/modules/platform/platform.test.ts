import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SITE_HOST_TAKEN_MESSAGE,
  SITE_URL_MESSAGE,
  SUPER_ADMIN_ONLY_MESSAGE,
  platformSiteSchema,
  type SiteCreateInput,
} from '@comptoir/contract/admin-platform';
import { RESET_LINK_INVALID_MESSAGE } from '@comptoir/contract/auth';
import {
  auditLog,
  pages,
  passwordResetTokens,
  siteParameters,
  sites,
  users,
  variations,
} from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { linkIn, mailsTo } from '../../test/mails';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_LOGGED_IN_MESSAGE } from '../user';

let testApp: TestApp;
let superAdminToken: string;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  superAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  adminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91, role: 'CUSTOMER' })).token;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { token?: string | null; siteId?: number; payload?: unknown } = {},
) {
  const token = options.token === undefined ? superAdminToken : options.token;
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: token ? bearer(token) : {},
  });
}

let hostNumber = 0;
function newSite(overrides: Partial<SiteCreateInput> = {}): SiteCreateInput {
  hostNumber += 1;
  return {
    name: `Fleurs de Lune ${hostNumber}`,
    template: 'BROCHURE',
    devUrl: `http://fleurs-${hostNumber}.localhost:3000`,
    prodUrl: `https://www.fleurs-de-lune-${hostNumber}.fr`,
    ...overrides,
  };
}

async function create(overrides: Partial<SiteCreateInput> = {}) {
  const response = await send('POST', '/admin/platform/site', { payload: newSite(overrides) });
  expect(response.statusCode, response.body).toBe(200);
  return platformSiteSchema.parse(response.json().data);
}

describe('the platform routes are for SUPER_ADMIN only', () => {
  it('answers a visitor 401, a customer and a site ADMIN 403, a SUPER_ADMIN 200', async () => {
    const site = await create();
    const calls = [
      { method: 'GET' as const, url: '/admin/platform/sites' },
      { method: 'POST' as const, url: '/admin/platform/site', payload: newSite() },
      {
        method: 'PUT' as const,
        url: `/admin/platform/site/${site.id}`,
        payload: { name: site.name, devUrl: site.devUrl, prodUrl: site.prodUrl },
      },
      {
        method: 'POST' as const,
        url: `/admin/platform/site/${site.id}/admin`,
        payload: { email: 'nouvelle@fleurs.fr', firstname: 'Nina', lastname: 'Roux' },
      },
    ];
    const sitesBefore = await testApp.database.db.select({ id: sites.id }).from(sites);
    for (const call of calls) {
      const visitor = await send(call.method, call.url, { ...call, token: null });
      expect(visitor.statusCode, call.url).toBe(401);
      expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
      for (const token of [customerToken, adminToken]) {
        const refused = await send(call.method, call.url, { ...call, token });
        expect(refused.statusCode, call.url).toBe(403);
        expect(refused.json().message).toBe(SUPER_ADMIN_ONLY_MESSAGE);
      }
    }
    // Nothing was created or changed by the refused calls.
    expect(await testApp.database.db.select({ id: sites.id }).from(sites)).toHaveLength(
      sitesBefore.length,
    );
    for (const call of calls) {
      const allowed = await send(call.method, call.url, call);
      expect(allowed.statusCode, `${call.url} ${allowed.body}`).toBe(200);
    }
  }, 90_000);
});

describe('POST /admin/platform/site', () => {
  it('creates a wine shop from its template: settings, menu and catalogue structure, not the identity', async () => {
    const site = await create({ template: 'WINE_SHOP', name: 'Clos des Ormes' });
    expect(site).toMatchObject({ isECommerce: true, isWinemaker: true, admins: [] });
    expect(site.id).toBeGreaterThanOrEqual(100);
    const db = testApp.database.db;
    const parameter = async (type: string) =>
      (
        await db
          .select({ value: siteParameters.value })
          .from(siteParameters)
          .where(and(eq(siteParameters.siteId, site.id), eq(siteParameters.type, type)))
      )[0]?.value;
    const template = async (type: string) =>
      (
        await db
          .select({ value: siteParameters.value })
          .from(siteParameters)
          .where(and(eq(siteParameters.siteId, 92), eq(siteParameters.type, type)))
      )[0]?.value;
    expect(await parameter('PRIMARY_COLOR')).toBe(await template('PRIMARY_COLOR'));
    expect(await parameter('COMPANY_NAME')).toBe('Clos des Ormes');
    expect(await parameter('COMPANY_EMAIL')).toBeNull();
    const menu = await db
      .select({ url: pages.url, blocks: pages.blocks })
      .from(pages)
      .where(eq(pages.siteId, site.id));
    const templateMenu = await db
      .select({ url: pages.url })
      .from(pages)
      .where(eq(pages.siteId, 92));
    expect(menu.map((page) => page.url).sort()).toEqual(
      templateMenu.map((page) => page.url).sort(),
    );
    expect(menu.every((page) => page.blocks.length === 0)).toBe(true);
    const structure = await db
      .select({ name: variations.name })
      .from(variations)
      .where(eq(variations.siteId, site.id));
    expect(structure.map((row) => row.name)).toEqual(['Couleur', 'Élevage']);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, site.id), eq(auditLog.entityType, 'site')));
    expect(entry).toMatchObject({ action: 'create' });
  });

  it('makes the new site resolvable by its hosts, and isolated from the others', async () => {
    const site = await create();
    const resolve = (host: string) =>
      testApp.app.inject({ method: 'GET', url: `/site/resolve?host=${encodeURIComponent(host)}` });
    for (const url of [site.devUrl!, site.prodUrl!]) {
      const resolved = await resolve(new URL(url).host);
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json().data).toEqual({ id: site.id });
    }
    const info = await send('GET', '/site/info', { siteId: site.id, token: null });
    expect(info.json().data).toMatchObject({ id: site.id, name: site.name });
    // A site 91 session is nobody on the new site; its pages are its own.
    const foreign = await send('GET', '/admin/pages', { siteId: site.id, token: superAdminToken });
    expect(foreign.statusCode).toBe(401);
    const own = await send('GET', '/page/tree', { siteId: site.id, token: null });
    const site91 = await send('GET', '/page/tree', { siteId: 91, token: null });
    expect(own.statusCode).toBe(200);
    expect(JSON.stringify(own.json().data)).not.toContain('Atelier Clémence');
    expect(site91.json().data).not.toEqual(own.json().data);
  });

  it('gives the new site its banner and footer lists, empty, where its owner adds a message', async () => {
    for (const template of ['BROCHURE', 'WINE_SHOP'] as const) {
      const site = await create({ template });
      for (const route of ['bandeau-promotionnel', 'logo-footer', 'link-footer']) {
        const list = await send('GET', `/element/${route}`, { siteId: site.id, token: null });
        expect(list.statusCode, `${template} ${route}: ${list.body}`).toBe(200);
        expect(list.json().data).toMatchObject({ route, list: [], total: 0 });
      }
      const owner = await createUserWithSession(testApp.database.db, {
        siteId: site.id,
        role: 'ADMIN',
      });
      const added = await send('POST', '/admin/element/bandeau-promotionnel', {
        siteId: site.id,
        token: owner.token,
        payload: {
          title: 'Ouverture',
          html: '<strong>Bienvenue</strong>',
          backgroundColor: '#2f4858',
        },
      });
      expect(added.statusCode, added.body).toBe(200);
      const banner = await send('GET', '/element/bandeau-promotionnel', {
        siteId: site.id,
        token: null,
      });
      expect(banner.json().data.list.map((item: { title: string }) => item.title)).toEqual([
        'Ouverture',
      ]);
    }
  });

  it('refuses a host another site answers to (409) and a bad address (422), creating nothing', async () => {
    const before = await testApp.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(sites);
    const existing = await create();
    const taken = await send('POST', '/admin/platform/site', {
      payload: newSite({ prodUrl: existing.prodUrl!.toUpperCase() }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ key: 'prodUrl', error: SITE_HOST_TAKEN_MESSAGE }]);
    const bad = await send('POST', '/admin/platform/site', {
      payload: newSite({ prodUrl: 'https://www.exemple.fr/boutique' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toContainEqual({ key: 'prodUrl', error: SITE_URL_MESSAGE });
    const after = await testApp.database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(sites);
    expect(after[0]!.total).toBe(before[0]!.total + 1);
  });
});

describe('PUT /admin/platform/site/:id', () => {
  it('moves the site to new addresses: the old host no longer finds it', async () => {
    const site = await create();
    const moved = await send('PUT', `/admin/platform/site/${site.id}`, {
      payload: { name: site.name, devUrl: null, prodUrl: 'https://nouvelle-adresse.example.fr' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const resolve = (host: string) =>
      testApp.app.inject({ method: 'GET', url: `/site/resolve?host=${host}` });
    expect((await resolve('nouvelle-adresse.example.fr')).json().data).toEqual({ id: site.id });
    expect((await resolve(new URL(site.devUrl!).host)).statusCode).toBe(404);
    const unknown = await send('PUT', '/admin/platform/site/99999', {
      payload: { name: 'X', devUrl: null, prodUrl: null },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('inviting an administrator', () => {
  async function invite(siteId: number, email: string) {
    const response = await send('POST', `/admin/platform/site/${siteId}/admin`, {
      payload: { email, firstname: 'Nina', lastname: 'Roux' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mailsTo(testApp, email);
    return linkIn(mail, '/password/reset');
  }

  function accept(siteId: number, token: string) {
    return send('PUT', '/password/reset', {
      siteId,
      token: null,
      payload: { token, password: 'Fleurs-de-lune-2026' },
    });
  }

  it('mails a link to the site; the invitee sets a password once, then logs in as ADMIN', async () => {
    const site = await create();
    const link = await invite(site.id, 'nina.roux@fleurs.example.fr');
    expect(link.url.startsWith(`${site.devUrl}/password/reset/`)).toBe(true);
    const listed = await send('GET', '/admin/platform/sites');
    const admins = listed.json().data.find((entry: { id: number }) => entry.id === site.id).admins;
    expect(admins).toMatchObject([{ email: 'nina.roux@fleurs.example.fr', hasPassword: false }]);
    // No password yet: nobody can log in.
    const early = await send('POST', '/login', {
      siteId: site.id,
      token: null,
      payload: { email: 'nina.roux@fleurs.example.fr', password: 'Fleurs-de-lune-2026' },
    });
    expect(early.statusCode).toBe(401);

    expect((await accept(site.id, link.token)).statusCode).toBe(200);
    const again = await accept(site.id, link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID_MESSAGE);

    const login = await send('POST', '/login', {
      siteId: site.id,
      token: null,
      payload: { email: 'nina.roux@fleurs.example.fr', password: 'Fleurs-de-lune-2026' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.role).toBe('ADMIN');
    // An administrator of the new site only: its token means nothing on site 91.
    const elsewhere = await send('GET', '/admin/pages', {
      siteId: 91,
      token: login.json().data.token,
    });
    expect(elsewhere.statusCode).toBe(401);
    const duplicate = await send('POST', `/admin/platform/site/${site.id}/admin`, {
      payload: { email: 'NINA.ROUX@fleurs.example.fr', firstname: 'Nina', lastname: 'Roux' },
    });
    expect(duplicate.statusCode).toBe(409);
  });

  it('refuses an expired invitation', async () => {
    const site = await create();
    const link = await invite(site.id, 'lent@fleurs.example.fr');
    const [user] = await testApp.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.siteId, site.id), eq(users.email, 'lent@fleurs.example.fr')));
    await testApp.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(passwordResetTokens.userId, user!.id));
    const late = await accept(site.id, link.token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(RESET_LINK_INVALID_MESSAGE);
  });
});
