import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENT_REQUIRED_MESSAGE,
  MESSAGE_TOO_SHORT_MESSAGE,
  companyAddressSchema,
} from '@comptoir/contract/contact';
import { INVALID_EMAIL_MESSAGE } from '@comptoir/contract/account-fields';
import { TOO_MANY_ATTEMPTS_MESSAGE } from '@comptoir/contract/auth';
import { contactMessages, mailOutbox, siteParameters } from '../../db/schema';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: { contactMessagePerIp: { max: 3, timeWindowMs: 60_000 } },
  });
});
afterAll(async () => {
  await testApp?.close();
});

let nextIp = 1;
/** Each test posts from its own address so that the per-IP limit only bites where it is tested. */
function freshIp(): string {
  nextIp += 1;
  return `203.0.113.${nextIp}`;
}

const validMessage = {
  firstname: 'Louise',
  lastname: 'Marchand',
  email: 'louise.marchand@example.fr',
  phone: '06 12 34 56 78',
  subject: 'Rendez-vous coloration',
  message: 'Bonjour, je souhaiterais un rendez-vous samedi matin pour une coloration.',
  consent: true,
};

function postMessage(siteId: number, body: unknown, ip = freshIp()) {
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: '/message',
    headers: { 'x-forwarded-for': ip },
    payload: body as Record<string, unknown>,
  });
}

function storedMessages(siteId: number, email: string) {
  return testApp.database.db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.siteId, siteId), eq(contactMessages.email, email)));
}

function mailsTo(siteId: number, recipient: string) {
  return testApp.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.siteId, siteId), eq(mailOutbox.recipient, recipient)));
}

describe('POST /message', () => {
  it('stores the message and mails it to the company address of the site', async () => {
    const email = 'stored@example.fr';
    const response = await postMessage(91, { ...validMessage, email });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: null });

    const [stored] = await storedMessages(91, email);
    expect(stored).toMatchObject({
      firstname: 'Louise',
      lastname: 'Marchand',
      phone: '06 12 34 56 78',
      subject: 'Rendez-vous coloration',
      message: validMessage.message,
      consent: true,
    });
    expect(await storedMessages(92, email)).toHaveLength(0);

    const mails = await mailsTo(91, 'contact@atelier-clemence.fr');
    const mail = mails.find((candidate) => candidate.text.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.subject).toContain('Louise Marchand');
    expect(mail!.text).toContain(validMessage.message);
    expect(mail!.html).toContain('Rendez-vous coloration');
  });

  it('escapes what the visitor typed in the mail to the company', async () => {
    const email = 'escaped@example.fr';
    await postMessage(91, {
      ...validMessage,
      email,
      firstname: '<b>Léa</b>',
      message: '<script>alert("x")</script> je voudrais un devis',
    });
    const mail = (await mailsTo(91, 'contact@atelier-clemence.fr')).find((candidate) =>
      candidate.text.includes(email),
    );
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;');
    expect(mail!.html).toContain('&lt;b&gt;Léa&lt;/b&gt;');
  });

  it('accepts a message without phone nor subject', async () => {
    const email = 'minimal@example.fr';
    const { phone: _phone, subject: _subject, ...minimal } = validMessage;
    const response = await postMessage(92, { ...minimal, email });
    expect(response.statusCode).toBe(200);
    const [stored] = await storedMessages(92, email);
    expect(stored).toMatchObject({ phone: null, subject: null });
    expect(await mailsTo(92, 'contact@domaine-trois-coteaux.fr')).not.toHaveLength(0);
  });

  it('refuses a short message, a bad address and a missing consent with one error per field', async () => {
    const email = 'invalid@example';
    const response = await postMessage(91, {
      ...validMessage,
      email,
      message: 'Bonjour',
      consent: false,
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { key: 'message', error: MESSAGE_TOO_SHORT_MESSAGE },
        { key: 'email', error: INVALID_EMAIL_MESSAGE },
        { key: 'consent', error: CONSENT_REQUIRED_MESSAGE },
      ]),
    );
    expect(await storedMessages(91, email)).toHaveLength(0);
  });

  it('keeps the message when the site has no company address to mail it to', async () => {
    const email = 'no-company-mail@example.fr';
    await testApp.database.db
      .update(siteParameters)
      .set({ value: null })
      .where(and(eq(siteParameters.siteId, 92), eq(siteParameters.type, 'COMPANY_EMAIL')));
    testApp.app.siteCache.invalidateSite(92, 'parameters');
    const response = await postMessage(92, { ...validMessage, email });
    expect(response.statusCode).toBe(200);
    expect(await storedMessages(92, email)).toHaveLength(1);
  });

  it('refuses more messages from one address than the limit allows', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const response = await postMessage(
        91,
        { ...validMessage, email: `limit${attempt}@example.fr` },
        ip,
      );
      expect(response.statusCode).toBe(200);
    }
    const refused = await postMessage(91, { ...validMessage, email: 'limit4@example.fr' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      data: null,
      message: TOO_MANY_ATTEMPTS_MESSAGE,
    });
    expect(await storedMessages(91, 'limit4@example.fr')).toHaveLength(0);
    expect(
      (await postMessage(91, { ...validMessage, email: 'other-ip@example.fr' })).statusCode,
    ).toBe(200);
  });
});

describe('GET /company/address', () => {
  it("lists the site's head office with its country", async () => {
    const response = await siteRequest(testApp.app, 91, { method: 'GET', url: '/company/address' });
    expect(response.statusCode).toBe(200);
    const addresses = companyAddressSchema.array().parse(response.json().data);
    expect(addresses).toEqual([
      expect.objectContaining({
        addressLine1: '12 rue du Bocage',
        postalCode: '85590',
        city: 'Saint-Malo-du-Bois',
        countryName: 'France',
        types: ['HEAD_OFFICE', 'SHOP'],
      }),
    ]);
  });

  it("never shows another site's addresses", async () => {
    const response = await siteRequest(testApp.app, 92, { method: 'GET', url: '/company/address' });
    const addresses = companyAddressSchema.array().parse(response.json().data);
    expect(addresses.map((address) => address.city)).toEqual(['Bellevigne-en-Layon']);
  });
});

describe('GET /admin/address/type', () => {
  it('lists the address types with their French labels, without logging in', async () => {
    const response = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/admin/address/type',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { value: 'HEAD_OFFICE', label: 'Siège social' },
      { value: 'SHOP', label: 'Boutique' },
      { value: 'WAREHOUSE', label: 'Entrepôt' },
      { value: 'PICKUP_POINT', label: 'Point de retrait' },
    ]);
  });
});
