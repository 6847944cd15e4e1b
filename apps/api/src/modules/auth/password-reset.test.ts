import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_LINK_INVALID_MESSAGE } from '@comptoir/contract/auth';
import { PASSWORD_IS_EMAIL_MESSAGE, PASSWORD_RULE_MESSAGE } from '@comptoir/domain/password-strength';
import { mailOutbox, passwordResetTokens } from '../../db/schema';
import { bearer, login, registerCustomer, RELAXED_AUTH_LIMITS, TEST_PASSWORD, uniqueEmail } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { deliverMails } from '../../test/mails';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashSessionToken } from '../user';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ authLimits: RELAXED_AUTH_LIMITS });
});
afterAll(async () => {
  await testApp?.close();
});

function askReset(app: TestApp['app'], siteId: number, email: string, headers = {}) {
  return siteRequest(app, siteId, {
    method: 'PUT',
    url: '/password/reset/ask',
    payload: { email },
    headers,
  });
}

function reset(token: string, password: string) {
  return siteRequest(testApp.app, 91, {
    method: 'PUT',
    url: '/password/reset',
    payload: { token, password },
  });
}

const LINK = /(https?:\/\/\S+\/password\/reset\/([A-Za-z0-9_-]+))/;

/** The reset link of the last mail kept for this address. */
async function resetLinkFor(app: TestApp, email: string): Promise<{ url: string; token: string }> {
  await app.app.backgroundTasks.idle();
  const [mail] = await app.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  const match = mail ? LINK.exec(mail.text) : null;
  if (!match?.[1] || !match[2]) throw new Error(`No reset link was mailed to ${email}`);
  return { url: match[1], token: match[2] };
}

describe('PUT /password/reset/ask', () => {
  it('mails a French link to /password/reset/{token} built from the site URL, not the Host header', async () => {
    const { email } = await registerCustomer(testApp.app, 91, { firstname: 'Maëlle' });
    const response = await askReset(testApp.app, 91, email, {
      host: 'piege.example.com',
      'x-forwarded-host': 'piege.example.com',
    });
    expect(response.statusCode).toBe(200);
    const { url, token } = await resetLinkFor(testApp, email);
    expect(url).toBe(`http://localhost:3000/password/reset/${token}`);
    const [mail] = await testApp.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    expect(mail?.subject).toBe("Réinitialisation de votre mot de passe – L'Atelier de Clémence");
    expect(mail?.text).toContain('Bonjour Maëlle,');
    expect(mail?.text).toContain('valable une heure');
    expect(mail?.html).toContain(`href="${url}"`);
    expect(mail?.text).not.toContain('piege');
  });

  it('stores only the hash of the token, valid for one hour', async () => {
    const { email, user } = await registerCustomer(testApp.app, 91);
    await askReset(testApp.app, 91, email);
    const { token } = await resetLinkFor(testApp, email);
    const [row] = await testApp.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row?.tokenHash).toBe(hashSessionToken(token));
    expect(row?.tokenHash).not.toContain(token);
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(3_590_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const { email } = await registerCustomer(testApp.app, 91);
    const unknown = uniqueEmail('inconnu');
    const known = await askReset(testApp.app, 91, email);
    const notKnown = await askReset(testApp.app, 91, unknown);
    expect(notKnown.statusCode).toBe(known.statusCode);
    expect(notKnown.body).toBe(known.body);
    expect(notKnown.json()).toEqual({ success: true, data: null, message: null });
    const headerNames = (response: typeof known) =>
      Object.keys(response.headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort();
    expect(headerNames(notKnown)).toEqual(headerNames(known));
    await testApp.app.backgroundTasks.idle();
    expect(
      await testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, unknown)),
    ).toEqual([]);
  });

  it('answers before looking the address up, so the answer time says nothing of the account', async () => {
    const { email, user } = await registerCustomer(testApp.app, 91);
    await testApp.app.backgroundTasks.idle();
    // Hold the background work: both answers must arrive while it has not even started.
    const held: (() => void)[] = [];
    const run = testApp.app.backgroundTasks.run.bind(testApp.app.backgroundTasks);
    const spy = vi
      .spyOn(testApp.app.backgroundTasks, 'run')
      .mockImplementation((description, task) =>
        run(description, () => new Promise<void>((resolve) => held.push(resolve)).then(task)),
      );
    try {
      const known = await askReset(testApp.app, 91, email);
      const unknown = await askReset(testApp.app, 91, uniqueEmail('inconnu'));
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(held).toHaveLength(2);
      expect(
        await testApp.database.db
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.userId, user.id)),
      ).toEqual([]);
    } finally {
      spy.mockRestore();
      for (const release of held) release();
    }
    expect((await resetLinkFor(testApp, email)).token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('does not mail a link for an account of another site', async () => {
    const { email, user } = await registerCustomer(testApp.app, 92);
    await askReset(testApp.app, 91, email);
    await testApp.app.backgroundTasks.idle();
    expect(
      await testApp.database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.userId, user.id)),
    ).toEqual([]);
    const mails = await testApp.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email));
    expect(mails).toEqual([{ subject: 'Bienvenue sur le site Domaine des Trois Coteaux' }]);
  });

  it('links to the prodUrl when the API runs in production', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production' },
      authLimits: RELAXED_AUTH_LIMITS,
    });
    try {
      const { email } = await registerCustomer(production.app, 92);
      await askReset(production.app, 92, email);
      const { url, token } = await resetLinkFor(production, email);
      expect(url).toBe(`https://www.domaine-trois-coteaux.fr/password/reset/${token}`);
    } finally {
      await production.close();
    }
  });
});

