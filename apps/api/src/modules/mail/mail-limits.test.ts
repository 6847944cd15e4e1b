import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, passwordResetTokens, users } from '../../db/schema';
import { registerCustomer, registrationBody, uniqueEmail } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { mailsTo } from '../../test/mails';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contactMessageMail } from '../contact';
import { registrationNoticeMail } from '../element-registration';
import { welcomeMail } from './account-mails';
import { VISITOR_TEXT_LIMITS } from './mail-layout';
import {
  MailLimiter,
  TOO_MANY_MAILS_TO_ADDRESS_MESSAGE,
  TOO_MANY_MAILS_TO_SITE_MESSAGE,
} from './mail-limits';

const PER_RECIPIENT = 3;
const SITE_INBOX = 4;
const HOUR = 3_600_000;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    authLimits: {
      registerPerIp: { max: 1000, timeWindowMs: HOUR },
      passwordResetAskPerIp: { max: 1000, timeWindowMs: HOUR },
      contactMessagePerIp: { max: 1000, timeWindowMs: HOUR },
      mailsPerRecipient: { max: PER_RECIPIENT, timeWindowMs: HOUR },
      siteInboxMails: { max: SITE_INBOX, timeWindowMs: HOUR },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
});

const tooManyForAddress = {
  success: false,
  data: null,
  message: TOO_MANY_MAILS_TO_ADDRESS_MESSAGE,
};

function askReset(siteId: number, email: string) {
  return siteRequest(testApp.app, siteId, {
    method: 'PUT',
    url: '/password/reset/ask',
    payload: { email },
  });
}

describe('per-recipient limit on reset asks', () => {
  it('answers the same statuses for an account and for an unknown address, then 429', async () => {
    const { email, user } = await registerCustomer(testApp.app, 91);
    const unknown = uniqueEmail('personne');
    const statuses = async (address: string) => {
      const seen: number[] = [];
      for (let attempt = 0; attempt <= PER_RECIPIENT; attempt += 1) {
        const response = await askReset(91, address);
        seen.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json()).toEqual(tooManyForAddress);
      }
      return seen;
    };
    const expected = [...Array<number>(PER_RECIPIENT).fill(200), 429];
    expect(await statuses(email)).toEqual(expected);
    expect(await statuses(unknown)).toEqual(expected);
    // The refused ask made no link and sent no mail.
    const reset = await mailsTo(testApp, email);
    expect(reset.filter((mail) => mail.subject.startsWith('Réinitialisation'))).toHaveLength(
      PER_RECIPIENT,
    );
    const [tokens] = await testApp.database.db
      .select({ total: count() })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(tokens?.total).toBe(PER_RECIPIENT);
    expect(await mailsTo(testApp, unknown)).toEqual([]);
  });

  it('counts each site on its own', async () => {
    const email = uniqueEmail('deux-sites');
    for (let attempt = 0; attempt < PER_RECIPIENT; attempt += 1) await askReset(91, email);
    expect((await askReset(91, email)).statusCode).toBe(429);
    expect((await askReset(92, email)).statusCode).toBe(200);
  });
});

describe('per-recipient limit on registrations', () => {
  it('refuses with 429 and creates no account once the address has had its share', async () => {
    const email = uniqueEmail('inscrite');
    const register = () =>
      siteRequest(testApp.app, 92, {
        method: 'POST',
        url: '/register',
        payload: registrationBody({ email }),
      });
    expect((await register()).statusCode).toBe(200);
    for (let attempt = 1; attempt < PER_RECIPIENT; attempt += 1) {
      expect((await register()).statusCode).toBe(409);
    }
    const refused = await register();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooManyForAddress);
    const accounts = await testApp.database.db.select().from(users).where(eq(users.email, email));
    expect(accounts).toHaveLength(1);
    expect(await mailsTo(testApp, email)).toHaveLength(1);
  });
});

