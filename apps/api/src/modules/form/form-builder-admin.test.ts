import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { FORM_FIELD_LABEL_MESSAGE, FORM_IN_USE_MESSAGE, FORM_OPTIONS_MESSAGE, FORM_TITLE_MESSAGE, adminFormSchema, type FormDefinitionInput } from '@comptoir/contract/admin-forms';
import { FORM_NOT_FOUND_MESSAGE, formSchema } from '@comptoir/contract/form';
import { auditLog, formAnswers, forms, pages } from '../../db/schema';
import { bearer } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { startStorefrontStandIn } from '../../test/storefront-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_LOGGED_IN_MESSAGE } from '../user';

let storefront: Awaited<ReturnType<typeof startStorefrontStandIn>>;
let testApp: TestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let domaineAdminToken: string;

beforeAll(async () => {
  storefront = await startStorefrontStandIn();
  testApp = await createTestApp({ env: storefront.env });
  const db = testApp.database.db;
  adminToken = (
    await createUserWithSession(db, {
      siteId: 91,
      role: 'ADMIN',
      email: 'gerante@salon.example.fr',
    })
  ).token;
  superAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91, role: 'CUSTOMER' })).token;
  domaineAdminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
}, 120_000);

afterAll(async () => {
  await testApp?.close();
  await storefront?.close();
});

beforeEach(async () => {
  await testApp.app.backgroundTasks.idle();
  storefront.revalidated.length = 0;
});

async function revalidations(): Promise<string[][]> {
  await testApp.app.backgroundTasks.idle();
  return [...storefront.revalidated];
}

function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string | null; siteId?: number; payload?: unknown } = {},
) {
  const token = options.token === undefined ? adminToken : options.token;
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    headers: token ? bearer(token) : {},
  });
}

function definition(overrides: Partial<FormDefinitionInput> = {}): FormDefinitionInput {
  return {
    title: 'Demande de rendez-vous',
    description: 'Dites-nous ce qui vous amène.',
    submitLabel: 'Demander un rendez-vous',
    successMessage: 'Merci, nous vous rappelons sous 48 heures.',
    notifyEmail: '',
    fields: [
      { key: 'champ_1', label: 'Votre nom', type: 'TEXT', required: true, maxLength: 80 },
      {
        key: 'champ_2',
        label: 'Prestation',
        type: 'SELECT',
        required: true,
        options: [
          { key: 'coupe', label: 'Coupe' },
          { key: 'couleur', label: 'Couleur' },
        ],
        // A property of another type, left by the builder: dropped, not refused.
        maxSizeMb: 3,
      },
      {
        key: 'champ_3',
        label: 'Photo de vos cheveux',
        type: 'FILE',
        required: false,
        accept: ['image/jpeg', 'image/png'],
        maxSizeMb: 2,
      },
    ],
    ...overrides,
  };
}

async function createOne(overrides: Partial<FormDefinitionInput> = {}) {
  const response = await send('POST', '/admin/form', { payload: definition(overrides) });
  expect(response.statusCode, response.body).toBe(200);
  return adminFormSchema.parse(response.json().data);
}

async function formCount(siteId: number): Promise<number> {
  const [row] = await testApp.database.db
    .select({ total: count() })
    .from(forms)
    .where(eq(forms.siteId, siteId));
  return row!.total;
}

describe('the role matrix of the form builder', () => {
  it('answers a visitor 401, a customer 403, another site 404, ADMIN and SUPER_ADMIN 200', async () => {
    const form = await createOne();
    const calls = [
      { method: 'GET' as const, url: `/admin/form/${form.id}` },
      { method: 'PUT' as const, url: `/admin/form/${form.id}`, payload: definition() },
      { method: 'POST' as const, url: '/admin/form', payload: definition() },
    ];
    for (const call of calls) {
      const visitor = await send(call.method, call.url, { ...call, token: null });
      expect(visitor.statusCode, call.url).toBe(401);
      expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
      const customer = await send(call.method, call.url, { ...call, token: customerToken });
      expect(customer.statusCode, call.url).toBe(403);
      expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
      for (const token of [adminToken, superAdminToken]) {
        expect((await send(call.method, call.url, { ...call, token })).statusCode).toBe(200);
      }
    }
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const other = await send(method, `/admin/form/${form.id}`, {
        siteId: 92,
        token: domaineAdminToken,
        ...(method === 'PUT' ? { payload: definition() } : {}),
      });
      expect(other.statusCode, method).toBe(404);
      expect(other.json().message).toBe(FORM_NOT_FOUND_MESSAGE);
    }
    const visitorDelete = await send('DELETE', `/admin/form/${form.id}`, { token: null });
    expect(visitorDelete.statusCode).toBe(401);
    const customerDelete = await send('DELETE', `/admin/form/${form.id}`, {
      token: customerToken,
    });
    expect(customerDelete.statusCode).toBe(403);
    expect(
      (await send('DELETE', `/admin/form/${form.id}`, { token: superAdminToken })).statusCode,
    ).toBe(200);
  }, 90_000);
});

