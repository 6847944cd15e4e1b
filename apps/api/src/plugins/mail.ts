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

/**
 * Mail (DESIGN.md §2): with an SMTP URL, nodemailer sends for real; without one, every mail goes
 * to the mail_outbox table and to the log, so that password reset works offline and in tests.
 */
export function registerMail(app: FastifyInstance, options: { smtpUrl?: string }): void {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    app.decorate<Mailer>('mailer', {
      transport: 'smtp',
      async send(mail) {
        await transporter.sendMail({
          from: formatMailAddress(mail.from),
          replyTo: mail.replyTo,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      },
    });
    app.addHook('onClose', async () => transporter.close());
    return;
  }

  const outbox = createMailOutboxRepository(app.database.db);
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
      });
      // No SMTP server: the log is where a developer finds the link the mail carries.
      app.log.info(
        { siteId: mail.siteId, to: mail.to, subject: mail.subject, text: mail.text },
        'Mail kept in the outbox (SMTP_URL is not set)',
      );
    },
  });
}
