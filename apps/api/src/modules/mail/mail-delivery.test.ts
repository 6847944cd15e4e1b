import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { RELAXED_AUTH_LIMITS, registrationBody, uniqueEmail } from '../../test/accounts';
import { siteRequest } from '../../test/http';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeDeliveryError } from '../../lib/mail-delivery';

/**
 * A fake SMTP peer on 127.0.0.1 whose answer depends on the recipient: `flaky-…` addresses
 * are refused twice (451, a passing hiccup) then accepted, `refuse-…` addresses always (550,
 * quoting the address as real servers do), `slow-…` accepted after a while, any other at once.
 */
const attemptsByRecipient = new Map<string, number>();
const accepted: { to: string; subject: string }[] = [];
let slowInProgress = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const recipient = address.address;
    const attempt = (attemptsByRecipient.get(recipient) ?? 0) + 1;
    attemptsByRecipient.set(recipient, attempt);
    if (recipient.startsWith('refuse-')) {
      callback(
        Object.assign(new Error(`5.1.1 <${recipient}>: Recipient address rejected`), {
          responseCode: 550,
        }),
      );
    } else if (recipient.startsWith('flaky-') && attempt <= 2) {
      callback(Object.assign(new Error('4.3.2 Try again later'), { responseCode: 451 }));
    } else {
      callback();
    }
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
      const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
      const accept = () => {
        for (const to of recipients) accepted.push({ to, subject });
        callback();
      };
      // `slow-…` mails take 300 ms to be accepted: time to stop the app meanwhile.
      if (recipients.some((to) => to.startsWith('slow-'))) {
        slowInProgress += 1;
        setTimeout(accept, 300);
      } else {
        accept();
      }
    });
  },
});

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

const MAX_ATTEMPTS = 4;
let testApp: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  testApp = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    authLimits: RELAXED_AUTH_LIMITS,
    logger: { level: 'info', stream: logStream },
    // The job as it runs in production, only faster: every 100 ms, retries 50 ms apart.
    mailDelivery: {
      intervalMs: 100,
      delivery: { maxAttempts: MAX_ATTEMPTS, retryDelayMs: () => 50 },
    },
  });
});
afterAll(async () => {
  await testApp?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function rowsTo(recipient: string) {
  return testApp.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, recipient));
}

function register(email: string) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/register',
    payload: registrationBody({ email }),
  });
}

