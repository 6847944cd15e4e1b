import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORM_INVALID_MESSAGE, FORM_NOT_FOUND_MESSAGE, INVALID_CHECKBOX_MESSAGE, INVALID_DATE_MESSAGE, INVALID_EMAIL_FIELD_MESSAGE, INVALID_NUMBER_MESSAGE, INVALID_PHONE_FIELD_MESSAGE, REQUIRED_CHECKBOX_MESSAGE, REQUIRED_FIELD_MESSAGE, SINGLE_OPTION_MESSAGE, UNKNOWN_OPTION_MESSAGE, fileTooLargeMessage, fileTypeRefusedMessage, formSchema, numberTooLargeMessage, numberTooSmallMessage, tooLongMessage, tooShortMessage, type FormFieldInput } from '@comptoir/contract/form';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { formAnswers, forms, mailOutbox, storedFiles } from '../../db/schema';
import { DEFAULT_AUTH_LIMITS } from '../../lib/rate-limits';
import { createLocalStorage } from '../../plugins/storage';
import { MailLimiter } from '../mail';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { JPEG, PNG, multipart, type FilePart, type PartValue } from '../../test/uploads';
import { createFormService } from './form-service';

// The start of a real PDF.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
/** A PNG signature in front of bytes that are no image: passes the type check, fails decoding. */
const BROKEN_PNG = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(64, 7)]);

const SUBMIT_LIMIT = 4;
let testApp: TestApp;
let dataDir: string;
let uploadsDir: string;
let appointmentFormId: number;
let trainingFormId: number;
let everyFieldFormId: number;
let otherSiteFormId: number;

