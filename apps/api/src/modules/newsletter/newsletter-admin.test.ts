import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminNewsletterListSchema,
  NEWSLETTER_LIST_NAME_TAKEN_MESSAGE,
  NEWSLETTER_LIST_NOT_FOUND_MESSAGE,
} from '@comptoir/contract/admin-newsletter';
import { newsletterLists, newsletterSubscriptions } from '../../db/schema';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';

let harness: AdminHarness;
let otherSiteListId: number;

async function createList(name: string, description: string | null = null) {
  const response = await harness.send('POST', '/admin/newsletter/list', {
    token: harness.tokens.admin,
    payload: { name, description },
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminNewsletterListSchema.parse(response.json().data);
}

async function subscribe(siteId: number, listId: number, emails: string[]) {
  await harness.db
    .insert(newsletterSubscriptions)
    .values(emails.map((email) => ({ siteId, listId, email })));
}

async function listRow(siteId: number, id: number) {
  const [row] = await harness.db
    .select()
    .from(newsletterLists)
    .where(and(eq(newsletterLists.siteId, siteId), eq(newsletterLists.id, id)));
  return row;
}

beforeAll(async () => {
  harness = await createAdminHarness();
  const [other] = await harness.db
    .insert(newsletterLists)
    .values({ siteId: 92, name: 'Amateurs de vin' })
    .returning();
  otherSiteListId = other!.id;
  await subscribe(92, otherSiteListId, ['cave@example.fr']);
});

afterAll(async () => {
  await harness?.close();
});

beforeEach(async () => {
  await harness.resetRevalidations();
});

describe('the role matrix over the newsletter routes', () => {
  it('GET /admin/newsletter/list', async () => {
    await harness.expectRoleMatrix(async () => ({ method: 'GET', url: '/admin/newsletter/list' }));
  });

  it('POST /admin/newsletter/list', async () => {
    let count = 0;
    await harness.expectRoleMatrix(async () => ({
      method: 'POST',
      url: '/admin/newsletter/list',
      payload: { name: `Liste ${(count += 1)}` },
    }));
  });

  it('PUT /admin/newsletter/list/:id', async () => {
    const { id } = await createList('Nouveautés');
    await harness.expectRoleMatrix(async () => ({
      method: 'PUT',
      url: `/admin/newsletter/list/${id}`,
      payload: { name: 'Nouveautés du salon' },
    }));
  });

  it('DELETE /admin/newsletter/list/:id', async () => {
    let count = 0;
    await harness.expectRoleMatrix(async () => ({
      method: 'DELETE',
      url: `/admin/newsletter/list/${(await createList(`Éphémère ${(count += 1)}`)).id}`,
    }));
  });

  it('GET /admin/newsletter/list/:id/subscriber', async () => {
    const { id } = await createList('Lecture');
    await harness.expectRoleMatrix(async () => ({
      method: 'GET',
      url: `/admin/newsletter/list/${id}/subscriber?search=a`,
    }));
  });

  it('DELETE /admin/newsletter/list/:id/subscriber/:subscriberId', async () => {
    const { id } = await createList('Désinscriptions');
    let count = 0;
    await harness.expectRoleMatrix(async () => {
      const email = `lecteur-${(count += 1)}@example.fr`;
      await subscribe(91, id, [email]);
      const [row] = await harness.db
        .select()
        .from(newsletterSubscriptions)
        .where(
          and(eq(newsletterSubscriptions.listId, id), eq(newsletterSubscriptions.email, email)),
        );
      return { method: 'DELETE', url: `/admin/newsletter/list/${id}/subscriber/${row!.id}` };
    });
  });

  it('GET /admin/newsletter/list/:id/subscriber/csv: 401, 403, then the file', async () => {
    const { id } = await createList('Export');
    const url = `/admin/newsletter/list/${id}/subscriber/csv`;
    expect((await harness.send('GET', url)).statusCode).toBe(401);
    expect((await harness.send('GET', url, { token: harness.tokens.customer })).statusCode).toBe(
      403,
    );
    for (const token of [harness.tokens.admin, harness.tokens.superAdmin]) {
      expect((await harness.send('GET', url, { token })).statusCode).toBe(200);
    }
  });
});

describe('mailing lists', () => {
  it('creates a list, audits it and refreshes no storefront tag', async () => {
    const created = await createList('Astuces du salon', 'Un message par mois');
    expect(created).toMatchObject({
      name: 'Astuces du salon',
      description: 'Un message par mois',
      subscriberCount: 0,
    });
    expect((await harness.auditRows(91, 'newsletter-list'))[0]).toMatchObject({
      action: 'create',
      entityId: String(created.id),
    });
    expect(await harness.revalidatedTags()).toEqual([]);
    const lists = await harness.send('GET', '/admin/newsletter/list', {
      token: harness.tokens.admin,
    });
    expect(lists.json().data.map((list: { id: number }) => list.id)).toContain(created.id);
    expect(lists.json().data.map((list: { id: number }) => list.id)).not.toContain(otherSiteListId);
  });

  it('renames a list and keeps the former name in the journal', async () => {
    const { id } = await createList('Promos');
    const response = await harness.send('PUT', `/admin/newsletter/list/${id}`, {
      token: harness.tokens.admin,
      payload: { name: 'Offres du mois', description: '' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Offres du mois', description: null });
    const [entry] = await harness.auditRows(91, 'newsletter-list');
    expect(entry).toMatchObject({ action: 'update', before: { name: 'Promos' } });
  });

  it('refuses an empty or taken name with nothing changed', async () => {
    const { id } = await createList('Événements');
    const empty = await harness.send('PUT', `/admin/newsletter/list/${id}`, {
      token: harness.tokens.admin,
      payload: { name: '  ' },
    });
    expect(empty.statusCode).toBe(422);
    const taken = await harness.send('POST', '/admin/newsletter/list', {
      token: harness.tokens.admin,
      payload: { name: 'Événements' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([
      { key: 'name', error: NEWSLETTER_LIST_NAME_TAKEN_MESSAGE },
    ]);
    expect((await listRow(91, id))?.name).toBe('Événements');
  });

  it('deletes a list with its subscriptions', async () => {
    const { id } = await createList('Ancienne liste');
    await subscribe(91, id, ['ancienne@example.fr']);
    const response = await harness.send('DELETE', `/admin/newsletter/list/${id}`, {
      token: harness.tokens.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(await listRow(91, id)).toBeUndefined();
    expect(
      await harness.db.$count(newsletterSubscriptions, eq(newsletterSubscriptions.listId, id)),
    ).toBe(0);
    expect((await harness.auditRows(91, 'newsletter-list'))[0]).toMatchObject({
      action: 'delete',
      summary: 'Liste de diffusion « Ancienne liste » supprimée (1 inscrit)',
    });
  });

  it("answers 404 for another site's list and leaves it alone", async () => {
    for (const [method, url, payload] of [
      ['PUT', `/admin/newsletter/list/${otherSiteListId}`, { name: 'Piratée' }],
      ['DELETE', `/admin/newsletter/list/${otherSiteListId}`, undefined],
      ['GET', `/admin/newsletter/list/${otherSiteListId}/subscriber`, undefined],
      ['GET', `/admin/newsletter/list/${otherSiteListId}/subscriber/csv`, undefined],
    ] as const) {
      const response = await harness.send(method, url, { token: harness.tokens.admin, payload });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(NEWSLETTER_LIST_NOT_FOUND_MESSAGE);
    }
    expect((await listRow(92, otherSiteListId))?.name).toBe('Amateurs de vin');
  });
});

describe('subscribers', () => {
  it('pages and searches the subscribers, and unsubscribes one with a journal entry', async () => {
    const { id } = await createList('Abonnés');
    await subscribe(91, id, ['alice@example.fr', 'bruno@exemple.com', 'chloe_50%@example.fr']);
    const all = await harness.send('GET', `/admin/newsletter/list/${id}/subscriber`, {
      token: harness.tokens.admin,
    });
    expect(all.json().data).toMatchObject({ total: 3, newsletterList: { subscriberCount: 3 } });
    const searched = await harness.send(
      'GET',
      `/admin/newsletter/list/${id}/subscriber?search=${encodeURIComponent('50%')}`,
      { token: harness.tokens.admin },
    );
    expect(searched.json().data.list.map((row: { email: string }) => row.email)).toEqual([
      'chloe_50%@example.fr',
    ]);
    const bruno = all
      .json()
      .data.list.find((row: { email: string }) => row.email.startsWith('bruno'));
    const removed = await harness.send(
      'DELETE',
      `/admin/newsletter/list/${id}/subscriber/${bruno.id}`,
      { token: harness.tokens.admin },
    );
    expect(removed.statusCode).toBe(200);
    expect((await harness.auditRows(91, 'newsletter-list'))[0]).toMatchObject({
      action: 'unsubscribe',
      summary: 'bruno@exemple.com désinscrit de la liste « Abonnés »',
    });
    const again = await harness.send(
      'DELETE',
      `/admin/newsletter/list/${id}/subscriber/${bruno.id}`,
      { token: harness.tokens.admin },
    );
    expect(again.statusCode).toBe(404);
  });

  it('exports the subscribers as a CSV file for Excel, formulas defused', async () => {
    const { id } = await createList('Clientes fidèles');
    await subscribe(91, id, ['zoe@example.fr', '=cmd@example.fr']);
    const response = await harness.send('GET', `/admin/newsletter/list/${id}/subscriber/csv`, {
      token: harness.tokens.admin,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('inscrits-clientes-fideles.csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Adresse e-mail";"Compte client";"Date d\'inscription"');
    expect(
      lines
        .slice(1)
        .map((line) => line.split(';')[0])
        .sort(),
    ).toEqual([`"'=cmd@example.fr"`, '"zoe@example.fr"']);
  });
});
