import type { FastifyBaseLogger } from 'fastify';
import { CONTACT_MESSAGE_NOT_FOUND_MESSAGE, INBOX_PAGE_SIZE, REPLY_NOT_SENT_MESSAGE, type ContactMessage, type ContactReply } from '@comptoir/contract/admin-messages';
import { HttpError } from '../../http/http-error';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { Mailer } from '../../plugins/mail';
import type { AuditActor } from '../audit';
import { escapeHtml, mailHtml, oneLine } from '../mail';
import { siteBaseUrl, siteMailSender } from '../mail';
import type { SiteRecord } from '../site';
import type { ContactInboxRepository } from './contact-inbox-repository';

/**
 * The owner's answer to a visitor: the answer, then the visitor's message quoted. Both texts are
 * escaped in the HTML part and the subject keeps to one line (the mail hardening rules).
 */
export function contactReplyMail(siteName: string, original: ContactMessage, reply: ContactReply) {
  const subject = oneLine(reply.subject);
  const quoted = original.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const sentOn = new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'long',
    timeZone: 'Europe/Paris',
  }).format(new Date(original.createdAt));
  const text = [
    reply.message,
    '',
    `— ${siteName}`,
    '',
    `Le ${sentOn}, vous avez écrit :`,
    quoted,
  ].join('\n');
  const html = mailHtml(
    subject,
    `<p style="white-space:pre-wrap">${escapeHtml(reply.message)}</p>
<p>— ${escapeHtml(siteName)}</p>
<p style="margin-top:24px;color:#52606d">Le ${escapeHtml(sentOn)}, vous avez écrit :</p>
<blockquote style="margin:0;padding-left:12px;border-left:3px solid #cbd2d9;color:#52606d;white-space:pre-wrap">${escapeHtml(original.message)}</blockquote>`,
  );
  return { subject, text, html };
}

export function createContactInboxService(dependencies: {
  repository: ContactInboxRepository;
  readParameters: SiteParameterReader;
  mailer: Mailer;
  production: boolean;
  log: FastifyBaseLogger;
}) {
  const { repository, readParameters, mailer, production, log } = dependencies;

  async function requireMessage(siteId: number, id: number): Promise<ContactMessage> {
    const message = await repository.find(siteId, id);
    if (!message) throw new HttpError(404, CONTACT_MESSAGE_NOT_FOUND_MESSAGE);
    return message;
  }

  return {
    list(siteId: number, query: { page?: number; nbItem?: number; unread?: 'true' | 'false' }) {
      const limit = query.nbItem ?? INBOX_PAGE_SIZE;
      return repository.list(siteId, {
        unreadOnly: query.unread === 'true',
        limit,
        offset: ((query.page ?? 1) - 1) * limit,
      });
    },

    get: requireMessage,

    async markRead(siteId: number, id: number, read: boolean, actor: AuditActor) {
      const saved = await repository.markRead(siteId, id, read, actor);
      if (!saved) throw new HttpError(404, CONTACT_MESSAGE_NOT_FOUND_MESSAGE);
      return saved;
    },

    /**
     * Mails the answer first: when the mail server refuses it, nothing is recorded (502) and the
     * owner can try again; once it left, the message is marked replied and the journal keeps it.
     */
    async reply(site: SiteRecord, id: number, reply: ContactReply, actor: AuditActor) {
      const original = await requireMessage(site.id, id);
      const parameters = await readParameters(site.id);
      const sender = siteMailSender(site, parameters, siteBaseUrl(site, production));
      const siteName = parameters.text('COMPANY_NAME') ?? site.name;
      try {
        await mailer.send({
          siteId: site.id,
          from: sender.from,
          ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
          to: original.email,
          ...contactReplyMail(siteName, original, reply),
        });
      } catch (error) {
        log.error({ err: error, siteId: site.id, messageId: id }, 'Contact reply not mailed');
        throw new HttpError(502, REPLY_NOT_SENT_MESSAGE);
      }
      const saved = await repository.recordReply(site.id, id, reply, actor);
      if (!saved) throw new HttpError(404, CONTACT_MESSAGE_NOT_FOUND_MESSAGE);
      return saved;
    },
  };
}

export type ContactInboxService = ReturnType<typeof createContactInboxService>;
