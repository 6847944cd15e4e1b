import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { MailLimiter } from '../mail';
import { createBookingAdminService } from './booking-admin-service';
import { registerBookingAdminRoutes } from './booking-admin-routes';
import { createBookingMails } from './booking-mail-sender';
import { createBookingJob } from './booking-reminders';
import { createBookingRepository } from './booking-repository';
import { registerBookingRoutes } from './booking-routes';
import { BOOKING_PAYMENT_KIND, createBookingService, type CardPayments } from './booking-service';

export type { CardPayments } from './booking-service';

/** What the reservations use of the payment module (decision 0053): its Stripe, by kind. */
export interface BookingPayments {
  /** Whether the site takes cards (a service asking for a deposit is booked only then). */
  cardAvailable(siteId: number): Promise<boolean>;
  startIntent: CardPayments['startIntent'];
  refundIntent: CardPayments['refund'];
  listenToIntents(
    kind: string,
    listener: {
      succeeded(
        siteId: number,
        intent: { id: string; amountReceived: number; currency: string },
      ): Promise<string>;
    },
  ): void;
}

/**
 * Reservations (docs/requirements/reservations.md, decision 0124): bookable services and their
 * resources, free times, holds, confirmation as a guest or a customer, cancel and move with the
 * booking's token, card deposits through the payment module, mails with an .ics and the
 * reminder job.
 */
export function createBookingModule(
  shared: Pick<
    SharedPieces,
    'db' | 'now' | 'readParameters' | 'mailer' | 'production' | 'jobs' | 'log'
  >,
  deps: {
    payments: BookingPayments;
    mailLimiter: MailLimiter;
    sites: {
      findById(
        siteId: number,
      ): Promise<{ name: string; prodUrl: string | null; devUrl: string | null } | null>;
    };
  },
) {
  const repository = createBookingRepository(shared.db);
  const mails = createBookingMails({
    mailer: shared.mailer,
    mailLimiter: deps.mailLimiter,
    readParameters: shared.readParameters,
    sites: deps.sites,
    production: shared.production,
    now: shared.now,
  });
  const service = createBookingService({
    repository,
    now: shared.now,
    payments: {
      cardAvailable: (siteId) => deps.payments.cardAvailable(siteId),
      startIntent: (siteId, input) => deps.payments.startIntent(siteId, input),
      refund: (siteId, id, amount, key) => deps.payments.refundIntent(siteId, id, amount, key),
    },
    mails,
    log: shared.log,
  });
  const admin = createBookingAdminService({
    db: shared.db,
    repository,
    bookings: service,
    mails,
    now: shared.now,
  });
  deps.payments.listenToIntents(BOOKING_PAYMENT_KIND, {
    succeeded: (siteId, intent) => service.paymentSucceeded(siteId, intent),
  });
  const job = createBookingJob({
    db: shared.db,
    repository,
    mails,
    now: shared.now,
    personNameOf: async (siteId, personId) =>
      personId === null
        ? null
        : ((await repository.resourcesByIdsAll(siteId, [personId]))[0]?.name ?? null),
  });
  return {
    service,
    /** The back office's side; its `countBooked` feeds the dashboard's figures. */
    admin,
    /** One run of the reminder and housekeeping job (tests; the job runs it on its own). */
    runJob: () => job.run(),
    registerRoutes(app: FastifyInstance): void {
      registerBookingRoutes(app, service);
      registerBookingAdminRoutes(app, admin);
      const stop = job.start(shared.jobs, (error) =>
        app.log.error({ err: error, job: 'booking-reminders' }, 'job failed'),
      );
      app.addHook('onClose', stop);
    },
  };
}

export type BookingModule = ReturnType<typeof createBookingModule>;
