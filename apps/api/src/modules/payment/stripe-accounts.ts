import type { SharedPieces } from '../../shared';
import type { SecretBox } from '../../lib/secret-box';
import { createPaymentSettingsRepository } from './payment-settings-repository';
import {
  createStripeRepository,
  type StripeAccountRecord,
  type StripeRepository,
} from './stripe-repository';

export interface StripeAccountWithSource extends Omit<StripeAccountRecord, 'updatedAt'> {
  /** BACK_OFFICE: sealed in site_payment_settings; COMMAND: an older unsealed row. */
  source: 'BACK_OFFICE' | 'COMMAND';
}

/**
 * The sites' Stripe accounts (decisions 0053, 0107), made before the order module: the
 * checkout's payment methods ask whether a site takes cards. The keys the owner saved in the
 * back office (sealed, opened here with the secret box) are the source; a site without a
 * settings row falls back on its older site_stripe_accounts row (`stripe:configure` before
 * 0107), so an existing install keeps taking cards. A sealed key that cannot be opened (the
 * platform key changed without the rotation command) is logged, without the key, and card
 * payment is not offered there: never a 500 at checkout.
 */
export function createStripeAccounts(
  shared: Pick<SharedPieces, 'db' | 'log'>,
  deps: { secrets: SecretBox },
) {
  const stripe = createStripeRepository(shared.db);
  const settings = createPaymentSettingsRepository(shared.db);

  async function accountWithSource(siteId: number): Promise<StripeAccountWithSource | null> {
    const row = await settings.settingsOf(siteId);
    if (row) {
      if (
        row.stripePublishableKey === null ||
        row.stripeSecretKeySealed === null ||
        row.stripeWebhookSecretSealed === null
      ) {
        return null;
      }
      try {
        return {
          siteId,
          publishableKey: row.stripePublishableKey,
          secretKey: deps.secrets.open(row.stripeSecretKeySealed),
          webhookSigningSecret: deps.secrets.open(row.stripeWebhookSecretSealed),
          source: 'BACK_OFFICE',
        };
      } catch {
        shared.log.error(
          { siteId },
          'The sealed Stripe keys of this site cannot be opened: SECRETS_KEY changed without `npm run secrets:rotate`? Card payment is not offered there.',
        );
        return null;
      }
    }
    const legacy = await stripe.accountOf(siteId);
    return legacy
      ? {
          siteId,
          publishableKey: legacy.publishableKey,
          secretKey: legacy.secretKey,
          webhookSigningSecret: legacy.webhookSigningSecret,
          source: 'COMMAND',
        }
      : null;
  }

  /** The payment service's repository: the same, with the accounts read as above. */
  const repository: StripeRepository = {
    ...stripe,
    async accountOf(siteId) {
      const account = await accountWithSource(siteId);
      return account
        ? {
            siteId,
            publishableKey: account.publishableKey,
            secretKey: account.secretKey,
            webhookSigningSecret: account.webhookSigningSecret,
            updatedAt: new Date(0),
          }
        : null;
    },
  };

  return {
    repository,
    settings,
    accountWithSource,
    /** Whether the site takes cards (it has Stripe keys): GET /order/payment-methods adds CARD. */
    async cardPaymentAvailable(siteId: number): Promise<boolean> {
      return (await accountWithSource(siteId)) !== null;
    },
  };
}

export type StripeAccounts = ReturnType<typeof createStripeAccounts>;