describe('PUT /password/reset', () => {
  it('sets the new password, uses the token up and revokes every session', async () => {
    const { email, token: sessionToken } = await registerCustomer(testApp.app, 91);
    await askReset(testApp.app, 91, email);
    const { token } = await resetLinkFor(testApp, email);

    const response = await reset(token, 'Nouveau-depart-2026');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null, message: null });

    const stale = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/logged',
      headers: bearer(sessionToken),
    });
    expect(stale.json().data).toBe(false);
    expect((await login(testApp.app, 91, email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(testApp.app, 91, email, 'Nouveau-depart-2026')).statusCode).toBe(200);

    const again = await reset(token, 'Encore-une-fois-2026');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(RESET_LINK_INVALID_MESSAGE);
  });

  it('lets exactly one of ten concurrent uses of a token succeed', async () => {
    const { email } = await registerCustomer(testApp.app, 91);
    await askReset(testApp.app, 91, email);
    const { token } = await resetLinkFor(testApp, email);

    const passwords = Array.from({ length: 10 }, (_, index) => `Concurrent-${index}-2026`);
    const responses = await Promise.all(passwords.map((password) => reset(token, password)));
    const succeeded = responses.flatMap((response, index) =>
      response.statusCode === 200 ? [passwords[index]!] : [],
    );
    expect(succeeded).toHaveLength(1);
    for (const response of responses.filter((answer) => answer.statusCode !== 200)) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(RESET_LINK_INVALID_MESSAGE);
    }
    expect((await login(testApp.app, 91, email, succeeded[0]!)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { email, user } = await registerCustomer(testApp.app, 91);
    await askReset(testApp.app, 91, email);
    const { token } = await resetLinkFor(testApp, email);
    await testApp.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    const response = await reset(token, 'Trop-tard-2026');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(RESET_LINK_INVALID_MESSAGE);
    expect((await login(testApp.app, 91, email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('only honours the latest link when several were asked for', async () => {
    const { email } = await registerCustomer(testApp.app, 91);
    await askReset(testApp.app, 91, email);
    const first = await resetLinkFor(testApp, email);
    await askReset(testApp.app, 91, email);
    const second = await resetLinkFor(testApp, email);
    expect(second.token).not.toBe(first.token);
    expect((await reset(first.token, 'Premier-lien-2026')).statusCode).toBe(400);
    expect((await reset(second.token, 'Second-lien-2026')).statusCode).toBe(200);
  });

  it("refuses another site's token", async () => {
    const { email } = await registerCustomer(testApp.app, 92);
    await askReset(testApp.app, 92, email);
    const { token } = await resetLinkFor(testApp, email);
    expect((await reset(token, 'Mauvais-site-2026')).statusCode).toBe(400);
  });

  it('refuses an unknown token, a weak password and the e-mail address as password', async () => {
    expect((await reset('pas-un-jeton', 'Valable-2026')).json().message).toBe(
      RESET_LINK_INVALID_MESSAGE,
    );

    const { email } = await registerCustomer(testApp.app, 91);
    await askReset(testApp.app, 91, email);
    const { token } = await resetLinkFor(testApp, email);
    const weak = await reset(token, 'faible');
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual([{ key: 'password', error: PASSWORD_RULE_MESSAGE }]);
    const sameAsEmail = await reset(token, email);
    expect(sameAsEmail.statusCode).toBe(422);
    expect(sameAsEmail.json().errors).toEqual([
      { key: 'password', error: PASSWORD_IS_EMAIL_MESSAGE },
    ]);
    // Refused attempts do not use the token up.
    expect((await reset(token, 'Enfin-valable-2026')).statusCode).toBe(200);
  });
});

/** Decodes the text/plain part of a raw MIME message (quoted-printable or base64). */
function plainTextOf(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const plain = parts.find((part) => /content-type:\s*text\/plain/i.test(part)) ?? raw;
  const [headers = '', ...bodyLines] = plain.split(/\r?\n\r?\n/);
  const body = bodyLines.join('\n\n');
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

describe('password reset through a real SMTP server', () => {
  it('delivers the link by SMTP, and the token it carries resets the password', async () => {
    const received: { from: string; to: string[]; raw: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    const smtpApp = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      authLimits: RELAXED_AUTH_LIMITS,
      // The test runs the job itself.
      mailDelivery: { intervalMs: 3_600_000 },
    });
    try {
      const { email } = await registerCustomer(smtpApp.app, 91);
      await askReset(smtpApp.app, 91, email);
      // The request only queued the mails; the mail-delivery job sends them.
      expect(received).toEqual([]);
      expect(await deliverMails(smtpApp)).toBe(2);

      // The welcome mail arrives too: the reset mail is the one carrying a link.
      const resetMail = received.find((mail) => LINK.test(plainTextOf(mail.raw)));
      expect(resetMail).toBeDefined();
      expect(resetMail!.to).toEqual([email]);
      expect(resetMail!.from).toBe('ne-pas-repondre@atelier-clemence.fr');
      expect(resetMail!.raw).toMatch(/^Reply-To: contact@atelier-clemence\.fr/m);
      const token = LINK.exec(plainTextOf(resetMail!.raw))![2]!;

      // Both left by SMTP at the first attempt; their rows say so.
      const rows = await smtpApp.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, email));
      expect(rows.map(({ status, attempts }) => ({ status, attempts }))).toEqual([
        { status: 'sent', attempts: 1 },
        { status: 'sent', attempts: 1 },
      ]);

      const response = await siteRequest(smtpApp.app, 91, {
        method: 'PUT',
        url: '/password/reset',
        payload: { token, password: 'Par-courrier-2026' },
      });
      expect(response.statusCode).toBe(200);
      expect((await login(smtpApp.app, 91, email, 'Par-courrier-2026')).statusCode).toBe(200);
    } finally {
      await smtpApp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
