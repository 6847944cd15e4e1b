import { HttpError } from '../../http/http-error';
import { FailureCounter, type AuthLimits } from '../../lib/rate-limits';

/** A visitor asked for too many mails to one address; the same words whether it has an account. */
export const TOO_MANY_MAILS_TO_ADDRESS_MESSAGE =
  'Trop de messages ont déjà été envoyés à cette adresse. Réessayez dans une heure.';
/** The site's own inbox received too many visitor messages in the last hour. */
export const TOO_MANY_MAILS_TO_SITE_MESSAGE =
  'Le site reçoit trop de messages en ce moment. Réessayez dans une heure.';

/**
 * What the mail is: each kind is counted on its own, so that one kind's count says nothing about
 * another (a welcome mail must not make the reset limit bite earlier for an existing account).
 */
export type VisitorMailKind =
  | 'welcome'
  | 'password-reset'
  | 'newsletter'
  | 'registration'
  | 'site-notice'
  | 'order-confirmation'
  | 'gift-voucher';

/** The mails one visitor request is about to cause. */
export interface MailRequest {
  siteId: number;
  kind: VisitorMailKind;
  /** Addresses the visitor typed that will receive a mail (lower-cased here). */
  recipients?: readonly string[];
  /** Whether a notice goes to the site's own inbox (COMPANY_EMAIL). */
  siteInbox?: boolean;
}

/**
 * Limits on the mails visitors can trigger, per recipient: an address typed on a form receives at
 * most `mailsPerRecipient` mails of each kind an hour, and a site's inbox at most `siteInboxMails` notices.
 * The per-client-address limits sit on the routes (registerWithIpRateLimit). Counted in memory,
 * like the other limits (one API process).
 */
export class MailLimiter {
  private readonly perRecipient: FailureCounter;
  private readonly perSiteInbox: FailureCounter;

  constructor(
    limits: Pick<AuthLimits, 'mailsPerRecipient' | 'siteInboxMails'>,
    now: () => number = Date.now,
  ) {
    this.perRecipient = new FailureCounter(limits.mailsPerRecipient, now);
    this.perSiteInbox = new FailureCounter(limits.siteInboxMails, now);
  }

  /**
   * Counts the request's mails, or throws a 429 HttpError and counts nothing when one of them
   * is over its limit. Call it before writing anything, so that a refused request changes nothing.
   */
  admit(request: MailRequest): void {
    const recipientKeys = [
      ...new Set(
        (request.recipients ?? []).map(
          (address) => `${request.siteId}:${request.kind}:${address.trim().toLowerCase()}`,
        ),
      ),
    ];
    const inboxKey = String(request.siteId);
    if (recipientKeys.some((key) => this.perRecipient.isBlocked(key))) {
      throw new HttpError(429, TOO_MANY_MAILS_TO_ADDRESS_MESSAGE);
    }
    if (request.siteInbox && this.perSiteInbox.isBlocked(inboxKey)) {
      throw new HttpError(429, TOO_MANY_MAILS_TO_SITE_MESSAGE);
    }
    for (const key of recipientKeys) this.perRecipient.recordFailure(key);
    if (request.siteInbox) this.perSiteInbox.recordFailure(inboxKey);
  }

  /**
   * `admit` for mails that follow something already done (an order placed): true when the mail
   * may leave, false (nothing counted) when it is over its limit and must be left out.
   */
  allows(request: MailRequest): boolean {
    try {
      this.admit(request);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return false;
      throw error;
    }
  }
}