describe('the mail-delivery job', () => {
  it('answers the visitor while SMTP refuses, then delivers the mail on a later attempt', async () => {
    const email = uniqueEmail('flaky-client');
    const response = await register(email);
    expect(response.statusCode).toBe(200);
    await testApp.app.backgroundTasks.idle();

    await vi.waitFor(
      async () => {
        const [row] = await rowsTo(email);
        expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
        expect(row!.sentAt).toBeInstanceOf(Date);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(attemptsByRecipient.get(email)).toBe(3);
    expect(accepted.filter((mail) => mail.to === email)).toEqual([
      { to: email, subject: 'Bienvenue sur le site Domaine des Trois Coteaux' },
    ]);
  });

  it('gives up after the last attempt: the row says failed with the error, one log line without the address', async () => {
    const email = uniqueEmail('refuse-client');
    expect((await register(email)).statusCode).toBe(200);
    await testApp.app.backgroundTasks.idle();

    await vi.waitFor(async () => expect((await rowsTo(email))[0]?.status).toBe('failed'), {
      timeout: 10_000,
      interval: 50,
    });
    const [row] = await rowsTo(email);
    expect(row!.attempts).toBe(MAX_ATTEMPTS);
    expect(row!.sentAt).toBeNull();
    expect(row!.lastError).toMatch(
      /^EENVELOPE 550: .*5\.1\.1 <adresse>: Recipient address rejected/,
    );
    expect(row!.lastError).not.toContain(email);
    expect(attemptsByRecipient.get(email)).toBe(MAX_ATTEMPTS);

    // Never taken again.
    await testApp.app.mailer.deliverDue();
    expect(attemptsByRecipient.get(email)).toBe(MAX_ATTEMPTS);

    const givenUp = logLines.filter(
      (line) =>
        line.includes('Mail not delivered: given up') && line.includes(`"mailId":${row!.id}`),
    );
    expect(givenUp).toHaveLength(1);
    expect(JSON.parse(givenUp[0]!)).toMatchObject({
      mailId: row!.id,
      siteId: 92,
      attempts: MAX_ATTEMPTS,
      error: row!.lastError,
    });
    expect(logLines.join('')).not.toContain(email);
  });

  it('queues a mail in the caller’s transaction: none when the change rolls back', async () => {
    const kept = uniqueEmail('kept');
    const dropped = uniqueEmail('dropped');
    const mail = (to: string) => ({
      siteId: 92,
      from: { name: 'Domaine', address: 'ne-pas-repondre@exemple.fr' },
      to,
      subject: 'Objet',
      text: 'Texte',
      html: '<p>Texte</p>',
    });
    await testApp.database.db.transaction(async (tx) => {
      await testApp.app.mailer.send(mail(kept), { tx });
    });
    await expect(
      testApp.database.db.transaction(async (tx) => {
        await testApp.app.mailer.send(mail(dropped), { tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    expect(await rowsTo(dropped)).toEqual([]);
    await vi.waitFor(async () => expect((await rowsTo(kept))[0]?.status).toBe('sent'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(accepted.filter((sent) => sent.to === dropped)).toEqual([]);
  });

  it('sends each mail once when runs overlap', async () => {
    const recipients = Array.from({ length: 6 }, (_, index) => uniqueEmail(`batch-${index}`));
    await testApp.database.db.transaction(async (tx) => {
      for (const to of recipients) {
        await testApp.app.mailer.send(
          {
            siteId: 91,
            from: { name: 'Atelier', address: 'ne-pas-repondre@exemple.fr' },
            to,
            subject: 'Lot',
            text: 'Texte',
            html: '<p>Texte</p>',
          },
          { tx },
        );
      }
    });
    // Three runs at once (as several instances would), beside the app's own job.
    await Promise.all([1, 2, 3].map(() => testApp.app.mailer.deliverDue()));
    await vi.waitFor(
      async () => {
        const rows = await testApp.database.db
          .select()
          .from(mailOutbox)
          .where(inArray(mailOutbox.recipient, recipients));
        expect(rows.map((row) => row.status)).toEqual(recipients.map(() => 'sent'));
        expect(rows.map((row) => row.attempts)).toEqual(recipients.map(() => 1));
      },
      { timeout: 10_000, interval: 50 },
    );
    for (const to of recipients) {
      expect(accepted.filter((sent) => sent.to === to)).toHaveLength(1);
    }
  });

  it('takes again a mail whose run stopped before sending it, once its claim has lapsed', async () => {
    const email = uniqueEmail('orphan');
    // As a run leaves it when it dies after its claim: one attempt counted, leased for a second.
    await testApp.database.db.insert(mailOutbox).values({
      siteId: 91,
      sender: '"Atelier" <ne-pas-repondre@exemple.fr>',
      recipient: email,
      subject: 'Orpheline',
      text: 'Texte',
      html: '<p>Texte</p>',
      attempts: 1,
      nextAttemptAt: new Date(Date.now() + 1_000),
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await testApp.app.mailer.deliverDue();
    expect(accepted.filter((sent) => sent.to === email)).toEqual([]);

    await vi.waitFor(
      async () => expect((await rowsTo(email))[0]).toMatchObject({ status: 'sent', attempts: 2 }),
      { timeout: 10_000, interval: 100 },
    );
    expect(accepted.filter((sent) => sent.to === email)).toHaveLength(1);
  });
});

describe('a stopping app', () => {
  it('finishes the mail it is sending and leaves the others pending, untried, for the next run', async () => {
    const { port } = server.server.address() as AddressInfo;
    const stopping = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      mailDelivery: { intervalMs: 50 },
    });
    try {
      const recipients = [1, 2, 3].map((index) => uniqueEmail(`slow-${index}`));
      await stopping.database.db.transaction(async (tx) => {
        for (const to of recipients) {
          await stopping.app.mailer.send(
            {
              siteId: 91,
              from: { name: 'Atelier', address: 'ne-pas-repondre@exemple.fr' },
              to,
              subject: 'Arrêt',
              text: 'Texte',
              html: '<p>Texte</p>',
            },
            { tx },
          );
        }
      });
      const before = slowInProgress;
      // The job has handed the first mail to the server, which takes its time to accept it.
      await vi.waitFor(() => expect(slowInProgress).toBe(before + 1), {
        timeout: 10_000,
        interval: 10,
      });
      await stopping.app.close();

      const rows = await stopping.database.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.recipient, recipients))
        .orderBy(mailOutbox.id);
      expect(rows.map(({ status, attempts }) => ({ status, attempts }))).toEqual([
        { status: 'sent', attempts: 1 },
        { status: 'pending', attempts: 0 },
        { status: 'pending', attempts: 0 },
      ]);
      expect(accepted.filter((mail) => recipients.includes(mail.to))).toHaveLength(1);
    } finally {
      await stopping.close();
    }
  });
});

describe('describeDeliveryError', () => {
  it('keeps the codes and the server’s text, masks addresses and caps the length', () => {
    const error = Object.assign(new Error('Can’t send mail - all recipients were rejected'), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.1.1 <marie.dupont@exemple.fr>: user unknown',
    });
    expect(describeDeliveryError(error)).toBe('EENVELOPE 550: 550 5.1.1 <adresse>: user unknown');
    expect(describeDeliveryError(new Error('x'.repeat(1000)))).toHaveLength(300);
    expect(
      describeDeliveryError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' }),
      ),
    ).toBe('ESOCKET: connect ECONNREFUSED 127.0.0.1:1');
  });
});
