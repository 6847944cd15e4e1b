import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  UNDELIVERED_MAIL_NOT_FOUND_MESSAGE,
  type UndeliveredMail,
} from '@comptoir/contract/admin-mails';
import { mailOutbox } from '../../db/schema';
import { uniqueEmail } from '../../test/accounts';
import { createAdminHarness, type AdminHarness } from '../../test/admin-harness';

/**
 * A fake SMTP peer that refuses the addresses of `refused` (550, quoting the address as real
 * servers do) and accepts any other, keeping what it accepted.
 */
const refused = new Set<string>();
const accepted: { to: string; subject: string }[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refused.has(address.address)) {
      callback(
        Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), {
          responseCode: 550,
        }),
      );
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
      for (const to of session.envelope.rcptTo) accepted.push({ to: to.address, subject });
      callback();
    });
  },
});

let harness: AdminHarness;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  harness = await createAdminHarness({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    // The job as in production, faster: every 100 ms, two attempts 30 ms apart, then given up.
    mailDelivery: { intervalMs: 100, delivery: { maxAttempts: 2, retryDelayMs: () => 30 } },
  });
});
afterAll(async () => {
  await harness?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function rowOf(id: number) {
  const [row] = await harness.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

/** Queues a mail to an address the server refuses, and waits until the job gave up on it. */
async function failedMail(siteId = 91, subject = 'Votre commande'): Promise<number> {
  const to = uniqueEmail('refused');
  refused.add(to);
  await harness.testApp.app.mailer.send({
    siteId,
    from: { name: 'Domaine', address: 'ne-pas-repondre@exemple.fr' },
    to,
    subject,
    text: 'Texte',
    html: '<p>Texte</p>',
  });
  const [row] = await harness.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
  await vi.waitFor(async () => expect((await rowOf(row!.id)).status).toBe('failed'), {
    timeout: 10_000,
    interval: 50,
  });
  return row!.id;
}

function accept(id: Promise<number> | number) {
  return Promise.resolve(id).then(async (mailId) => {
    refused.delete((await rowOf(mailId)).recipient);
    return mailId;
  });
}

describe('the back office’s undelivered mails', () => {
  it('is for the site’s administrators only, list and « Renvoyer » alike', async () => {
    await harness.expectRoleMatrix(async () => ({ method: 'GET', url: '/admin/mail/undelivered' }));
    await harness.expectRoleMatrix(async () => ({ method: 'POST', url: '/admin/mail/resend' }));
    const id = await failedMail();
    await harness.expectRoleMatrix(async () => ({
      method: 'POST',
      url: `/admin/mail/${id}/resend`,
    }));
  });

  it('lists the given-up and the retried mails of the site only, the refusal said in French without the address', async () => {
    const failedId = await failedMail(91, 'Confirmation de commande n°12');
    const otherSiteId = await failedMail(92, 'Mail de l’autre site');
    // A mail the job will try again in an hour, after a server that did not answer.
    const [retrying] = await harness.db
      .insert(mailOutbox)
      .values({
        siteId: 91,
        sender: '"Domaine" <ne-pas-repondre@exemple.fr>',
        recipient: 'claire@exemple.fr',
        subject: 'Votre facture',
        text: 'Texte',
        html: '<p>Texte</p>',
        attempts: 3,
        nextAttemptAt: new Date(Date.now() + 3_600_000),
        lastError: 'ECONNECTION: connect ECONNREFUSED 10.0.0.5:587',
      })
      .returning({ id: mailOutbox.id });

    const answer = await harness.send('GET', '/admin/mail/undelivered', {
      token: harness.tokens.admin,
    });
    expect(answer.statusCode).toBe(200);
    const {
      list,
      failed,
      retrying: retryingCount,
    } = answer.json().data as {
      list: UndeliveredMail[];
      failed: number;
      retrying: number;
    };
    expect(list.map((mail) => mail.id)).not.toContain(otherSiteId);
    const given = list.find((mail) => mail.id === failedId)!;
    expect(given).toMatchObject({
      status: 'failed',
      subject: 'Confirmation de commande n°12',
      attempts: 2,
      nextAttemptAt: null,
      recipient: (await rowOf(failedId)).recipient,
    });
    expect(given.error).toBe(
      'Le serveur de messagerie a refusé ce destinataire (code 550) : l’adresse est peut-être mal écrite ou n’existe plus.',
    );
    const later = list.find((mail) => mail.id === retrying!.id)!;
    expect(later).toMatchObject({ status: 'retrying', attempts: 3 });
    expect(new Date(later.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());
    expect(later.error).toBe(
      'Le serveur d’envoi des e-mails ne répondait pas : l’envoi sera possible quand il sera de nouveau joignable.',
    );
    expect(JSON.stringify(list)).not.toMatch(/10\.0\.0\.5|ECONN|Recipient address/);
    expect(failed).toBeGreaterThanOrEqual(1);
    expect(retryingCount).toBeGreaterThanOrEqual(1);
    // Sent mails are not listed.
    expect(list.every((mail) => mail.status !== 'sent')).toBe(true);
    await harness.db.delete(mailOutbox).where(eq(mailOutbox.id, retrying!.id));
  });

  it('puts a mail back in the queue: journaled, and the job sends it once the server answers', async () => {
    const id = await accept(failedMail(91, 'Votre mot de passe'));
    const answer = await harness.send('POST', `/admin/mail/${id}/resend`, {
      token: harness.tokens.admin,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({ id, status: 'retrying', attempts: 0 });
    const recipient = (await rowOf(id)).recipient;
    await vi.waitFor(async () => expect((await rowOf(id)).status).toBe('sent'), {
      timeout: 10_000,
      interval: 50,
    });
    expect(accepted.filter((mail) => mail.to === recipient)).toEqual([
      { to: recipient, subject: 'Votre mot de passe' },
    ]);
    const [entry] = await harness.auditRows(91, 'mail');
    expect(entry).toMatchObject({
      action: 'resend',
      entityId: String(id),
      summary: 'E-mail « Votre mot de passe » remis dans la file d’envoi',
    });
    expect(JSON.stringify(entry)).not.toContain(recipient);
    // Sent: resending it again changes nothing.
    const again = await harness.send('POST', `/admin/mail/${id}/resend`, {
      token: harness.tokens.admin,
    });
    expect(again.json().data).toMatchObject({ id, status: 'sent' });
  });

  it('answers 404 for another site’s mail and for no mail, and leaves it as it is', async () => {
    const otherSite = await failedMail(92);
    for (const url of [`/admin/mail/${otherSite}/resend`, '/admin/mail/2147483647/resend']) {
      const answer = await harness.send('POST', url, { token: harness.tokens.admin });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(UNDELIVERED_MAIL_NOT_FOUND_MESSAGE);
    }
    expect((await rowOf(otherSite)).status).toBe('failed');
    // « Tout renvoyer » on site 91 leaves site 92's mails alone.
    await harness.send('POST', '/admin/mail/resend', { token: harness.tokens.admin });
    expect((await rowOf(otherSite)).status).toBe('failed');
  });

  it('sends a mail once when « Renvoyer » is clicked twice at once', async () => {
    const id = await accept(failedMail(91, 'Double clic'));
    const recipient = (await rowOf(id)).recipient;
    const journalBefore = (await harness.auditRows(91, 'mail')).length;
    const answers = await Promise.all(
      [harness.tokens.admin, harness.tokens.superAdmin, harness.tokens.admin].map((token) =>
        harness.send('POST', `/admin/mail/${id}/resend`, { token }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    await vi.waitFor(async () => expect((await rowOf(id)).status).toBe('sent'), {
      timeout: 10_000,
      interval: 50,
    });
    // A few more runs of the job: nothing more leaves.
    await harness.testApp.app.mailer.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(accepted.filter((mail) => mail.to === recipient)).toHaveLength(1);
    expect((await harness.auditRows(91, 'mail')).length).toBe(journalBefore + 1);
  });

  it('« Tout renvoyer » puts every given-up mail of the site back, in one journal entry', async () => {
    const ids = await Promise.all([failedMail(91, 'Lot 1'), failedMail(91, 'Lot 2')]);
    await Promise.all(ids.map((id) => accept(id)));
    const answer = await harness.send('POST', '/admin/mail/resend', {
      token: harness.tokens.admin,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.resent).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      await vi.waitFor(async () => expect((await rowOf(id)).status).toBe('sent'), {
        timeout: 10_000,
        interval: 50,
      });
    }
    const [entry] = await harness.auditRows(91, 'mail');
    expect(entry!.summary).toMatch(/^\d+ e-mails non envoyés remis dans la file d’envoi$/);
  });
});
