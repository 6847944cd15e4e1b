import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { createMailOutboxRepository } from '../modules/mail/mail-outbox-repository';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailAddress {
  name: string;
  address: string;
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
  /** Files sent with the mail (a gift voucher's PDF). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mailer {
  /** 'smtp' when mails leave through SMTP_URL, 'outbox' when they are kept in mail_outbox. */
  readonly transport: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
}

/** "Name" <address>, quoted so that a name with a comma or an apostrophe stays one name. */
export function formatMailAddress({ name, address }: MailAddress): string {
  return `"${name.replace(/["\\\r\n]/g, '')}" <${address}>`;
}

function nodemailerMessage(mail: OutgoingMail) {
  return {
    from: formatMailAddress(mail.from),
    replyTo: mail.replyTo,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.attachments ? { attachments: mail.attachments } : {}),
  };
}

export interface MailOptions {
  /** SMTP_URL: mails leave through this server. */
  smtpUrl?: string;
  /**
   * Without SMTP: the folder (`${DATA_DIR}/mail`) where each mail is also written as an .eml
   * file that any mail client opens; unset (tests), the mail_outbox table only.
   */
  outboxDir?: string;
}

/**
 * Mail (DESIGN.md §2): with an SMTP URL, nodemailer sends for real; without one, every mail goes
 * to the mail_outbox table and to an .eml file under DATA_DIR, so that password reset works
 * offline and in tests. Never to the log: mails carry reset links and personal data.
 */
export function registerMail(app: FastifyInstance, options: MailOptions): void {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    app.decorate<Mailer>('mailer', {
      transport: 'smtp',
      async send(mail) {
        await transporter.sendMail(nodemailerMessage(mail));
      },
    });
    app.addHook('onClose', async () => transporter.close());
    return;
  }

  const outbox = createMailOutboxRepository(app.database.db);
  // nodemailer builds the raw message (MIME, encoded headers) without sending it anywhere.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const { outboxDir } = options;
  app.decorate<Mailer>('mailer', {
    transport: 'outbox',
    async send(mail) {
      await outbox.add({
        siteId: mail.siteId,
        sender: formatMailAddress(mail.from),
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
      });
      if (!outboxDir) return;
      const info = await composer.sendMail(nodemailerMessage(mail));
      // A sortable name that says nothing about the recipient.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await mkdir(outboxDir, { recursive: true });
      await writeFile(path.join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
      app.log.info(
        { siteId: mail.siteId, file: path.join(outboxDir, name) },
        'Mail kept in the local outbox',
      );
    },
  });
  app.addHook('onClose', async () => composer.close());
}
