import { HttpError } from '../../http/http-error';
import type { AuthLimits } from '../../lib/rate-limits';
import { localCounters, type SharedCounters } from '../../lib/shared-counters';
import { sharedQuota, type QuotaClaim, type SharedQuota } from '../../plugins/redis';

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
  | 'gift-voucher'
  | 'booking';

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
 * The per-client-address limits sit on the routes (registerWithIpRateLimit). Counted in the Redis
 * every instance shares when REDIS_URL is set (decision 0073), in this process otherwise and
 * while Redis does not answer (decision 0113).
 */
export class MailLimiter {
  private readonly limits: Pick<AuthLimits, 'mailsPerRecipient' | 'siteInboxMails'>;
  private readonly quota: SharedQuota;

  constructor(
    limits: Pick<AuthLimits, 'mailsPerRecipient' | 'siteInboxMails'>,
    options: { now?: () => number; counters?: SharedCounters } = {},
  ) {
    this.limits = limits;
    this.quota = sharedQuota(options.counters ?? localCounters(), options.now);
  }

  /**
   * Counts the request's mails, or throws a 429 HttpError and counts nothing when one of them
   * is over its limit. Call it before writing anything, so that a refused request changes nothing.
   * The check and the count are one step, on every instance together.
   */
  async admit(request: MailRequest): Promise<void> {
    const recipientKeys = [
      ...new Set(
        (request.recipients ?? []).map(
          (address) => `${request.siteId}:${request.kind}:${address.trim().toLowerCase()}`,
        ),
      ),
    ];
    const claims: QuotaClaim[] = recipientKeys.map((key) => ({
      counter: 'mail-recipient',
      key,
      limit: this.limits.mailsPerRecipient,
    }));
    // The recipients first: when both are full, the visitor hears about the address they typed.
    if (request.siteInbox) {
      claims.push({
        counter: 'mail-site-inbox',
        key: String(request.siteId),
        limit: this.limits.siteInboxMails,
      });
    }
    const full = await this.quota.claim(claims);
    if (full === null) return;
    throw new HttpError(
      429,
      full < recipientKeys.length
        ? TOO_MANY_MAILS_TO_ADDRESS_MESSAGE
        : TOO_MANY_MAILS_TO_SITE_MESSAGE,
    );
  }

  /**
   * `admit` for mails that follow something already done (an order placed): true when the mail
   * may leave, false (nothing counted) when it is over its limit and must be left out.
   */
  async allows(request: MailRequest): Promise<boolean> {
    try {
      await this.admit(request);
      return true;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 429) return false;
      throw error;
    }
  }
}
