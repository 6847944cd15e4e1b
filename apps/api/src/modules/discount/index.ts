import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { CartModule } from '../cart';
import { createAdminDiscountRepository } from './discount-admin-repository';
import { registerAdminDiscountRoutes } from './discount-admin-routes';
import { discountQueries } from './discount-repository';
import { registerDiscountRoutes } from './discount-routes';
import { createDiscountService, type VoucherCheck } from './discount-service';

export {
  discountQueries,
  type DiscountCustomer,
  type DiscountQueries,
} from './discount-repository';
export type {
  DiscountEvaluation,
  DiscountService,
  DiscountSnapshot,
  VoucherCheck,
} from './discount-service';
export { evaluateDiscountCode, snapshotOf } from './discount-service';

/**
 * Discount codes: POST /order/discount checks a code against the caller's cart. Gift vouchers
 * plug in through `voucherCheck`, asked when the site has no discount code of that name.
 */
export function createDiscountModule(
  shared: Pick<SharedPieces, 'db' | 'now'>,
  deps: { carts: CartModule; voucherCheck?: VoucherCheck },
) {
  const carts = deps.carts.service;
  const service = createDiscountService({
    queries: discountQueries(shared.db),
    cartOf: (siteId, cartId, caller) => carts.get(siteId, cartId, caller),
    now: shared.now,
    ...(deps.voucherCheck ? { voucherCheck: deps.voucherCheck } : {}),
  });
  const admin = createAdminDiscountRepository(shared.db);
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerDiscountRoutes(app, service, { carts, codeChecks: deps.carts.codeChecks });
      // The back office's discount codes.
      registerAdminDiscountRoutes(app, admin);
    },
  };
}

export type DiscountModule = ReturnType<typeof createDiscountModule>;
