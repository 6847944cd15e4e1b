import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { ALREADY_REGISTERED_MESSAGE, ELEMENT_NOT_FOUND_MESSAGE, REGISTRATION_CLOSED_MESSAGE, REGISTRATION_FULL_MESSAGE, notEnoughSeatsMessage, type RegistrationAvailability, type registrationBodySchema } from '@comptoir/contract/element-registration';
import { HttpError } from '../../http/http-error';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { BackgroundTasks } from '../../plugins/background-tasks';
import type { Mailer } from '../../plugins/mail';
import type { MailLimiter } from '../mail';
import { siteBaseUrl, siteMailSender } from '../mail';
import type { SiteRecord } from '../site';
import { registrationConfirmationMail, registrationNoticeMail, type RegistrationMailInput } from './element-registration-mails';
import type { ElementRegistrationRepository } from './element-registration-repository';

export function createElementRegistrationService(dependencies: {
  repository: ElementRegistrationRepository;
  readParameters: SiteParameterReader;
  mailer: Mailer;
  mailLimiter: MailLimiter;
  backgroundTasks: BackgroundTasks;
  production: boolean;
  log: FastifyBaseLogger;
}) {
  const { repository, readParameters, mailer, mailLimiter, backgroundTasks, production, log } =
    dependencies;

  /** The visitor's confirmation, then the site's notice; one failing does not stop the other. */
  async function sendMails(
    site: SiteRecord,
    mail: Omit<RegistrationMailInput, 'companyPhone' | 'companyEmail'>,
  ) {
    const parameters = await readParameters(site.id);
    const companyEmail = parameters.text('COMPANY_EMAIL');
    const input = { ...mail, companyEmail, companyPhone: parameters.text('COMPANY_PHONE') };
    const sender = siteMailSender(site, parameters, siteBaseUrl(site, production));
    const results = await Promise.allSettled([
      mailer.send({
        siteId: site.id,
        from: sender.from,
        replyTo: sender.replyTo,
        to: mail.email,
        ...registrationConfirmationMail(input),
      }),
      companyEmail
        ? mailer.send({
            siteId: site.id,
            from: sender.from,
            replyTo: mail.email,
            to: companyEmail,
            ...registrationNoticeMail(input),
          })
        : Promise.resolve(
            log.warn(
              { siteId: site.id },
              'Registration notice not mailed: COMPANY_EMAIL is not set',
            ),
          ),
    ]);
    for (const result of results) {
      if (result.status === 'rejected') {
        log.error({ err: result.reason, siteId: site.id }, 'Registration mail not sent');
      }
    }
  }

  return {
    async availability(
      siteId: number,
      route: string,
      id: number,
    ): Promise<RegistrationAvailability> {
      const { element, taken } = await repository.findAvailability(siteId, route, id);
      if (!element) throw new HttpError(404, ELEMENT_NOT_FOUND_MESSAGE);
      if (element.registrationCapacity === null)
        throw new HttpError(404, REGISTRATION_CLOSED_MESSAGE);
      return {
        capacity: element.registrationCapacity,
        remaining: Math.max(0, element.registrationCapacity - taken),
      };
    },

    async register(
      site: SiteRecord,
      route: string,
      id: number,
      body: z.output<typeof registrationBodySchema>,
    ): Promise<RegistrationAvailability> {
      // The visitor's confirmation goes to the address typed, the notice to the site's inbox.
      await mailLimiter.admit({
        siteId: site.id,
        kind: 'registration',
        recipients: [body.email],
        siteInbox: true,
      });
      const registration = {
        firstname: body.firstname,
        lastname: body.lastname,
        email: body.email,
        phone: body.phone ?? null,
        seats: body.seats,
        message: body.message ?? null,
      };
      const outcome = await repository.register(site.id, route, id, registration);
      switch (outcome.kind) {
        case 'not-found':
          throw new HttpError(404, ELEMENT_NOT_FOUND_MESSAGE);
        case 'closed':
          throw new HttpError(409, REGISTRATION_CLOSED_MESSAGE);
        case 'already-registered':
          throw new HttpError(409, ALREADY_REGISTERED_MESSAGE, [
            { key: 'email', error: ALREADY_REGISTERED_MESSAGE },
          ]);
        case 'not-enough-seats': {
          const message =
            outcome.remaining === 0
              ? REGISTRATION_FULL_MESSAGE
              : notEnoughSeatsMessage(outcome.remaining);
          throw new HttpError(409, message, [{ key: 'seats', error: message }]);
        }
        case 'registered':
          backgroundTasks.run(
            `registration mails for element ${outcome.element.id} of site ${site.id}`,
            () =>
              sendMails(site, {
                siteName: site.name,
                elementTitle: outcome.element.title,
                ...registration,
                remaining: outcome.remaining,
                capacity: outcome.capacity,
              }),
          );
          return { capacity: outcome.capacity, remaining: outcome.remaining };
      }
    },
  };
}

export type ElementRegistrationService = ReturnType<typeof createElementRegistrationService>;
