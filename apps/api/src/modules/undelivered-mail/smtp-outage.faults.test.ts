import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UndeliveredMail } from '@comptoir/contract/admin-mails';
import { mailOutbox } from '../../db/schema';
import { RELAXED_AUTH_LIMITS, registrationBody, uniqueEmail } from '../../test/accounts';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';

/**
 * Issue 32, item 4: the mail server goes down while the shop runs. Visitors' actions that send a
 * mail still answer at once (the mail is queued, decision 0072); the mail-delivery job's attempts
 * fail and are retried; when the server is back, the retries deliver every mail once. A longer
 * outage makes the job give up: the back office lists the mails, « Tout renvoyer » puts them back,
 * and they leave once. Two kinds of outage: a peer that accepts and closes every connection, and
 * no server at all (connection refused). Figures are printed.
 */

const MAX_ATTEMPTS = 8;
/** The wait between two attempts, changed by the test (the job reads it at each refusal). */
let retryDelayMs = 400;

let port = 0;
/** A peer that takes each connection and closes it before any greeting. */
let refusing: Server | null = null;
const openSockets = new Set<Socket>();
let smtp: SMTPServer | null = null;
const accepted: string[] = [];

function startRefusing(): Promise<void> {
  refusing = createServer((socket) => {
    openSockets.add(socket);
    socket.on('close', () => openSockets.delete(socket));
    socket.destroy();
  });
  return new Promise((resolve) => refusing!.listen(port, '127.0.0.1', resolve));
}
async function stopRefusing(): Promise<void> {
  for (const socket of openSockets) socket.destroy();
  await new Promise<void>((resolve) => refusing!.close(() => resolve()));
  refusing = null;
}
function startSmtp(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) accepted.push(to.address);
        callback();
      });
    },
  });
  return new Promise((resolve) => smtp!.listen(port, '127.0.0.1', resolve));
}
async function stopSmtp(): Promise<void> {
  const server = smtp;
  if (!server) return;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  smtp = null;
}

let harness: AdminHarness;
beforeAll(async () => {
  // A free port of our own, kept by the refusing peer for the whole outage.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  await startRefusing();
  harness = await createAdminHarness({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    authLimits: RELAXED_AUTH_LIMITS,
    mailDelivery: {
      intervalMs: 100,
      delivery: { maxAttempts: MAX_ATTEMPTS, retryDelayMs: () => retryDelayMs },
    },
  });
});
afterAll(async () => {
  await harness?.close();
  if (refusing) await stopRefusing();
  if (smtp) await stopSmtp();
});

function rowsOf(recipients: readonly string[]) {
  return harness.db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.recipient, [...recipients]));
}

