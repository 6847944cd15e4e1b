import type { FastifyInstance } from 'fastify';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { MailTransaction } from '../../plugins/mail';
import type { SharedPieces } from '../../shared';
import type { MailLimiter } from '../mail';
import type { OrderEvents } from '../order';
import type { SiteRepository } from '../site';
import { createOrderMailRepository } from './order-mail-repository';
import { registerOrderMails } from './order-mails';
import { registerReviewRequests } from './review-requests';

export { invoiceMail } from './order-mail-content';
export type { OrderMailRepository } from './order-mail-repository';

/**
 * The order's mails (confirmation, notice to the shop, status changes), sent on its events, and
 * the review request mail ORDER_REVIEW_DELAY days after delivery or pick-up (decision 0104).
 */
export function createOrderMailModule(
  shared: Pick<SharedPieces, 'db' | 'production' | 'now' | 'jobs'>,
  deps: {
    events: OrderEvents;
    mailLimiter: MailLimiter;
    readParametersIn: (tx: MailTransaction) => SiteParameterReader;
    sitesIn: (tx: MailTransaction) => Pick<SiteRepository, 'findById'>;
    /** The site's Google place (back office, else GOOGLE_PLACES_PLACE_IDS): the review request mail links to its review form. */
    googlePlaceIdOf: (siteId: number) => Promise<string | null>;
  },
) {
  let reviewRequests: ReturnType<typeof registerReviewRequests> | null = null;
  return {
    /** The pick-up places of orders, for the back office's packing slip. */
    places: createOrderMailRepository(shared.db),
    registerRoutes(app: FastifyInstance): void {
      registerOrderMails(app, {
        events: deps.events,
        mailLimiter: deps.mailLimiter,
        production: shared.production,
        now: shared.now,
        readParametersIn: deps.readParametersIn,
        sitesIn: deps.sitesIn,
      });
      reviewRequests = registerReviewRequests(app, {
        db: shared.db,
        events: deps.events,
        production: shared.production,
        now: shared.now,
        ...(shared.jobs ? { jobs: shared.jobs } : {}),
        readParametersIn: deps.readParametersIn,
        sitesIn: deps.sitesIn,
        placeIdOf: deps.googlePlaceIdOf,
      });
    },
    /** One run of the review request job (tests; the job runs it on its own). */
    async sendDueReviewRequests(): Promise<number> {
      if (!reviewRequests) throw new Error('The order mails are not registered');
      return reviewRequests.sendDue();
    },
  };
}

export type OrderMailModule = ReturnType<typeof createOrderMailModule>;
