import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPopupSchema, POPUP_NOT_FOUND_MESSAGE } from '@comptoir/contract/admin-popups';
import { pages, popups } from '../../db/schema';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';

let harness: AdminHarness;
let otherSitePopupId: number;
let pageIds: number[];
let otherSitePageId: number;

const input = (overrides: Record<string, unknown> = {}) => ({
  title: 'Offre de rentrée',
  html: '<p>-10 % sur les colorations</p>',
  showOnEveryReload: false,
  rememberClosedDays: 3,
  pageIds: [],
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const response = await harness.send('POST', '/admin/popup', {
    token: harness.tokens.admin,
    payload: input(overrides),
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminPopupSchema.parse(response.json().data);
}

async function popupOfPage(siteId: number, id: number) {
  const [row] = await harness.db
    .select({ idPopup: pages.idPopup })
    .from(pages)
    .where(and(eq(pages.siteId, siteId), eq(pages.id, id)));
  return row?.idPopup;
}

beforeAll(async () => {
  harness = await createAdminHarness();
  const sitePages = await harness.db
    .select({ id: pages.id })
    .from(pages)
    .where(eq(pages.siteId, 91));
  pageIds = sitePages.map((page) => page.id).slice(-3);
  const [other] = await harness.db
    .insert(popups)
    .values({ siteId: 92, title: 'Dégustation', html: '<p>Samedi</p>' })
    .returning();
  otherSitePopupId = other!.id;
  const [otherPage] = await harness.db
    .select({ id: pages.id })
    .from(pages)
    .where(eq(pages.siteId, 92))
    .limit(1);
  otherSitePageId = otherPage!.id;
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.resetRevalidations();
});

describe('the role matrix over the popup routes', () => {
  it('GET /admin/popup', async () => {
    await harness.expectRoleMatrix(async () => ({ method: 'GET', url: '/admin/popup' }));
  });

  it('POST /admin/popup', async () => {
    await harness.expectRoleMatrix(async () => ({
      method: 'POST',
      url: '/admin/popup',
      payload: input(),
    }));
  });

  it('PUT /admin/popup/:id', async () => {
    const { id } = await create();
    await harness.expectRoleMatrix(async () => ({
      method: 'PUT',
      url: `/admin/popup/${id}`,
      payload: input({ title: 'Offre modifiée' }),
    }));
  });

  it('DELETE /admin/popup/:id', async () => {
    await harness.expectRoleMatrix(async () => ({
      method: 'DELETE',
      url: `/admin/popup/${(await create()).id}`,
    }));
  });
});

describe('writing popups', () => {
  it('creates a popup opened by two pages, audits it and refreshes the popups and pages tags', async () => {
    const created = await create({ pageIds: pageIds.slice(0, 2) });
    expect(created.pageIds.sort()).toEqual(pageIds.slice(0, 2).sort());
    expect(await popupOfPage(91, pageIds[0]!)).toBe(created.id);
    expect(await harness.revalidatedTags()).toEqual([['site:91:popups', 'site:91:pages']]);
    expect((await harness.auditRows(91, 'popup'))[0]).toMatchObject({
      action: 'create',
      entityId: String(created.id),
    });
  });

  it('changing only the text refreshes the popups tag alone; moving pages refreshes pages too', async () => {
    const { id } = await create({ pageIds: [pageIds[2]!] });
    await harness.resetRevalidations();
    const text = await harness.send('PUT', `/admin/popup/${id}`, {
      token: harness.tokens.admin,
      payload: input({
        html: '<p>Nouveau texte</p>',
        pageIds: [pageIds[2]!],
        showOnEveryReload: true,
      }),
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(await harness.revalidatedTags()).toEqual([['site:91:popups']]);
    await harness.resetRevalidations();
    const off = await harness.send('PUT', `/admin/popup/${id}`, {
      token: harness.tokens.admin,
      payload: input({ pageIds: [] }),
    });
    expect(off.json().data.pageIds).toEqual([]);
    expect(await popupOfPage(91, pageIds[2]!)).toBeNull();
    expect(await harness.revalidatedTags()).toEqual([['site:91:popups', 'site:91:pages']]);
  });

  it('refuses bad input and another site’s page with 422, changing nothing', async () => {
    const { id } = await create({ title: 'Intacte' });
    for (const payload of [
      input({ title: '' }),
      input({ html: '' }),
      input({ rememberClosedDays: -1 }),
      input({ rememberClosedDays: 400 }),
      input({ pageIds: [otherSitePageId] }),
    ]) {
      const response = await harness.send('PUT', `/admin/popup/${id}`, {
        token: harness.tokens.admin,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const [row] = await harness.db.select().from(popups).where(eq(popups.id, id));
    expect(row).toMatchObject({ title: 'Intacte', rememberClosedDays: 3 });
    expect(await popupOfPage(92, otherSitePageId)).not.toBe(id);
  });

  it('deletes a popup and leaves its pages opening nothing', async () => {
    const { id } = await create({ pageIds: [pageIds[1]!] });
    await harness.resetRevalidations();
    const response = await harness.send('DELETE', `/admin/popup/${id}`, {
      token: harness.tokens.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(await popupOfPage(91, pageIds[1]!)).toBeNull();
    expect(await harness.revalidatedTags()).toEqual([['site:91:popups', 'site:91:pages']]);
    expect((await harness.auditRows(91, 'popup'))[0]).toMatchObject({ action: 'delete' });
  });

  it("answers 404 for another site's popup", async () => {
    for (const [method, payload] of [
      ['PUT', input()],
      ['DELETE', undefined],
    ] as const) {
      const response = await harness.send(method, `/admin/popup/${otherSitePopupId}`, {
        token: harness.tokens.admin,
        payload,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(POPUP_NOT_FOUND_MESSAGE);
    }
  });
});