describe('POST /admin/form', () => {
  it('creates a form the storefront reads, keeps only what each type uses, and journals it', async () => {
    const form = await createOne();
    expect(form.fields[1]).toEqual({
      key: 'champ_2',
      label: 'Prestation',
      type: 'SELECT',
      required: true,
      options: [
        { key: 'coupe', label: 'Coupe' },
        { key: 'couleur', label: 'Couleur' },
      ],
      multiple: false,
    });
    expect(form).toMatchObject({ answerCount: 0, pages: [], notifyEmail: null });
    const publicForm = await send('GET', `/forms/${form.id}`, { token: null });
    expect(formSchema.parse(publicForm.json().data).fields.map((field) => field.type)).toEqual([
      'TEXT',
      'SELECT',
      'FILE',
    ]);
    const [entry] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 91), eq(auditLog.entityType, 'form')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'create',
      entityId: String(form.id),
      userEmail: 'gerante@salon.example.fr',
      summary: 'Formulaire « Demande de rendez-vous » créé',
      before: null,
    });
    // On no page yet: nothing the storefront shows has changed.
    expect(await revalidations()).toEqual([]);
  });

  it('refuses bad input with 422 and French messages, and writes nothing', async () => {
    const before = await formCount(91);
    const cases: [Partial<FormDefinitionInput>, string, string][] = [
      [{ title: '  ' }, 'title', FORM_TITLE_MESSAGE],
      [
        { fields: [{ key: 'champ_1', label: '', type: 'TEXT', required: false }] },
        'fields.0.label',
        FORM_FIELD_LABEL_MESSAGE,
      ],
      [
        { fields: [{ key: 'champ_1', label: 'Choix', type: 'SELECT', required: false }] },
        'fields.0.options',
        FORM_OPTIONS_MESSAGE,
      ],
    ];
    for (const [overrides, key, error] of cases) {
      const response = await send('POST', '/admin/form', { payload: definition(overrides) });
      expect(response.statusCode, key).toBe(422);
      expect(response.json().errors).toContainEqual({ key, error });
    }
    const tooBig = await send('POST', '/admin/form', {
      payload: definition({
        fields: [{ key: 'f', label: 'Pièce', type: 'FILE', required: false, maxSizeMb: 50 }],
      }),
    });
    expect(tooBig.statusCode).toBe(422);
    expect(await formCount(91)).toBe(before);
  });
});

describe('PUT /admin/form/:id', () => {
  it('replaces the fields in the new order, journals before and after, and refreshes the storefront forms', async () => {
    const form = await createOne();
    const [name, choice, file] = definition().fields;
    const response = await send('PUT', `/admin/form/${form.id}`, {
      payload: definition({
        title: 'Rendez-vous',
        fields: [choice!, { ...name!, label: 'Nom et prénom' }, { ...file!, type: 'TEXTAREA' }],
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = adminFormSchema.parse(response.json().data);
    expect(updated.fields.map((field) => field.label)).toEqual([
      'Prestation',
      'Nom et prénom',
      'Photo de vos cheveux',
    ]);
    // The file limits went with the type.
    expect(updated.fields[2]).toEqual({
      key: 'champ_3',
      label: 'Photo de vos cheveux',
      type: 'TEXTAREA',
      required: false,
    });
    const [entry] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 91), eq(auditLog.entityType, 'form')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'update',
      summary: 'Formulaire « Rendez-vous » modifié',
    });
    expect((entry!.before as { title: string }).title).toBe('Demande de rendez-vous');
    expect((entry!.after as { title: string }).title).toBe('Rendez-vous');
    expect(await revalidations()).toEqual([['site:91:forms']]);
  });

  it('changes nothing on a 422', async () => {
    const form = await createOne();
    const response = await send('PUT', `/admin/form/${form.id}`, {
      payload: definition({ title: '' }),
    });
    expect(response.statusCode).toBe(422);
    const [row] = await testApp.database.db.select().from(forms).where(eq(forms.id, form.id));
    expect(row!.title).toBe('Demande de rendez-vous');
    expect(await revalidations()).toEqual([]);
  });
});

describe('DELETE /admin/form/:id', () => {
  it('refuses a form a page shows (409), then deletes it with its answers once removed', async () => {
    const db = testApp.database.db;
    const form = await createOne();
    const [page] = await db
      .insert(pages)
      .values({
        siteId: 91,
        url: `/rendez-vous-${form.id}`,
        title: 'Prendre rendez-vous',
        isCmsPage: true,
        blocks: [{ type: 'form', formId: form.id }],
      })
      .returning();
    const shown = await send('GET', `/admin/form/${form.id}`);
    expect(shown.json().data.pages).toEqual([
      { id: page!.id, title: 'Prendre rendez-vous', url: `/rendez-vous-${form.id}` },
    ]);
    const list = await send('GET', '/admin/form');
    const listed = list.json().data.find((entry: { id: number }) => entry.id === form.id);
    expect(listed).toMatchObject({ fieldCount: 3, pages: [{ id: page!.id }] });

    const refused = await send('DELETE', `/admin/form/${form.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(FORM_IN_USE_MESSAGE);

    await db.update(pages).set({ blocks: [] }).where(eq(pages.id, page!.id));
    await db
      .insert(formAnswers)
      .values({ siteId: 91, formId: form.id, answers: { champ_1: 'Léa' } });
    const deleted = await send('DELETE', `/admin/form/${form.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await send('GET', `/admin/form/${form.id}`).then((r) => r.statusCode)).toBe(404);
    const answers = await db.select().from(formAnswers).where(eq(formAnswers.formId, form.id));
    expect(answers).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 91), eq(auditLog.entityType, 'form')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ action: 'delete', after: null });
    expect(await revalidations()).toEqual([['site:91:forms']]);
  });
});
