import type { FastifyBaseLogger } from 'fastify';
import {
  ADDRESS_TYPE_LABELS,
  ADDRESS_TYPES,
  type AddressType,
  type CompanyAddress,
  type sendMessageBodySchema,
} from '@comptoir/contract/contact';
import type { z } from 'zod';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { Mailer } from '../../plugins/mail';
import type { MailLimiter } from '../mail/mail-limits';
import { siteBaseUrl, siteMailSender } from '../mail/site-mail';
import type { SiteRecord } from '../site/site-repository';
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
     * Stores the message first, so that it is never lost, then mails it to COMPANY_EMAIL. A site
     * without COMPANY_EMAIL, or a mail server that fails, still keeps the message in the table.
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
      const id = await repository.insertMessage(message);
      const parameters = await readParameters(site.id);
      const companyEmail = parameters.text('COMPANY_EMAIL');
      if (!companyEmail) {
        log.warn(
          { siteId: site.id, messageId: id },
          'Contact message kept: COMPANY_EMAIL is not set',
        );
        return;
      }
      const sender = siteMailSender(site, parameters, siteBaseUrl(site, production));
      try {
        await mailer.send({
          siteId: site.id,
          from: sender.from,
          // Answering the mail writes to the visitor.
          replyTo: message.email,
          to: companyEmail,
          ...contactMessageMail({ siteName: site.name, ...message }),
        });
      } catch (error) {
        log.error({ err: error, siteId: site.id, messageId: id }, 'Contact message not mailed');
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
