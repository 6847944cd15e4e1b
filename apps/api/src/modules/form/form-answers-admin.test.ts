import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import { formAnswerSchema, formWithAnswersSchema } from '@comptoir/contract/admin-forms';
import { FORM_NOT_FOUND_MESSAGE } from '@comptoir/contract/form';
import { formAnswers, forms, storedFiles } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PNG } from '../../test/uploads';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import { csvCell } from '../../lib/csv-export';

let testApp: TestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let domaineAdminToken: string;
let formId: number;
let fileKey: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  adminToken = (await createUserWithSession(db, { siteId: 91, role: 'ADMIN' })).token;
  superAdminToken = (await createUserWithSession(db, { siteId: 91, role: 'SUPER_ADMIN' })).token;
  customerToken = (await createUserWithSession(db, { siteId: 91 })).token;
  domaineAdminToken = (await createUserWithSession(db, { siteId: 92, role: 'ADMIN' })).token;
  const [form] = await db
    .insert(forms)
    .values({
      siteId: 91,
      title: 'Demande de devis été',
      fields: [
        { key: 'name', label: 'Nom', type: 'TEXT', required: true },
        {
          key: 'service',
          label: 'Prestation',
          type: 'SELECT',
          options: [
            { key: 'coupe', label: 'Coupe; brushing' },
            { key: 'couleur', label: 'Couleur' },
          ],
        },
        { key: 'note', label: 'Message', type: 'TEXTAREA' },
        { key: 'rappel', label: 'Être rappelé', type: 'CHECKBOX' },
        { key: 'photo', label: 'Photo', type: 'FILE' },
      ],
    })
    .returning();
  formId = form!.id;
  fileKey = await testApp.app.storage.save(PNG, 'png');
  const [file] = await db
    .insert(storedFiles)
    .values({
      siteId: 91,
      storageKey: fileKey,
      originalName: 'coupe été.png',
      mimeType: 'image/png',
      size: PNG.length,
      isCheckedImage: true,
    })
    .returning();
  await db.insert(formAnswers).values([
    {
      siteId: 91,
      formId,
      answers: {
        name: 'Zoé Lefèvre',
        service: 'coupe',
        note: 'Ligne 1\n"guillemets"',
        rappel: true,
      },
      files: { photo: [file!.id] },
      createdAt: new Date('2026-06-01T08:00:00Z'),
    },
    {
      siteId: 91,
      formId,
      answers: { name: '=HYPERLINK("http://pirate")', service: 'couleur', rappel: false },
      files: {},
      createdAt: new Date('2026-06-02T08:00:00Z'),
    },
  ]);
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

function call(siteId: number, url: string, token: string | null) {
  return siteRequest(testApp.app, siteId, {
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('the role matrix of the form answers routes', () => {
  it('answers a visitor 401, a customer 403, another site 404, ADMIN and SUPER_ADMIN 200', async () => {
    const urls = [
      '/admin/form',
      `/admin/form/${formId}/answer`,
      `/admin/form/${formId}/answer/csv`,
    ];
    for (const url of urls) {
      const visitor = await call(91, url, null);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
      const customer = await call(91, url, customerToken);
      expect(customer.statusCode, url).toBe(403);
      expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
      for (const token of [adminToken, superAdminToken]) {
        expect((await call(91, url, token)).statusCode, url).toBe(200);
      }
    }
    for (const url of urls.slice(1)) {
      const other = await call(92, url, domaineAdminToken);
      expect(other.statusCode, url).toBe(404);
      expect(other.json().message).toBe(FORM_NOT_FOUND_MESSAGE);
    }
    const othersList = await call(92, '/admin/form', domaineAdminToken);
    expect(othersList.json().data.map((form: { id: number }) => form.id)).not.toContain(formId);
  });

  it('refuses a malformed id or page with 400', async () => {
    expect((await call(91, '/admin/form/abc/answer', adminToken)).statusCode).toBe(400);
    expect((await call(91, `/admin/form/${formId}/answer?page=0`, adminToken)).statusCode).toBe(
      400,
    );
  });
});

describe('GET /admin/form and /admin/form/:id/answer', () => {
  it('counts the answers of each form', async () => {
    const response = await call(91, '/admin/form', adminToken);
    const ours = response.json().data.find((form: { id: number }) => form.id === formId);
    expect(formWithAnswersSchema.parse(ours)).toEqual({
      id: formId,
      title: 'Demande de devis été',
      fieldCount: 5,
      answerCount: 2,
      lastAnswerAt: '2026-06-02T08:00:00.000Z',
      pages: [],
    });
  });

  it('lists the answers newest first, as text, with their files', async () => {
    const response = await call(91, `/admin/form/${formId}/answer?nbItem=1&page=2`, adminToken);
    const { list, total, form } = response.json().data;
    expect(total).toBe(2);
    expect(form).toEqual({ id: formId, title: 'Demande de devis été' });
    const answer = formAnswerSchema.parse(list[0]);
    expect(answer.values).toEqual([
      { key: 'name', label: 'Nom', value: 'Zoé Lefèvre' },
      { key: 'service', label: 'Prestation', value: 'Coupe; brushing' },
      { key: 'note', label: 'Message', value: 'Ligne 1\n"guillemets"' },
      { key: 'rappel', label: 'Être rappelé', value: 'Oui' },
      { key: 'photo', label: 'Photo', value: 'coupe été.png' },
    ]);
    expect(answer.files).toEqual([
      {
        key: fileKey,
        name: 'coupe été.png',
        mimeType: 'image/png',
        size: PNG.length,
        fieldKey: 'photo',
        fieldLabel: 'Photo',
      },
    ]);
    const download = await call(91, `/file/${fileKey}`, adminToken);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain(
      "filename*=UTF-8''coupe%20%C3%A9t%C3%A9.png",
    );
    expect(download.rawPayload).toEqual(PNG);
  });
});

describe('GET /admin/form/:id/answer/csv', () => {
  it('exports every answer for French Excel: UTF-8 BOM, `;`, quoted cells, formulas neutralised', async () => {
    const response = await call(91, `/admin/form/${formId}/answer/csv`, adminToken);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="reponses-demande-de-devis-ete.csv"; filename*=UTF-8''reponses-demande-de-devis-ete.csv`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('"Date";"Nom";"Prestation";"Message";"Être rappelé";"Photo"');
    expect(lines[1]).toBe(
      `"02/06/2026 10:00";"'=HYPERLINK(""http://pirate"")";"Couleur";"";"Non";""`,
    );
    expect(lines[2]).toBe(
      '"01/06/2026 10:00";"Zoé Lefèvre";"Coupe; brushing";"Ligne 1\n""guillemets""";"Oui";"coupe été.png"',
    );
    expect(lines[3]).toBe('');
  });

  it('quotes and neutralises each cell', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('+33 6')).toBe(`"'+33 6"`);
    expect(csvCell('-5')).toBe(`"'-5"`);
    expect(csvCell('@x')).toBe(`"'@x"`);
  });
});

describe('what the form answers routes leave alone', () => {
  it('changes nothing (reads only)', async () => {
    const before = await testApp.database.db
      .select()
      .from(formAnswers)
      .where(and(eq(formAnswers.siteId, 91), eq(formAnswers.formId, formId)));
    await call(91, `/admin/form/${formId}/answer/csv`, adminToken);
    const after = await testApp.database.db
      .select()
      .from(formAnswers)
      .where(and(eq(formAnswers.siteId, 91), eq(formAnswers.formId, formId)));
    expect(after).toEqual(before);
  });
});
