import type { FastifyInstance } from 'fastify';
import type { SecretBox } from '../../lib/secret-box';
import type { SharedPieces } from '../../shared';
import type { AuditActor } from '../audit';
import type { OrderService } from '../order';
import { registerPaymentRoutes } from './payment-routes';
import { createPaymentService } from './payment-service';
import { createStripeClients, type StripeApiAddress } from './stripe-client';
import { registerPaymentSettingsRoutes } from './payment-settings-routes';
import { createPaymentSettingsService, type BankParameters } from './payment-settings-service';
import type { StripeAccounts } from './stripe-accounts';

export { STRIPE_WEBHOOK_PATH } from './payment-routes';
export { stripeApiAddressOf, type StripeApiAddress } from './stripe-client';
export { createStripeRepository, type StripeRepository } from './stripe-repository';
export { createStripeAccounts, type StripeAccounts } from './stripe-accounts';
export {
  createPaymentSettingsRepository,
  paymentSecretStore,
  type PaymentSettingsRepository,
} from './payment-settings-repository';
export { type BankParameters } from './payment-settings-service';

/**
 * Card payment through Stripe (decision 0053): the public key, the PaymentIntent of an order, the
 * webhook that marks orders paid or refunded, and the back office's refund and status routes;
 * the back office's payment screen (decision 0107): Stripe keys sealed, bank details, cheque payee.
 */
export function createPaymentModule(
  shared: Pick<SharedPieces, 'log' | 'readParameters'>,
  deps: {
    accounts: StripeAccounts;
    orders: OrderService;
    secrets: SecretBox;
    /** The site module's parameter write (the bank details are the site's payment parameters). */
    saveParameters: (siteId: number, actor: AuditActor, values: BankParameters) => Promise<unknown>;
    stripeApi?: StripeApiAddress;
  },
) {
  const service = createPaymentService({
    repository: deps.accounts.repository,
    orders: deps.orders,
    stripe: createStripeClients(deps.stripeApi),
    log: shared.log,
  });
  const settings = createPaymentSettingsService({
    repository: deps.accounts.settings,
    accounts: deps.accounts,
    secrets: deps.secrets,
    readParameters: shared.readParameters,
    saveParameters: deps.saveParameters,
  });
  return {
    service,
    settings,
    registerRoutes(app: FastifyInstance): void {
      registerPaymentRoutes(app, service);
      registerPaymentSettingsRoutes(app, settings);
    },
  };
}

export type PaymentModule = ReturnType<typeof createPaymentModule>;
