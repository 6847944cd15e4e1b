import type { FastifyBaseLogger } from 'fastify';
import { ADDRESS_TYPE_LABELS, ADDRESS_TYPES, type AddressType, type CompanyAddress, type sendMessageBodySchema } from '@comptoir/contract/contact';
import type { z } from 'zod';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { Mailer } from '../../plugins/mail';
import type { MailLimiter } from '../mail';
import { siteBaseUrl, siteMailSender } from '../mail';
import type { SiteRecord } from '../site';
import { contactMessageMail } from './contact-mails';
import type { ContactRepository } from './contact-repository';

export function createContactService(dependencies: {
  repository: ContactRepository;
  readParameters: SiteParameterReader;
  mailer: Mailer;
  mailLimiter: MailLimiter;
  production: boolean;
  log: FastifyBaseLogger;
}) {
  const { repository, readParameters, mailer, mailLimiter, production, log } = dependencies;

  return {
    /**
     * Stores the message and queues its mail to COMPANY_EMAIL in one transaction. A site without
     * COMPANY_EMAIL still keeps the message in the table.
     */
    async sendMessage(
      site: SiteRecord,
      input: z.output<typeof sendMessageBodySchema>,
    ): Promise<void> {
      await mailLimiter.admit({ siteId: site.id, kind: 'site-notice', siteInbox: true });
      const message = {
        siteId: site.id,
        firstname: input.firstname,
        lastname: input.lastname,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject ?? null,
        message: input.message,
        consent: input.consent,
      };
      const parameters = await readParameters(site.id);
      const companyEmail = parameters.text('COMPANY_EMAIL');
      const sender = siteMailSender(site, parameters, siteBaseUrl(site, production));
      // The message and its mail commit together (decision 0072); the outbox retries the
      // delivery, so a mail server that fails loses neither.
      const id = await repository.insertMessage(message, async (tx) => {
        if (!companyEmail) return;
        await mailer.send(
          {
            siteId: site.id,
            from: sender.from,
            // Answering the mail writes to the visitor.
            replyTo: message.email,
            to: companyEmail,
            ...contactMessageMail({ siteName: site.name, ...message }),
          },
          { tx },
        );
      });
      if (!companyEmail) {
        log.warn(
          { siteId: site.id, messageId: id },
          'Contact message kept: COMPANY_EMAIL is not set',
        );
      }
    },

    listAddresses(
      siteId: number,
      query: { type?: AddressType; isClickAndCollect?: 'true' | 'false' } = {},
    ): Promise<CompanyAddress[]> {
      return repository.listAddresses(siteId, {
        type: query.type,
        isClickAndCollect:
          query.isClickAndCollect === undefined ? undefined : query.isClickAndCollect === 'true',
      });
    },

    addressTypes() {
      return ADDRESS_TYPES.map((value) => ({ value, label: ADDRESS_TYPE_LABELS[value] }));
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
