import type { FastifyInstance } from 'fastify';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { MailTransaction } from '../../plugins/mail';
import type { SharedPieces } from '../../shared';
import type { MailLimiter } from '../mail';
import type { OrderEvents } from '../order';
import type { SiteRepository } from '../site';
import { createOrderMailRepository } from './order-mail-repository';
import { registerOrderMails } from './order-mails';

export {
  DELIVERY_TYPE_LABELS,
  accessPointLines,
  addressLines,
  frenchDate,
  lineName,
} from './order-mail-content';

export { invoiceMail } from './order-mail-content';
export type { OrderMailRepository } from './order-mail-repository';

/** The order's mails (confirmation, notice to the shop, status changes), sent on its events. */
export function createOrderMailModule(
  shared: Pick<SharedPieces, 'db' | 'production' | 'now'>,
  deps: {
    events: OrderEvents;
    mailLimiter: MailLimiter;
    readParametersIn: (tx: MailTransaction) => SiteParameterReader;
    sitesIn: (tx: MailTransaction) => Pick<SiteRepository, 'findById'>;
  },
) {
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
    },
  };
}

export type OrderMailModule = ReturnType<typeof createOrderMailModule>;
