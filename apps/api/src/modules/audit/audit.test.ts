import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { auditEntrySchema } from '@comptoir/contract/admin-audit';
import { auditLog, pages, users } from '../../db/schema';
import { requestAs, type RequestAsArguments, siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PNG, multipart } from '../../test/uploads';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import { AUDIT_MASKED_VALUE, auditSnapshot, recordAudit } from './audit-repository';

let testApp: TestApp;
const logLines: string[] = [];
let admin: { id: number; email: string; token: string };
let superAdminToken: string;
let customerToken: string;
let domaineAdminToken: string;
let aboutPageId: number;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString('utf8'));
      callback();
    },
  });
  testApp = await createTestApp({ logger: { level: 'debug', stream: logStream } });
  const db = testApp.database.db;
  const created = await createUserWithSession(db, {
    siteId: 91,
    role: 'ADMIN',
    email: 'gerante@salon.example.fr',
  });
  // A password hash on the account: it must never be copied into the journal or the logs.
  await db
    .update(users)
    .set({ passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$hashquinedoitpasfuir' })
    .where(eq(users.id, created.user.id));
  admin = { id: created.user.id, email: created.user.email, token: created.token };
  superAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91 })).token;
  domaineAdminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
  const [about] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.siteId, 91), eq(pages.url, '/qui-sommes-nous')));
  aboutPageId = about!.id;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

function call(...request: RequestAsArguments) {
  return requestAs(testApp.app, ...request);
}

async function entriesOf(siteId: number, entityType: string) {
  return testApp.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.siteId, siteId), eq(auditLog.entityType, entityType)));
}

/** Runs a write and answers the journal entries it added (all types) on its site. */
async function newEntries(
  siteId: number,
  write: () => Promise<{ statusCode: number; body: string }>,
) {
  const before = await testApp.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.siteId, siteId));
  const response = await write();
  expect(response.statusCode, response.body).toBeLessThan(300);
  const known = new Set(before.map((row) => row.id));
  const after = await testApp.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.siteId, siteId));
  return after.filter((row) => !known.has(row.id));
}

describe('GET /admin/audit', () => {
  it('answers a visitor 401 and a customer 403', async () => {
    const visitor = await call(91, 'GET', '/admin/audit', null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
    const customer = await call(91, 'GET', '/admin/audit', customerToken);
    expect(customer.statusCode).toBe(403);
    expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
  });

  it("never shows another site's journal to its administrator", async () => {
    await call(91, 'PUT', '/admin/parameter/COMPANY_NAME', admin.token, {
      value: 'Salon de Camille',
    });
    // Site 92's admin is unknown on 91 (sessions belong to one site)…
    expect((await call(91, 'GET', '/admin/audit', domaineAdminToken)).statusCode).toBe(401);
    // …and on its own site reads none of 91's entries.
    const own = await call(92, 'GET', '/admin/audit', domaineAdminToken);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.list.map((entry: { summary: string }) => entry.summary)).not.toContain(
      expect.stringContaining('COMPANY_NAME'),
    );
  });

  it('answers ADMIN and SUPER_ADMIN the entries newest first, paged and filtered by type', async () => {
    for (const name of ['Salon A', 'Salon B', 'Salon C']) {
      await call(91, 'PUT', '/admin/parameter/COMPANY_NAME', admin.token, { value: name });
    }
    await call(91, 'POST', '/admin/element/bandeau-promotionnel', admin.token, { title: 'Soldes' });
    for (const token of [admin.token, superAdminToken]) {
      const response = await call(91, 'GET', '/admin/audit?nbItem=2&entityType=parameter', token);
      expect(response.statusCode, response.body).toBe(200);
      const { list, total } = response.json().data;
      expect(total).toBeGreaterThanOrEqual(3);
      expect(list).toHaveLength(2);
      for (const entry of list) {
        expect(auditEntrySchema.parse(entry).entityType).toBe('parameter');
      }
      expect(list[0].after).toEqual({ value: 'Salon C' });
      expect(list[0].before).toEqual({ value: 'Salon B' });
      expect(list[1].after).toEqual({ value: 'Salon B' });
      expect(list[0].userEmail).toBe(admin.email);
      const second = await call(
        91,
        'GET',
        '/admin/audit?nbItem=2&page=2&entityType=parameter',
        token,
      );
      expect(second.json().data.list[0].after).toEqual({ value: 'Salon A' });
    }
    const all = await call(91, 'GET', '/admin/audit', admin.token);
    expect(all.json().data.list[0].entityType).toBe('element');
  });

  it('refuses a malformed filter or page with 400, as every bad query', async () => {
    for (const query of ['entityType=Pages%20!', 'page=0', 'nbItem=5000']) {
      const response = await call(91, 'GET', `/admin/audit?${query}`, admin.token);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: null });
    }
  });
});

