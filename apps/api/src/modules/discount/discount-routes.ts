import type { FastifyInstance } from 'fastify';
import { checkDiscount } from '@comptoir/contract/discount';
import { registerEndpoint } from '../../http/register-endpoint';
import { cartCallerOf, type CartService, type CodeCheckBudget } from '../cart';
import type { DiscountService } from './discount-service';

/**
 * POST /order/discount (docs/requirements/discount-codes.md): a code checked against the caller's cart. Gift vouchers plug in
 * through `voucherCheck`, asked when the site has no discount code of that name.
 */
export function registerDiscountRoutes(
  app: FastifyInstance,
  service: DiscountService,
  options: {
    carts: CartService;
    /** Codes judged per client address and per cart, shared with the order and cart calls. */
    codeChecks: CodeCheckBudget;
  },
): void {
  const { carts } = options;
  registerEndpoint(app, checkDiscount, async ({ request, body }) => {
    const caller = await cartCallerOf(request);
    await options.codeChecks.spendOnCart(carts, request.site.id, body.idCart, caller, 1);
    return service.check(request.site.id, body, caller);
  });
}
