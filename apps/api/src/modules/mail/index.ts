import type { SharedPieces } from '../../shared';
import { createMailOutboxRepository } from './mail-outbox-repository';

export {
  adminInvitationMail,
  inactivityWarningMail,
  passwordResetMail,
  welcomeMail,
} from './account-mails';
export {
  capText,
  capVisitorFields,
  detailsListHtml,
  escapeHtml,
  mailHtml,
  oneLine,
  VISITOR_TEXT_LIMITS,
  type MailContent,
} from './mail-layout';
export {
  MailLimiter,
  TOO_MANY_MAILS_TO_ADDRESS_MESSAGE,
  TOO_MANY_MAILS_TO_SITE_MESSAGE,
  type MailRequest,
  type VisitorMailKind,
} from './mail-limits';
export type { MailQueueFigures, MailTransaction } from './mail-outbox-repository';
export {
  newsletterConfirmationMail,
  newsletterConfirmUrl,
  newsletterMailHeaders,
  newsletterUnsubscribeUrl,
} from './newsletter-mails';
export { siteBaseUrl, siteMailSender } from './mail-layout';
export { calendarEvent, type CalendarEventInput } from './calendar-event';

/**
 * The mail module: the outbox table every mail is first written to (plugins/mail.ts sends it
 * through the mail-delivery job), the limits of visitor mails, and the mails' shared layout.
 * It has no route.
 */
export function createMailModule(shared: Pick<SharedPieces, 'db'>) {
  return { outbox: createMailOutboxRepository(shared.db) };
}