describe('the existing admin writes', () => {
  it('journal a page content change with the blocks before and after', async () => {
    const [page] = await testApp.database.db
      .select({ blocks: pages.blocks })
      .from(pages)
      .where(eq(pages.id, aboutPageId));
    const blocks = [{ type: 'richText', title: 'Notre histoire', html: '<p>Nouveau texte</p>' }];
    const added = await newEntries(91, () =>
      call(91, 'PUT', `/admin/page/${aboutPageId}/blocks`, admin.token, { blocks }),
    );
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      userId: admin.id,
      userEmail: admin.email,
      action: 'update',
      entityType: 'page',
      entityId: String(aboutPageId),
    });
    expect((added[0]!.before as { blocks: unknown }).blocks).toEqual(page!.blocks);
    expect((added[0]!.after as { blocks: unknown[] }).blocks).toHaveLength(1);
  });

  it('journal a parameter, an element added and removed', async () => {
    const parameter = await newEntries(91, () =>
      call(91, 'PUT', '/admin/parameter/PRIMARY_COLOR', admin.token, { value: '#123456' }),
    );
    expect(parameter).toHaveLength(1);
    expect(parameter[0]).toMatchObject({ entityType: 'parameter', entityId: 'PRIMARY_COLOR' });
    expect(parameter[0]!.after).toEqual({ value: '#123456' });

    let elementId = 0;
    const created = await newEntries(91, async () => {
      const response = await call(91, 'POST', '/admin/element/bandeau-promotionnel', admin.token, {
        title: 'Portes ouvertes',
        backgroundColor: '#ffcc00',
      });
      elementId = response.json().data.id;
      return response;
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ action: 'create', entityType: 'element', before: null });
    expect(created[0]!.after).toMatchObject({
      title: 'Portes ouvertes',
      route: 'bandeau-promotionnel',
    });

    const removed = await newEntries(91, () =>
      call(91, 'DELETE', `/admin/element/bandeau-promotionnel/${elementId}`, admin.token),
    );
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatchObject({
      action: 'delete',
      entityId: String(elementId),
      after: null,
    });
    expect(removed[0]!.before).toMatchObject({ title: 'Portes ouvertes' });
  });

  it('journal a layout preview upload', async () => {
    const body = multipart({
      html: '<section>Accueil</section>',
      image: { filename: 'apercu.png', contentType: 'image/png', data: PNG },
    });
    const added = await newEntries(91, () =>
      siteRequest(testApp.app, 91, {
        method: 'PUT',
        url: `/admin/page/${aboutPageId}/layout/1/preview`,
        headers: { authorization: `Bearer ${admin.token}`, ...body.headers },
        payload: body.payload,
      }),
    );
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: 'publish',
      entityType: 'page-layout',
      entityId: `${aboutPageId}/1`,
      before: null,
    });
    expect(added[0]!.after).toMatchObject({ htmlHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('journal nothing for a refused write', async () => {
    const added = await entriesOf(91, 'parameter');
    const refused = await call(91, 'PUT', '/admin/parameter/PRIMARY_COLOR', admin.token, {
      value: 'rouge',
    });
    expect(refused.statusCode).toBe(422);
    expect(await entriesOf(91, 'parameter')).toHaveLength(added.length);
  });
});

describe('what the journal and the logs keep', () => {
  it('masks secret fields of whatever entity is journaled', async () => {
    expect(
      auditSnapshot({
        email: 'a@b.fr',
        passwordHash: '$argon2id$x',
        nested: { token: 'abc', apiKey: 'k', value: 1 },
        at: new Date('2026-01-02T03:04:05Z'),
      }),
    ).toEqual({
      email: 'a@b.fr',
      passwordHash: AUDIT_MASKED_VALUE,
      nested: { token: AUDIT_MASKED_VALUE, apiKey: AUDIT_MASKED_VALUE, value: 1 },
      at: '2026-01-02T03:04:05.000Z',
    });
    await recordAudit(testApp.database.db, {
      siteId: 91,
      actor: { userId: admin.id, userEmail: admin.email },
      action: 'update',
      entityType: 'user',
      entityId: admin.id,
      summary: 'Compte modifié',
      before: { passwordHash: 'hash-avant' },
      after: { passwordHash: 'hash-apres', token: admin.token },
    });
    const [entry] = (await entriesOf(91, 'user')).slice(-1);
    expect(JSON.stringify(entry)).not.toContain('hash-apres');
    expect(JSON.stringify(entry)).not.toContain(admin.token);
  });

  it('holds no password hash or session token, in the journal or in the logs', async () => {
    const response = await call(91, 'GET', '/admin/audit?nbItem=1000', admin.token);
    const journal = JSON.stringify(response.json().data);
    const [account] = await testApp.database.db.select().from(users).where(eq(users.id, admin.id));
    for (const text of [journal, logLines.join('\n')]) {
      expect(text).not.toContain(account!.passwordHash!);
      expect(text).not.toContain('$argon2id$');
      expect(text).not.toContain(admin.token);
      expect(text).not.toContain(superAdminToken);
    }
    expect(logLines.length).toBeGreaterThan(0);
  });
});