/** A form with one field of each rule, and a broken field the API must skip. */
const everyField: FormFieldInput[] = [
  { key: 'name', label: 'Nom', type: 'TEXT', required: true, minLength: 2, maxLength: 20 },
  { key: 'email', label: 'E-mail', type: 'EMAIL' },
  { key: 'phone', label: 'Téléphone', type: 'PHONE' },
  { key: 'notes', label: 'Notes', type: 'TEXTAREA', maxLength: 30 },
  { key: 'guests', label: 'Invités', type: 'NUMBER', min: 1, max: 12 },
  { key: 'day', label: 'Jour', type: 'DATE' },
  {
    key: 'colour',
    label: 'Couleur',
    type: 'SELECT',
    options: [
      { key: 'prune', label: 'Prune' },
      { key: 'terracotta', label: 'Terracotta' },
    ],
  },
  {
    key: 'extras',
    label: 'Options',
    type: 'SELECT',
    multiple: true,
    options: [
      { key: 'soin', label: 'Soin' },
      { key: 'brushing', label: 'Brushing' },
      { key: 'massage', label: 'Massage' },
    ],
  },
  { key: 'news', label: 'Nouvelles', type: 'CHECKBOX' },
  {
    key: 'document',
    label: 'Document',
    type: 'FILE',
    accept: ['application/pdf'],
    maxSizeMb: 0.01,
  },
];
const brokenField = { key: 'broken', label: 'Cassé', type: 'SELECT' };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-form-test-'));
  uploadsDir = path.join(dataDir, 'uploads');
  await mkdir(uploadsDir);
  testApp = await createTestApp({
    env: { DATA_DIR: dataDir },
    authLimits: { contactMessagePerIp: { max: SUBMIT_LIMIT, timeWindowMs: 60_000 } },
  });
  const db = testApp.database.db;
  const formOf = async (title: string) =>
    (
      await db
        .select({ id: forms.id })
        .from(forms)
        .where(and(eq(forms.siteId, 91), eq(forms.title, title)))
    )[0]!.id;
  appointmentFormId = await formOf('Demande de rendez-vous conseil en image');
  trainingFormId = await formOf('Inscription à la formation conseil en image');
  const [every] = await db
    .insert(forms)
    .values({
      siteId: 91,
      title: 'Tous les champs',
      fields: [...everyField.slice(0, 3), brokenField, ...everyField.slice(3)],
      notifyEmail: 'formulaires@atelier-clemence.fr',
    })
    .returning({ id: forms.id });
  everyFieldFormId = every!.id;
  const [other] = await db
    .insert(forms)
    .values({
      siteId: 92,
      title: 'Réservation d’une dégustation',
      fields: [{ key: 'name', label: 'Nom', type: 'TEXT', required: true }],
    })
    .returning({ id: forms.id });
  otherSiteFormId = other!.id;
});
afterAll(async () => {
  await testApp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

let nextIp = 1;
/** Each submission comes from its own address, so that the per-IP limit only bites where tested. */
function freshIp(): string {
  nextIp += 1;
  return `198.51.100.${nextIp}`;
}

function post(
  action: 'submit' | 'answer/validate',
  formId: number,
  parts: Record<string, PartValue | PartValue[]>,
  options: { siteId?: number; ip?: string } = {},
) {
  const body = multipart(parts);
  return siteRequest(testApp.app, options.siteId ?? 91, {
    method: 'POST',
    url: `/forms/${formId}/${action}`,
    payload: body.payload,
    headers: { ...body.headers, 'x-forwarded-for': options.ip ?? freshIp() },
  });
}

const file = (data: Buffer, filename: string, contentType: string): FilePart => ({
  filename,
  contentType,
  data,
});

const validAppointment = {
  firstname: 'Louise',
  lastname: 'Marchand',
  email: 'louise.marchand@example.fr',
  phone: '06 12 34 56 78',
  service: 'colorimetrie',
  preferredDate: '2026-12-12',
  message: 'Je prépare le mariage de ma sœur et voudrais savoir quelles couleurs porter.',
  consent: 'true',
};

/** Rows and files an answer may leave behind: tests compare them before and after. */
async function footprint() {
  const db = testApp.database.db;
  const [answers] = await db.select({ total: count() }).from(formAnswers);
  const [files] = await db.select({ total: count() }).from(storedFiles);
  return {
    answers: answers!.total,
    files: files!.total,
    stored: (await readdir(uploadsDir)).length,
  };
}

async function mailsTo(recipient: string) {
  await testApp.app.backgroundTasks.idle();
  return testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
}

describe('GET /forms/:id', () => {
  it('describes the appointment form of site 91 with its fields in order', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: `/forms/${appointmentFormId}`,
    });
    expect(response.statusCode).toBe(200);
    const form = formSchema.parse(response.json().data);
    expect(form.title).toBe('Demande de rendez-vous conseil en image');
    expect(form.submitLabel).toBe('Demander un rendez-vous');
    expect(form.fields.map((field) => `${field.key}:${field.type}`)).toEqual([
      'firstname:TEXT',
      'lastname:TEXT',
      'email:EMAIL',
      'phone:PHONE',
      'service:SELECT',
      'preferredDate:DATE',
      'message:TEXTAREA',
      'photo:FILE',
      'consent:CHECKBOX',
    ]);
    expect(form.fields.find((field) => field.key === 'photo')).toMatchObject({
      required: false,
      accept: ['image/jpeg', 'image/png'],
      maxSizeMb: 5,
    });
  });

  it('serves every field of the sample forms (none of them is broken)', async () => {
    for (const id of [appointmentFormId, trainingFormId]) {
      const [stored] = await testApp.database.db.select().from(forms).where(eq(forms.id, id));
      const response = await siteRequest(testApp.app, 91, { method: 'GET', url: `/forms/${id}` });
      expect(formSchema.parse(response.json().data).fields).toHaveLength(stored!.fields.length);
    }
  });

  it('leaves out and logs a stored field that does not match the field schema', async () => {
    const warn = vi.spyOn(testApp.app.log, 'warn');
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: `/forms/${everyFieldFormId}`,
    });
    expect(response.statusCode).toBe(200);
    const keys = formSchema.parse(response.json().data).fields.map((field) => field.key);
    expect(keys).not.toContain('broken');
    expect(keys).toHaveLength(everyField.length);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ formId: everyFieldFormId, index: 3 }),
      expect.stringContaining('Form field skipped'),
    );
    warn.mockRestore();
  });

  it('does not find an unknown form nor the form of another site', async () => {
    for (const [siteId, id] of [
      [91, 999_999],
      [91, otherSiteFormId],
      [92, appointmentFormId],
    ] as const) {
      const response = await siteRequest(testApp.app, siteId, {
        method: 'GET',
        url: `/forms/${id}`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(FORM_NOT_FOUND_MESSAGE);
    }
  });

  it('refuses an id that is not a positive number with 400', async () => {
    const response = await siteRequest(testApp.app, 91, { method: 'GET', url: '/forms/abc' });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /forms/:id/answer/validate', () => {
  it('accepts a valid answer and stores nothing', async () => {
    const before = await footprint();
    const response = await post('answer/validate', appointmentFormId, {
      ...validAppointment,
      photo: file(JPEG, 'portrait.jpg', 'image/jpeg'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: null });
    expect(await footprint()).toEqual(before);
  });

  it('lists every problem with its field, in the order of the form', async () => {
    const { firstname: _firstname, consent: _consent, ...rest } = validAppointment;
    const response = await post('answer/validate', appointmentFormId, {
      ...rest,
      email: 'louise.marchand@',
      phone: '12',
      service: 'teinture',
      preferredDate: '2026-02-30',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      data: null,
      message: FORM_INVALID_MESSAGE,
      errors: [
        { key: 'firstname', error: REQUIRED_FIELD_MESSAGE },
        { key: 'email', error: INVALID_EMAIL_FIELD_MESSAGE },
        { key: 'phone', error: INVALID_PHONE_FIELD_MESSAGE },
        { key: 'service', error: UNKNOWN_OPTION_MESSAGE },
        { key: 'preferredDate', error: INVALID_DATE_MESSAGE },
        { key: 'consent', error: REQUIRED_CHECKBOX_MESSAGE },
      ],
    });
  });

  it.each([
    ['a name too short', { name: 'L' }, 'name', tooShortMessage(2)],
    ['a name too long', { name: 'L'.repeat(21) }, 'name', tooLongMessage(20)],
    ['a blank required name', { name: '   ' }, 'name', REQUIRED_FIELD_MESSAGE],
    ['notes over their limit', { notes: 'x'.repeat(31) }, 'notes', tooLongMessage(30)],
    ['a phone with letters', { phone: '06 12 AB 56 78' }, 'phone', INVALID_PHONE_FIELD_MESSAGE],
    [
      'a French number one digit short',
      { phone: '06 12 34 56 7' },
      'phone',
      INVALID_PHONE_FIELD_MESSAGE,
    ],
    ['a number that is no number', { guests: 'deux' }, 'guests', INVALID_NUMBER_MESSAGE],
    ['a number under the minimum', { guests: '0' }, 'guests', numberTooSmallMessage(1)],
    ['a number over the maximum', { guests: '12,5' }, 'guests', numberTooLargeMessage(12)],
    ['a date in another format', { day: '12/12/2026' }, 'day', INVALID_DATE_MESSAGE],
    [
      'two choices for a single select',
      { colour: ['prune', 'terracotta'] },
      'colour',
      SINGLE_OPTION_MESSAGE,
    ],
    [
      'an unknown option among several',
      { extras: ['soin', 'manucure'] },
      'extras',
      UNKNOWN_OPTION_MESSAGE,
    ],
    [
      'a checkbox value that means nothing',
      { news: 'peut-être' },
      'news',
      INVALID_CHECKBOX_MESSAGE,
    ],
  ])('refuses %s', async (_case, parts, key, error) => {
    const response = await post('answer/validate', everyFieldFormId, { name: 'Léa', ...parts });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([{ key, error }]);
  });

  it.each([
    ['a French mobile with dots', { phone: '06.12.34.56.78' }],
    ['a French number in international form', { phone: '+33 (0)2 51 64 23 18' }],
    ['a Belgian number', { phone: '+32 470 12 34 56' }],
    ['a decimal number with a comma', { guests: '2,5' }],
    ['several known options', { extras: ['soin', 'massage'] }],
    ['a ticked checkbox', { news: 'on' }],
    ['empty optional fields', { email: '', phone: '', notes: '', guests: '', day: '', colour: '' }],
  ])('accepts %s', async (_case, parts) => {
    const response = await post('answer/validate', everyFieldFormId, { name: 'Léa', ...parts });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a part that is no field of the form with 400', async () => {
    const response = await post('answer/validate', appointmentFormId, {
      ...validAppointment,
      isAdmin: 'true',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('isAdmin');
  });

  it('refuses a field sent twice, and a file sent for a text field, with 400', async () => {
    expect(
      (
        await post('answer/validate', appointmentFormId, {
          ...validAppointment,
          email: ['a@b.fr', 'c@d.fr'],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('answer/validate', appointmentFormId, {
          ...validAppointment,
          message: file(PNG, 'message.png', 'image/png'),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses an answer that is not multipart with 415', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'POST',
      url: `/forms/${appointmentFormId}/answer/validate`,
      payload: validAppointment,
    });
    expect(response.statusCode).toBe(415);
  });

  it("does not check an answer to another site's form", async () => {
    const response = await post('answer/validate', otherSiteFormId, { name: 'Léa' });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /forms/:id/submit', () => {
  it('stores the answer and the photo, then mails the site the answers with the file listed', async () => {
    const before = await footprint();
    const response = await post('submit', appointmentFormId, {
      ...validAppointment,
      email: 'stored@example.fr',
      photo: file(PNG, 'mon portrait.png', 'image/png'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: null });

    const db = testApp.database.db;
    const answers = await db
      .select()
      .from(formAnswers)
      .where(and(eq(formAnswers.siteId, 91), eq(formAnswers.formId, appointmentFormId)));
    const answer = answers.find((candidate) => candidate.answers.email === 'stored@example.fr');
    expect(answer?.answers).toEqual({
      firstname: 'Louise',
      lastname: 'Marchand',
      email: 'stored@example.fr',
      phone: '06 12 34 56 78',
      service: 'colorimetrie',
      preferredDate: '2026-12-12',
      message: validAppointment.message,
      consent: true,
    });
    const [photoId] = answer!.files.photo!;
    const [photo] = await db.select().from(storedFiles).where(eq(storedFiles.id, photoId!));
    expect(photo).toMatchObject({
      siteId: 91,
      originalName: 'mon portrait.png',
      mimeType: 'image/png',
      size: PNG.length,
      isCheckedImage: true,
    });
    expect(photo!.storageKey).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(await testApp.app.storage.read(photo!.storageKey)).toEqual(PNG);
    expect(await footprint()).toEqual({
      answers: before.answers + 1,
      files: before.files + 1,
      stored: before.stored + 1,
    });

    const mail = (await mailsTo('contact@atelier-clemence.fr')).find((candidate) =>
      candidate.text.includes('stored@example.fr'),
    );
    expect(mail?.subject).toBe(
      'Nouvelle réponse au formulaire « Demande de rendez-vous conseil en image »',
    );
    expect(mail!.text).toContain('Prestation souhaitée : Bilan colorimétrique (1 h 30)');
    expect(mail!.text).toContain('Date souhaitée : samedi 12 décembre 2026');
    expect(mail!.text).toContain('mon portrait.png (PNG, ');
    expect(mail!.text).toContain('J’accepte que mes informations soient utilisées');
  });

  it('escapes what the visitor typed in the mail to the site', async () => {
    await post('submit', appointmentFormId, {
      ...validAppointment,
      firstname: '<b>Léa</b>',
      email: 'escaped@example.fr',
      message: '<script>alert("x")</script><img src=x onerror=alert(1)>',
    });
    const mail = (await mailsTo('contact@atelier-clemence.fr')).find((candidate) =>
      candidate.text.includes('escaped@example.fr'),
    );
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toContain('<img');
    expect(mail!.html).toContain('&lt;script&gt;');
    expect(mail!.html).toContain('&lt;b&gt;Léa&lt;/b&gt;');
  });

  it('mails the address the form names instead of COMPANY_EMAIL', async () => {
    const response = await post('submit', everyFieldFormId, {
      name: 'Notification',
      extras: ['soin', 'brushing'],
      news: 'true',
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = (await mailsTo('formulaires@atelier-clemence.fr')).find((candidate) =>
      candidate.text.includes('Nom : Notification'),
    );
    expect(mail!.text).toContain('Options : Soin, Brushing');
    expect(mail!.text).toContain('Nouvelles : Oui');
    expect(mail!.text).toContain('Document : aucun fichier');
  });

  it('refuses a PDF named like a PNG, by its content, and stores nothing', async () => {
    const before = await footprint();
    const response = await post('submit', appointmentFormId, {
      ...validAppointment,
      photo: file(PDF, 'portrait.png', 'image/png'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { key: 'photo', error: fileTypeRefusedMessage(['image/jpeg', 'image/png']) },
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a file over its size limit on that field and stores nothing', async () => {
    const before = await footprint();
    const oversized = Buffer.concat([PDF, Buffer.alloc(11 * 1024, 32)]);
    const response = await post('submit', everyFieldFormId, {
      name: 'Léa',
      document: file(oversized, 'devis.pdf', 'application/pdf'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ key: 'document', error: fileTooLargeMessage(0.01) }]);
    expect(await footprint()).toEqual(before);
  });

  it('stops reading a photo one byte over its 5 MB limit', async () => {
    const before = await footprint();
    const oversized = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024 + 1 - JPEG.length, 0)]);
    const response = await post('submit', appointmentFormId, {
      ...validAppointment,
      photo: file(oversized, 'portrait.jpg', 'image/jpeg'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ key: 'photo', error: fileTooLargeMessage(5) }]);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a missing required field and stores nothing', async () => {
    const before = await footprint();
    const { consent: _consent, ...withoutConsent } = validAppointment;
    const response = await post('submit', appointmentFormId, withoutConsent);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ key: 'consent', error: REQUIRED_CHECKBOX_MESSAGE }]);
    expect(await footprint()).toEqual(before);
  });

  it('keeps an image that does not decode as a download only', async () => {
    const response = await post('submit', appointmentFormId, {
      ...validAppointment,
      email: 'broken-image@example.fr',
      photo: file(BROKEN_PNG, 'portrait.png', 'image/png'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const [photo] = await testApp.database.db
      .select()
      .from(storedFiles)
      .where(and(eq(storedFiles.siteId, 91), eq(storedFiles.size, BROKEN_PNG.length)));
    expect(photo).toMatchObject({ mimeType: 'image/png', isCheckedImage: false });
  });

  it('takes a file input left empty for no file', async () => {
    const response = await post('submit', appointmentFormId, {
      ...validAppointment,
      email: 'no-photo@example.fr',
      photo: file(Buffer.alloc(0), '', 'application/octet-stream'),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("does not store an answer to another site's form", async () => {
    const before = await footprint();
    const response = await post('submit', otherSiteFormId, { name: 'Léa' });
    expect(response.statusCode).toBe(404);
    expect(await footprint()).toEqual(before);
    expect(
      (await post('submit', otherSiteFormId, { name: 'Léa' }, { siteId: 92 })).statusCode,
    ).toBe(200);
  });

  it('refuses more answers from one address than the limit allows', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= SUBMIT_LIMIT; attempt += 1) {
      const response = await post('submit', everyFieldFormId, { name: `Essai ${attempt}` }, { ip });
      expect(response.statusCode).toBe(200);
    }
    const refused = await post('submit', everyFieldFormId, { name: 'Essai de trop' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });
});

describe('the form service', () => {
  it('deletes the files it wrote when the answer cannot be stored', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'comptoir-form-rollback-'));
    const { storage } = createLocalStorage(folder);
    const service = createFormService({
      repository: {
        findForm: async () => undefined,
        saveAnswer: async () => {
          throw new Error('the database went away');
        },
      },
      storage,
      readParameters: async () => ({ isOn: () => false, text: () => null, number: () => null }),
      mailer: { transport: 'outbox', send: async () => {}, deliverDue: async () => 0 },
      mailLimiter: new MailLimiter(DEFAULT_AUTH_LIMITS),
      backgroundTasks: testApp.app.backgroundTasks,
      production: false,
      log: testApp.app.log,
    });
    const form = formSchema.parse({
      id: 1,
      title: 'Photos',
      description: null,
      submitLabel: 'Envoyer',
      successMessage: 'Merci',
      fields: [{ key: 'photo', label: 'Photo', type: 'FILE', accept: ['image/png'] }],
    });
    const checked = await service.checkAnswer(form, {
      texts: new Map(),
      files: new Map([['photo', { filename: 'a.png', content: PNG }]]),
    });
    const site = { id: 91, name: 'Test' } as Parameters<typeof service.submit>[0];
    await expect(service.submit(site, { record: {} as never, form }, checked)).rejects.toThrow(
      'the database went away',
    );
    expect(await readdir(folder)).toEqual([]);
    await rm(folder, { recursive: true, force: true });
  });
});
