import type { FastifyInstance } from 'fastify';
import { checkDiscount } from '@comptoir/contract/discount';
import { registerEndpoint } from '../../http/register-endpoint';
import { registerWithIpRateLimit, type RateLimit } from '../../lib/rate-limits';
import { cartCallerOf } from '../cart/cart-routes';
import type { CartService } from '../cart/cart-service';
import { discountQueries } from './discount-repository';
import { createDiscountService, type DiscountService, type VoucherCheck } from './discount-service';

/**
 * POST /order/discount (spec §7): a code checked against the caller's cart. Gift vouchers plug in
 * through `voucherCheck`, asked when the site has no discount code of that name.
 */
export function registerDiscountRoutes(
  app: FastifyInstance,
  options: {
    carts: CartService;
    now: () => Date;
    /** Codes tried per client address (a code is a secret worth guessing). */
    checksPerIp: RateLimit;
    voucherCheck?: VoucherCheck;
  },
): DiscountService {
  const { carts } = options;
  const service = createDiscountService({
    queries: discountQueries(app.database.db),
    cartOf: (siteId, cartId, caller) => carts.get(siteId, cartId, caller),
    now: options.now,
    ...(options.voucherCheck ? { voucherCheck: options.voucherCheck } : {}),
  });

  registerWithIpRateLimit(app, options.checksPerIp, (scope) => {
    registerEndpoint(scope, checkDiscount, async ({ request, body }) =>
      service.check(request.site.id, body, await cartCallerOf(request)),
    );
  });
  return service;
}
