import type { FastifyInstance } from 'fastify';
import type { RateLimit } from '../../lib/rate-limits';
import type { SharedPieces } from '../../shared';
import { createCartRepository } from './cart-repository';
import { registerCartRoutes } from './cart-routes';
import { createCartService } from './cart-service';
import { CodeCheckBudget, NewCartLimiter } from './cart-steps';

export {
  cartCallerOf,
  cartCodeForOrder,
  clientAddressKey,
  CodeCheckBudget,
  codesCarried,
  NewCartLimiter,
  type CartCodeJudge,
  type CartCodeJudgement,
} from './cart-steps';
export { ownsCart, type CartCaller, type CartOutcome, type CartService } from './cart-service';

/**
 * The cart module: the carts and their lines, and the budget of code checks that the discount,
 * gift-voucher and order modules spend from too (decision 0080).
 */
export function createCartModule(
  shared: Pick<SharedPieces, 'db' | 'storage' | 'counters' | 'readParameters'>,
  settings: {
    cookieDomain?: string;
    newCartsPerIp: RateLimit;
    discountChecksPerIp: RateLimit;
    discountChecksPerCart: RateLimit;
  },
) {
  const newCarts = new NewCartLimiter(settings.newCartsPerIp, { counters: shared.counters });
  const service = createCartService(
    createCartRepository(shared.db),
    shared.storage,
    newCarts,
    shared.readParameters,
  );
  // One budget for every call that judges a discount or gift-voucher code (decision 0080).
  const codeChecks = new CodeCheckBudget(
    { perAddress: settings.discountChecksPerIp, perCart: settings.discountChecksPerCart },
    { counters: shared.counters },
  );
  return {
    service,
    codeChecks,
    registerRoutes(app: FastifyInstance): void {
      registerCartRoutes(app, service, {
        ...(settings.cookieDomain ? { cookieDomain: settings.cookieDomain } : {}),
        newCarts,
        codeChecks,
      });
    },
  };
}

export type CartModule = ReturnType<typeof createCartModule>;
