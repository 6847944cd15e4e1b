import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { CartService } from '../cart';
import type { MailLimiter } from '../mail';
import type { SiteRepository } from '../site';
import { createAdminGiftVoucherRepository } from './gift-voucher-admin-repository';
import { registerAdminGiftVoucherRoutes } from './gift-voucher-admin-routes';
import { createGiftVoucherRepository } from './gift-voucher-repository';
import { registerGiftVoucherRoutes, type OrderPayments } from './gift-voucher-routes';
import { createGiftVoucherService } from './gift-voucher-service';

export { newGiftVoucherCode } from './gift-voucher-service';
export type {
  GiftVoucherService,
  OrderGiftVouchers,
  TakenGiftVoucher,
} from './gift-voucher-service';

/**
 * Gift vouchers (issue 10, decision 0052): sold as a cart line, issued once the order that
 * bought them is paid (they listen to the order events) and mailed on their day; the order module
 * takes them as a means of payment (`service.payments`), the discount check answers for them
 * (`service.check`). Its back-office routes live here too (decision 0088).
 */
export function createGiftVoucherModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters' | 'mailer' | 'production' | 'now' | 'jobs'>,
  deps: {
    carts: CartService;
    sites: Pick<SiteRepository, 'findById'>;
    mailLimiter: MailLimiter;
    /** The order events (the order module's), for the payments that issue vouchers. */
    events: OrderPayments;
    cookieDomain?: string;
  },
) {
  const service = createGiftVoucherService({
    repository: createGiftVoucherRepository(shared.db),
    carts: deps.carts,
    readParameters: shared.readParameters,
    findSite: (siteId) => deps.sites.findById(siteId),
    mailer: shared.mailer,
    mailLimiter: deps.mailLimiter,
    production: shared.production,
    now: shared.now,
  });
  const admin = createAdminGiftVoucherRepository(shared.db);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerGiftVoucherRoutes(app, service, {
        events: deps.events,
        ...(deps.cookieDomain ? { cookieDomain: deps.cookieDomain } : {}),
        ...(shared.jobs ? { jobs: shared.jobs } : {}),
      });
      // The back office's vouchers: the list, a resend and the changes of a voucher.
      registerAdminGiftVoucherRoutes(app, { giftVouchers: service, now: shared.now }, admin);
    },
  };
}

export type GiftVoucherModule = ReturnType<typeof createGiftVoucherModule>;
