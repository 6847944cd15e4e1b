import type { FastifyInstance } from 'fastify';
import { checkDiscount } from '@comptoir/contract/discount';
import { registerEndpoint } from '../../http/register-endpoint';
import { cartCallerOf } from '../cart/cart-routes';
import type { CartService } from '../cart/cart-service';
import type { CodeCheckBudget } from './code-check-budget';
import { discountQueries } from './discount-repository';
import { createDiscountService, type DiscountService, type VoucherCheck } from './discount-service';

/**
 * POST /order/discount (docs/requirements/discount-codes.md): a code checked against the caller's cart. Gift vouchers plug in
 * through `voucherCheck`, asked when the site has no discount code of that name.
 */
export function registerDiscountRoutes(
  app: FastifyInstance,
  options: {
    carts: CartService;
    now: () => Date;
    /** Codes judged per client address and per cart, shared with the order and cart calls. */
    codeChecks: CodeCheckBudget;
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

  registerEndpoint(app, checkDiscount, async ({ request, body }) => {
    const caller = await cartCallerOf(request);
    await options.codeChecks.spendOnCart(carts, request.site.id, body.idCart, caller, 1);
    return service.check(request.site.id, body, caller);
  });
  return service;
}