describe("limit on the notices a site's inbox receives", () => {
  it('answers 429 and stores nothing once the site received its share of contact messages', async () => {
    const send = (email: string) =>
      siteRequest(testApp.app, 92, {
        method: 'POST',
        url: '/message',
        payload: {
          firstname: 'Louise',
          lastname: 'Marchand',
          email,
          subject: 'Visite du chai',
          message: 'Bonjour, peut-on visiter le chai samedi prochain avec un groupe de six ?',
          consent: true,
        },
      });
    for (let attempt = 0; attempt < SITE_INBOX; attempt += 1) {
      expect((await send(uniqueEmail('visiteur'))).statusCode).toBe(200);
    }
    const last = uniqueEmail('de-trop');
    const refused = await send(last);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_MAILS_TO_SITE_MESSAGE);
    const stored = await testApp.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, last));
    expect(stored).toEqual([]);
    // Another site's inbox is not affected.
    expect(
      (
        await siteRequest(testApp.app, 91, {
          method: 'POST',
          url: '/message',
          payload: {
            firstname: 'Louise',
            lastname: 'Marchand',
            email: last,
            message: 'Bonjour, je souhaiterais un rendez-vous samedi matin pour une coupe.',
            consent: true,
          },
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('MailLimiter', () => {
  it('counts nothing when it refuses, and lets the address receive again after the window', async () => {
    let now = 0;
    const limiter = new MailLimiter(
      {
        mailsPerRecipient: { max: 1, timeWindowMs: HOUR },
        siteInboxMails: { max: 1, timeWindowMs: HOUR },
      },
      { now: () => now },
    );
    await limiter.admit({ siteId: 91, kind: 'site-notice', siteInbox: true });
    // The recipient is free but the inbox is full: refused, and the recipient not counted.
    await expect(
      limiter.admit({
        siteId: 91,
        kind: 'registration',
        recipients: ['a@example.fr'],
        siteInbox: true,
      }),
    ).rejects.toThrow(TOO_MANY_MAILS_TO_SITE_MESSAGE);
    await limiter.admit({ siteId: 91, kind: 'registration', recipients: ['A@Example.fr '] });
    // Another kind of mail to the same address is counted apart.
    await limiter.admit({ siteId: 91, kind: 'newsletter', recipients: ['a@example.fr'] });
    await expect(
      limiter.admit({ siteId: 91, kind: 'registration', recipients: ['a@example.fr'] }),
    ).rejects.toThrow(TOO_MANY_MAILS_TO_ADDRESS_MESSAGE);
    expect(
      await limiter.allows({ siteId: 91, kind: 'registration', recipients: ['a@example.fr'] }),
    ).toBe(false);
    now += HOUR + 1;
    await expect(
      limiter.admit({ siteId: 91, kind: 'registration', recipients: ['a@example.fr'] }),
    ).resolves.toBeUndefined();
  });

  it('lets simultaneous requests for one address through no more than the limit', async () => {
    const limiter = new MailLimiter({
      mailsPerRecipient: { max: 2, timeWindowMs: HOUR },
      siteInboxMails: { max: 100, timeWindowMs: HOUR },
    });
    const admitted = await Promise.all(
      Array.from({ length: 6 }, () =>
        limiter.allows({ siteId: 92, kind: 'newsletter', recipients: ['b@example.fr'] }),
      ),
    );
    expect(admitted.filter(Boolean)).toHaveLength(2);
  });
});

describe('visitor text in mails', () => {
  const attack = '<img src=x onerror="alert(1)"><a href="https://piege.example">clic</a>';

  it('is escaped in the HTML part of every mail a visitor fills', () => {
    const contact = contactMessageMail({
      siteName: 'Atelier',
      firstname: attack,
      lastname: 'Marchand',
      email: 'louise@example.fr',
      phone: null,
      subject: attack,
      message: attack,
    });
    const notice = registrationNoticeMail({
      siteName: 'Atelier',
      elementTitle: 'Atelier chignons',
      firstname: attack,
      lastname: attack,
      email: 'louise@example.fr',
      phone: null,
      seats: 1,
      message: attack,
      remaining: 3,
      capacity: 5,
      companyEmail: null,
      companyPhone: null,
    });
    const welcome = welcomeMail({
      siteName: 'Atelier',
      firstname: attack,
      email: 'louise@example.fr',
      siteUrl: null,
    });
    for (const mail of [contact, notice, welcome]) {
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('<a href="https://piege');
      expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    }
  });

  it('is capped, whatever length reached the mail', () => {
    const long = 'é'.repeat(20_000);
    const mail = contactMessageMail({
      siteName: 'Atelier',
      firstname: 'L'.repeat(500),
      lastname: 'Marchand',
      email: 'louise@example.fr',
      phone: null,
      subject: 'S'.repeat(1000),
      message: long,
    });
    expect(mail.text).toContain(`${'é'.repeat(VISITOR_TEXT_LIMITS.message - 1)}…`);
    expect(mail.text).not.toContain('é'.repeat(VISITOR_TEXT_LIMITS.message));
    expect(mail.subject).not.toContain('L'.repeat(VISITOR_TEXT_LIMITS.name));
    expect(mail.subject).not.toContain('S'.repeat(VISITOR_TEXT_LIMITS.line));
    expect(mail.text.length).toBeLessThan(VISITOR_TEXT_LIMITS.message + 1000);
  });
});
