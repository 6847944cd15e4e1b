import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoleTokens } from '../../test/admin-roles';
import { requestAs, type RequestAsArguments } from '../../test/http';
import { ADMIN_ONLY_MESSAGE } from '@comptoir/contract/admin';
import {
  CONTACT_MESSAGE_NOT_FOUND_MESSAGE,
  contactMessageSchema,
} from '@comptoir/contract/admin-messages';
import { auditLog, contactMessages } from '../../db/schema';
import { mailsTo } from '../../test/mails';
import { createTestApp, type TestApp } from '../../test/test-app';
import { NOT_LOGGED_IN_MESSAGE } from '../user';

let testApp: TestApp;
let adminToken: string;
let superAdminToken: string;
let customerToken: string;
let domaineAdminToken: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const db = testApp.database.db;
  ({
    admin: adminToken,
    superAdmin: superAdminToken,
    customer: customerToken,
    otherSiteAdmin: domaineAdminToken,
  } = await adminRoleTokens(db, 91, 92));
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

async function storeMessage(
  siteId: number,
  overrides: Partial<typeof contactMessages.$inferInsert> = {},
) {
  const [row] = await testApp.database.db
    .insert(contactMessages)
    .values({
      siteId,
      firstname: 'Louise',
      lastname: 'Marchand',
      email: `louise-${Math.random().toString(36).slice(2, 8)}@example.fr`,
      phone: '06 12 34 56 78',
      subject: 'Rendez-vous coloration',
      message: 'Bonjour,\nje souhaiterais un rendez-vous samedi matin.',
      consent: true,
      ...overrides,
    })
    .returning();
  return row!;
}

function call(...request: RequestAsArguments) {
  return requestAs(testApp.app, ...request);
}

async function journalOf(messageId: number) {
  return testApp.database.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entityType, 'contact-message'), eq(auditLog.entityId, String(messageId))),
    );
}

async function stored(id: number) {
  const [row] = await testApp.database.db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id));
  return row!;
}

const reply = {
  subject: 'Re : Rendez-vous',
  message: 'Bonjour Louise,\nsamedi 10 h vous convient ?',
};

describe('the role matrix of the inbox routes', () => {
  it('answers a visitor 401, a customer 403, another site 404, ADMIN and SUPER_ADMIN 200', async () => {
    const message = await storeMessage(91);
    const routes: Array<['GET' | 'PUT' | 'POST', string, unknown]> = [
      ['GET', '/admin/contact-message', undefined],
      ['GET', `/admin/contact-message/${message.id}`, undefined],
      ['PUT', `/admin/contact-message/${message.id}/read`, { read: true }],
      ['POST', `/admin/contact-message/${message.id}/reply`, reply],
    ];
    for (const [method, url, body] of routes) {
      const visitor = await call(91, method, url, null, body);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(visitor.json().message).toBe(NOT_LOGGED_IN_MESSAGE);
      const customer = await call(91, method, url, customerToken, body);
      expect(customer.statusCode, `${method} ${url}`).toBe(403);
      expect(customer.json().message).toBe(ADMIN_ONLY_MESSAGE);
      if (url !== '/admin/contact-message') {
        // Site 92's administrator, on its own site, names site 91's message: not found.
        const other = await call(92, method, url, domaineAdminToken, body);
        expect(other.statusCode, `${method} ${url}`).toBe(404);
        expect(other.json().message).toBe(CONTACT_MESSAGE_NOT_FOUND_MESSAGE);
      }
    }
    expect((await stored(message.id)).readAt).toBeNull();
    expect(await journalOf(message.id)).toHaveLength(0);
    for (const token of [adminToken, superAdminToken]) {
      for (const [method, url, body] of routes) {
        const response = await call(91, method, url, token, body);
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      }
    }
  });
});

describe('GET /admin/contact-message', () => {
  it("lists the site's messages newest first, with the unread count, and filters the unread", async () => {
    const older = await storeMessage(91, { createdAt: new Date('2026-01-01T10:00:00Z') });
    const newer = await storeMessage(91, { readAt: new Date() });
    await storeMessage(92);
    const all = await call(91, 'GET', '/admin/contact-message?nbItem=1000', adminToken);
    const { list, total, unread } = all.json().data;
    expect(list.map((entry: { id: number }) => entry.id)).toEqual(
      expect.arrayContaining([older.id, newer.id]),
    );
    expect(list.findIndex((e: { id: number }) => e.id === newer.id)).toBeLessThan(
      list.findIndex((e: { id: number }) => e.id === older.id),
    );
    expect(total).toBe(list.length);
    expect(unread).toBe(list.filter((entry: { readAt: string | null }) => !entry.readAt).length);
    const unreadOnly = await call(
      91,
      'GET',
      '/admin/contact-message?unread=true&nbItem=1000',
      adminToken,
    );
    const ids = unreadOnly.json().data.list.map((entry: { id: number }) => entry.id);
    expect(ids).toContain(older.id);
    expect(ids).not.toContain(newer.id);
  });

  it('refuses a malformed filter with 400', async () => {
    expect(
      (await call(91, 'GET', '/admin/contact-message?unread=oui', adminToken)).statusCode,
    ).toBe(400);
  });
});

