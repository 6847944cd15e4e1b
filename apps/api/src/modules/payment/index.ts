import type { FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { OrderService } from '../order';
import { registerPaymentRoutes } from './payment-routes';
import { createPaymentService } from './payment-service';
import { createStripeClients, type StripeApiAddress } from './stripe-client';
import { createStripeRepository, type StripeRepository } from './stripe-repository';

export { STRIPE_WEBHOOK_PATH } from './payment-routes';
export { stripeApiAddressOf, type StripeApiAddress } from './stripe-client';
export { createStripeRepository, type StripeRepository } from './stripe-repository';

/**
 * The sites' Stripe accounts, made before the order module: the checkout's payment methods ask
 * whether a site takes cards (it has Stripe keys). The payment module, made after the order
 * module, is given these same accounts and the order service: no late binding either way.
 */
export function createStripeAccounts(shared: Pick<SharedPieces, 'db'>) {
  const repository = createStripeRepository(shared.db);
  return {
    repository,
    /** Whether the site takes cards (it has Stripe keys): GET /order/payment-methods adds CARD. */
    async cardPaymentAvailable(siteId: number): Promise<boolean> {
      return (await repository.accountOf(siteId)) !== null;
    },
  };
}

export type StripeAccounts = ReturnType<typeof createStripeAccounts>;

/**
 * Card payment through Stripe (decision 0053): the public key, the PaymentIntent of an order, the
 * webhook that marks orders paid or refunded, and the back office's refund and status routes.
 */
export function createPaymentModule(
  shared: Pick<SharedPieces, 'log'>,
  deps: {
    accounts: { repository: StripeRepository };
    orders: OrderService;
    stripeApi?: StripeApiAddress;
  },
) {
  const service = createPaymentService({
    repository: deps.accounts.repository,
    orders: deps.orders,
    stripe: createStripeClients(deps.stripeApi),
    log: shared.log,
  });
  return {
    service,
    registerRoutes(app: FastifyInstance): void {
      registerPaymentRoutes(app, service);
    },
  };
}

export type PaymentModule = ReturnType<typeof createPaymentModule>;
