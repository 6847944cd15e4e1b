import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { createIntervalJobRunner, type JobRunner } from '../lib/jobs';
import {
  createMailDelivery,
  DEFAULT_MAIL_DELIVERY,
  type DeliverMail,
  type MailDeliverySettings,
  type MailOutboxQueue,
  type OutboxMailRecord,
} from '../lib/mail-delivery';
import type { Db } from '../db/client';
import type { mailOutbox } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailAddress {
  name: string;
  address: string;
}

/** A file sent with a mail: an invoice PDF, a pick-up slot's calendar event. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  siteId: number;
  from: MailAddress;
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, such as List-Unsubscribe on newsletter mails. */
  headers?: Record<string, string>;
  attachments?: readonly MailAttachment[];
}

export interface SendOptions {
  /**
   * The transaction of the change the mail tells about: the mail is queued in it, so that it
   * exists if and only if the change commits (decision 0072).
   */
  tx?: MailTransaction;
}

export interface Mailer {
  /** 'smtp' when mails leave through SMTP_URL, 'outbox' when they are kept in mail_outbox. */
  readonly transport: 'smtp' | 'outbox';
  /**
   * Queues the mail in mail_outbox; the mail-delivery job sends it. Never waits for, nor fails
   * because of, the mail server.
   */
  send(mail: OutgoingMail, options?: SendOptions): Promise<void>;
  /** One run of the mail-delivery job at once (tests, and nothing else needs it). */
  deliverDue(): Promise<number>;
}

/** "Name" <address>, quoted so that a name with a comma or an apostrophe stays one name. */
export function formatMailAddress({ name, address }: MailAddress): string {
  return `"${name.replace(/["\\\r\n]/g, '')}" <${address}>`;
}

/** The message as nodemailer takes it, rebuilt from the queued row. */
function nodemailerMessage(mail: OutboxMailRecord) {
  return {
    from: mail.sender,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    to: mail.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(Object.keys(mail.headers).length ? { headers: mail.headers } : {}),
    ...(mail.attachments.length
      ? {
          attachments: mail.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: Buffer.from(attachment.contentBase64, 'base64'),
          })),
        }
      : {}),
  };
}

/** The transaction a mail joins when it tells about a change made in it. */
export type MailTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The mail_outbox table as the mailer uses it (the mail module's repository, from compose.ts). */
export interface MailOutbox extends MailOutboxQueue {
  add(
    mail: Omit<
      typeof mailOutbox.$inferInsert,
      'id' | 'createdAt' | 'status' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'sentAt'
    >,
    tx?: MailTransaction,
  ): Promise<void>;
}

export interface MailOptions {
  /** The mail_outbox table every mail is first written to. */
  outbox: MailOutbox;
  /** SMTP_URL: mails leave through this server. */
  smtpUrl?: string;
  /**
   * Without SMTP: the folder (`${DATA_DIR}/mail`) where each mail is also written as an .eml
   * file that any mail client opens; unset, the mail_outbox table only.
   */
  outboxDir?: string;
  /** Where the mail-delivery job runs (pg-boss on PostgreSQL); an in-process runner otherwise. */
  jobs?: JobRunner;
  /** How often the job looks for due mails. */
  intervalMs?: number;
  /** Attempts, backoff, lease (tests shorten them). */
  delivery?: Partial<MailDeliverySettings>;
}

/** Short enough that a mail leaves within seconds of its change; the claim is one indexed query. */
const MAIL_DELIVERY_INTERVAL_MS = 2_000;

/**
 * Mail (docs/architecture.md#technology-choices, decision 0072): every mail is first a `pending` row of mail_outbox,
 * written in the transaction of the change it tells about when the caller gives one. The
 * mail-delivery job sends the due rows: through SMTP with an SMTP URL; without one, the row is
 * the outbox (it counts as delivered locally) and the job also writes an .eml file under
 * DATA_DIR, so that password reset works offline and in tests. Never to the log: mails carry
 * reset links and personal data.
 */
export function registerMail(app: FastifyInstance, options: MailOptions): void {
  const { outbox } = options;
  const { outboxDir } = options;
  let deliver: DeliverMail;
  let closeTransport: () => void;
  if (options.smtpUrl) {
    // A server that does not answer fails the attempt well within the claim's lease.
    const transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    deliver = async (mail) => {
      await transporter.sendMail(nodemailerMessage(mail));
    };
    closeTransport = () => transporter.close();
  } else {
    // nodemailer builds the raw message (MIME, encoded headers) without sending it anywhere.
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
    deliver = async (mail) => {
      if (!outboxDir) return;
      const info = await composer.sendMail(nodemailerMessage(mail));
      // A sortable name that says nothing about the recipient.
      const name = `${mail.createdAt.toISOString().replace(/[:.]/g, '-')}-${mail.id}-${randomBytes(4).toString('hex')}.eml`;
      await mkdir(outboxDir, { recursive: true });
      await writeFile(path.join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
      app.log.info(
        { siteId: mail.siteId, file: path.join(outboxDir, name) },
        'Mail kept in the local outbox',
      );
    };
    closeTransport = () => composer.close();
  }

  const delivery = createMailDelivery({
    outbox,
    deliver,
    log: app.log,
    settings: { ...DEFAULT_MAIL_DELIVERY, ...options.delivery },
  });
  app.decorate<Mailer>('mailer', {
    transport: options.smtpUrl ? 'smtp' : 'outbox',
    async send(mail, sendOptions = {}) {
      await outbox.add(
        {
          siteId: mail.siteId,
          sender: formatMailAddress(mail.from),
          replyTo: mail.replyTo ?? null,
          recipient: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers ?? {},
          attachments: (mail.attachments ?? []).map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            contentBase64: attachment.content.toString('base64'),
          })),
        },
        sendOptions.tx,
      );
    },
    deliverDue: () => delivery.deliverDue(),
  });

  const jobs =
    options.jobs ??
    createIntervalJobRunner((name, error) =>
      app.log.error({ err: error, job: name }, 'job failed'),
    );
  jobs.every('mail-delivery', options.intervalMs ?? MAIL_DELIVERY_INTERVAL_MS, () =>
    delivery.deliverDue(),
  );
  // Before the jobs stop (onClose): the run under way ends after the mail it is sending, and
  // what it had not claimed stays pending for the next run, here or on another instance.
  app.addHook('preClose', async () => delivery.stop());
  app.addHook('onClose', async () => {
    await jobs.stop();
    closeTransport();
  });
}
