import type { FastifyInstance } from 'fastify';
import type { GiftVoucherService } from '../gift-voucher';
import type { SharedPieces } from '../../shared';
import { createAdminGiftVoucherRepository } from './admin-gift-voucher-repository';
import { registerAdminGiftVoucherRoutes } from './admin-gift-voucher-routes';

/** The back office's gift vouchers: the list, a resend and the changes of a voucher. */
export function createAdminGiftVoucherModule(
  shared: Pick<SharedPieces, 'db' | 'now'>,
  deps: { giftVouchers: GiftVoucherService },
) {
  const repository = createAdminGiftVoucherRepository(shared.db);
  return {
    registerRoutes(app: FastifyInstance): void {
      registerAdminGiftVoucherRoutes(
        app,
        { giftVouchers: deps.giftVouchers, now: shared.now },
        repository,
      );
    },
  };
}

export type AdminGiftVoucherModule = ReturnType<typeof createAdminGiftVoucherModule>;