async function undelivered(): Promise<UndeliveredMail[]> {
  const answer = await harness.send('GET', '/admin/mail/undelivered', {
    token: harness.tokens.admin,
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json().data as { list: UndeliveredMail[] }).list;
}

/** Visitors who create an account (a welcome mail each) and mails the shop queues itself. */
async function queueMails(prefix: string, visitors: number, others: number) {
  const recipients: string[] = [];
  const statuses: number[] = [];
  for (let index = 0; index < visitors; index += 1) {
    const email = uniqueEmail(`${prefix}-visitor`);
    recipients.push(email);
    const answer = await harness.send('POST', '/register', {
      payload: registrationBody({ email }),
    });
    statuses.push(answer.statusCode);
  }
  for (let index = 0; index < others; index += 1) {
    const to = uniqueEmail(`${prefix}-order`);
    recipients.push(to);
    await harness.testApp.app.mailer.send({
      siteId: 91,
      from: { name: 'Domaine', address: 'ne-pas-repondre@exemple.fr' },
      to,
      subject: `Commande ${index + 1}`,
      text: 'Texte',
      html: '<p>Texte</p>',
    });
  }
  await harness.testApp.app.backgroundTasks.idle();
  return { recipients, statuses };
}

describe('SMTP down (issue 32, item 4)', () => {
  it('queues and retries while the server closes every connection, and delivers each mail once when it is back', async () => {
    retryDelayMs = 400;
    const outageStarted = performance.now();
    const { recipients, statuses } = await queueMails('outage', 4, 6);
    expect(statuses).toEqual([200, 200, 200, 200]);

    // Every mail refused twice at least, none given up; the owner sees them retried.
    await vi.waitFor(
      async () => {
        const rows = await rowsOf(recipients);
        expect(rows).toHaveLength(recipients.length);
        expect(
          rows.every(
            (row) => row.lastError !== null && row.attempts >= 2 && row.status === 'pending',
          ),
        ).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    const listed = (await undelivered()).filter((mail) => recipients.includes(mail.recipient));
    expect(listed).toHaveLength(recipients.length);
    expect(new Set(listed.map((mail) => mail.status))).toEqual(new Set(['retrying']));
    expect(listed[0]!.error).toBe(
      'Le serveur d’envoi des e-mails ne répondait pas : l’envoi sera possible quand il sera de nouveau joignable.',
    );
    const failuresDuringOutage = (await rowsOf(recipients)).reduce(
      (sum, row) => sum + row.attempts,
      0,
    );

    const outageMs = Math.round(performance.now() - outageStarted);
    await stopRefusing();
    await startSmtp();
    const back = performance.now();
    await vi.waitFor(
      async () => {
        const rows = await rowsOf(recipients);
        expect(rows.every((row) => row.status === 'sent')).toBe(true);
      },
      { timeout: 20_000, interval: 25 },
    );
    const recoveryMs = Math.round(performance.now() - back);
    const rows = await rowsOf(recipients);
    for (const to of recipients)
      expect(accepted.filter((address) => address === to)).toHaveLength(1);
    expect(rows.every((row) => row.lastError === null && row.sentAt !== null)).toBe(true);
    expect((await undelivered()).some((mail) => recipients.includes(mail.recipient))).toBe(false);

    console.log(
      [
        'SMTP closing every connection, mails retried every 400 ms:',
        `  visitor requests during the outage: ${statuses.length} (5xx: ${statuses.filter((s) => s >= 500).length})`,
        `  mails queued during the outage: ${recipients.length}`,
        `  outage: ${outageMs} ms; delivery attempts refused: ${failuresDuringOutage} (mails given up: 0)`,
        `  delivered after recovery: ${rows.length}, each once`,
        `  recovery time (server back → last mail delivered): ${recoveryMs} ms`,
      ].join('\n'),
    );
  });

  it('gives up after a long outage (no server at all); « Tout renvoyer » delivers each mail once when it is back', async () => {
    // No server on the port: connections are refused. Retries come fast, so the job gives up.
    await stopSmtp();
    retryDelayMs = 20;
    const { recipients, statuses } = await queueMails('long', 2, 3);
    expect(statuses).toEqual([200, 200]);
    await vi.waitFor(
      async () => {
        const rows = await rowsOf(recipients);
        expect(rows.every((row) => row.status === 'failed')).toBe(true);
      },
      { timeout: 20_000, interval: 50 },
    );
    const given = (await rowsOf(recipients)).filter((row) => row.attempts === MAX_ATTEMPTS);
    expect(given).toHaveLength(recipients.length);
    const listed = (await undelivered()).filter((mail) => recipients.includes(mail.recipient));
    expect(listed.map((mail) => mail.status)).toEqual(recipients.map(() => 'failed'));

    await startSmtp();
    const back = performance.now();
    // Back, but a given-up mail waits for the owner.
    await harness.testApp.app.mailer.deliverDue();
    expect(accepted.filter((address) => recipients.includes(address))).toEqual([]);

    const resend = await harness.send('POST', '/admin/mail/resend', {
      token: harness.tokens.admin,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json().data.resent).toBe(recipients.length);
    await vi.waitFor(
      async () => {
        const rows = await rowsOf(recipients);
        expect(rows.every((row) => row.status === 'sent')).toBe(true);
      },
      { timeout: 20_000, interval: 25 },
    );
    const recoveryMs = Math.round(performance.now() - back);
    for (const to of recipients)
      expect(accepted.filter((address) => address === to)).toHaveLength(1);
    const [entry] = await harness.auditRows(91, 'mail');
    expect(entry!.summary).toBe(
      `${recipients.length} e-mails non envoyés remis dans la file d’envoi`,
    );
    const [one] = await harness.db
      .select({ attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, recipients[0]!));

    console.log(
      [
        'SMTP stopped (connection refused) until the job gave up, then « Tout renvoyer »:',
        `  visitor requests during the outage: ${statuses.length} (5xx: ${statuses.filter((s) => s >= 500).length})`,
        `  mails queued during the outage: ${recipients.length}`,
        `  delivery attempts refused: ${recipients.length * MAX_ATTEMPTS} (mails given up: ${given.length})`,
        `  delivered after « Tout renvoyer »: ${recipients.length}, each once (attempts after resend: ${one!.attempts})`,
        `  recovery time (server back → last mail delivered, resend included): ${recoveryMs} ms`,
      ].join('\n'),
    );
  });
});