describe('GET /admin/contact-message/:id', () => {
  it('answers the whole message without marking it read', async () => {
    const message = await storeMessage(91);
    const response = await call(91, 'GET', `/admin/contact-message/${message.id}`, adminToken);
    const data = contactMessageSchema.parse(response.json().data);
    expect(data.message).toBe(message.message);
    expect(data.readAt).toBeNull();
    expect((await stored(message.id)).readAt).toBeNull();
  });
});

describe('PUT /admin/contact-message/:id/read', () => {
  it('marks read then unread, each change journaled', async () => {
    const message = await storeMessage(91);
    const read = await call(91, 'PUT', `/admin/contact-message/${message.id}/read`, adminToken, {
      read: true,
    });
    expect(read.json().data.readAt).not.toBeNull();
    const unread = await call(91, 'PUT', `/admin/contact-message/${message.id}/read`, adminToken, {
      read: false,
    });
    expect(unread.json().data.readAt).toBeNull();
    const journal = await journalOf(message.id);
    expect(journal.map((entry) => entry.action)).toEqual(['read', 'unread']);
    expect(journal[0]!.before).toEqual({ readAt: null });
    expect((journal[0]!.after as { readAt: string }).readAt).toMatch(/^\d{4}-/);
  });

  it('refuses a body without the read flag with 422, changing nothing', async () => {
    const message = await storeMessage(91);
    const response = await call(
      91,
      'PUT',
      `/admin/contact-message/${message.id}/read`,
      adminToken,
      { read: 'oui' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].key).toBe('read');
    expect((await stored(message.id)).readAt).toBeNull();
    expect(await journalOf(message.id)).toHaveLength(0);
  });
});

describe('POST /admin/contact-message/:id/reply', () => {
  it('mails the answer to the visitor from the site, marks the message replied, journals it', async () => {
    const message = await storeMessage(91, {
      message: 'Bonjour <b>salon</b>,\nune question.',
    });
    const response = await call(
      91,
      'POST',
      `/admin/contact-message/${message.id}/reply`,
      adminToken,
      {
        subject: 'Re : votre question\r\nBcc: pirate@example.com',
        message: 'Bonjour <script>alert(1)</script>',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.repliedAt).not.toBeNull();
    expect(response.json().data.readAt).not.toBeNull();
    const [mail] = await mailsTo(testApp, message.email);
    expect(mail).toBeDefined();
    // One line of subject: the visitor's or owner's text never starts a header.
    expect(mail!.subject).toBe('Re : votre question Bcc: pirate@example.com');
    expect(mail!.text).toContain('Bonjour <script>alert(1)</script>');
    expect(mail!.text).toContain('> Bonjour <b>salon</b>,');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;');
    expect(mail!.html).toContain('&lt;b&gt;salon&lt;/b&gt;');
    const journal = await journalOf(message.id);
    expect(journal).toHaveLength(1);
    expect(journal[0]).toMatchObject({ action: 'reply', siteId: 91 });
    expect(journal[0]!.after).toMatchObject({
      replySubject: expect.stringContaining('Re : votre question'),
    });
  });

  it('refuses an empty answer with 422: no mail, nothing recorded', async () => {
    const message = await storeMessage(91);
    const response = await call(
      91,
      'POST',
      `/admin/contact-message/${message.id}/reply`,
      adminToken,
      {
        subject: ' ',
        message: '',
      },
    );
    expect(response.statusCode).toBe(422);
    expect(
      response
        .json()
        .errors.map((error: { key: string }) => error.key)
        .sort(),
    ).toEqual(['message', 'subject']);
    expect(await mailsTo(testApp, message.email)).toHaveLength(0);
    expect((await stored(message.id)).repliedAt).toBeNull();
    expect(await journalOf(message.id)).toHaveLength(0);
  });
});
