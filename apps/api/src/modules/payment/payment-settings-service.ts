import {
  BIC_MESSAGE,
  BIC_WITHOUT_IBAN_MESSAGE,
  IBAN_MESSAGE,
  maskSecret,
  SECRET_KEY_REQUIRED_MESSAGE,
  STRIPE_MODE_MISMATCH_MESSAGE,
  WEBHOOK_SECRET_REQUIRED_MESSAGE,
  type AdminPaymentSettings,
  type bankDetailsInputSchema,
  type stripeKeysInputSchema,
} from '@comptoir/contract/admin-payment';
import type { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { checkedBic, checkedIban } from '../../lib/bank-details';
import type { SecretBox } from '../../lib/secret-box';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { AuditActor } from '../audit';
import { STRIPE_WEBHOOK_PATH } from './payment-routes';
import type { PaymentSettingsRepository } from './payment-settings-repository';
import type { StripeAccounts } from './stripe-accounts';

type StripeKeysInput = z.output<typeof stripeKeysInputSchema>;
type BankDetailsInput = z.output<typeof bankDetailsInputSchema>;

/** The five parameters the bank part of the screen writes (read by the order's instructions). */
export type BankParameters = Record<
  | 'PAYMENT_ACCOUNT_HOLDER'
  | 'PAYMENT_IBAN'
  | 'PAYMENT_BIC'
  | 'PAYMENT_CHEQUE_PAYEE'
  | 'PAYMENT_CHEQUE_ADDRESS',
  string | null
>;

export interface PaymentSettingsDependencies {
  repository: PaymentSettingsRepository;
  accounts: StripeAccounts;
  secrets: SecretBox;
  readParameters: SiteParameterReader;
  /** The site module's parameter write: journaled per parameter, caches refreshed. */
  saveParameters: (siteId: number, actor: AuditActor, values: BankParameters) => Promise<unknown>;
}

function modeOf(key: string): 'test' | 'live' {
  return key.includes('_live_') ? 'live' : 'test';
}

/**
 * The back office's payment screen (decision 0107): the Stripe keys, sealed with the platform's
 * key and answered masked only; the bank details and cheque payee, kept as the site's payment
 * parameters that the order's instructions already read, with the IBAN and BIC checked.
 */
export function createPaymentSettingsService(dependencies: PaymentSettingsDependencies) {
  const { repository, accounts, secrets, readParameters, saveParameters } = dependencies;

  async function settings(siteId: number): Promise<AdminPaymentSettings> {
    const account = await accounts.accountWithSource(siteId);
    const parameters = await readParameters(siteId);
    return {
      stripe: {
        cardPaymentAvailable: account !== null,
        source: account?.source ?? null,
        mode: account ? modeOf(account.publishableKey) : null,
        publishableKey: account?.publishableKey ?? null,
        secretKeyMasked: account ? maskSecret(account.secretKey) : null,
        webhookSecretMasked: account ? maskSecret(account.webhookSigningSecret) : null,
        webhookPath: `/api${STRIPE_WEBHOOK_PATH}`,
      },
      bank: {
        accountHolder: parameters.text('PAYMENT_ACCOUNT_HOLDER'),
        iban: parameters.text('PAYMENT_IBAN'),
        bic: parameters.text('PAYMENT_BIC'),
        chequePayee: parameters.text('PAYMENT_CHEQUE_PAYEE'),
        chequeAddress: parameters.text('PAYMENT_CHEQUE_ADDRESS'),
      },
    };
  }

  return {
    settings,

    /** Sets the keys; an absent secret keeps the current one (the form never holds it). */
    async saveStripeKeys(
      siteId: number,
      actor: AuditActor,
      input: StripeKeysInput,
    ): Promise<AdminPaymentSettings> {
      const current = await accounts.accountWithSource(siteId);
      const secretKey = input.secretKey ?? current?.secretKey;
      const webhookSecret = input.webhookSecret ?? current?.webhookSigningSecret;
      if (!secretKey) throw new HttpError(400, SECRET_KEY_REQUIRED_MESSAGE);
      if (!webhookSecret) throw new HttpError(400, WEBHOOK_SECRET_REQUIRED_MESSAGE);
      if (modeOf(input.publishableKey) !== modeOf(secretKey)) {
        throw new HttpError(400, STRIPE_MODE_MISMATCH_MESSAGE);
      }
      const changed = {
        publishableKey: input.publishableKey !== current?.publishableKey,
        secretKey: secretKey !== current?.secretKey,
        webhookSecret: webhookSecret !== current?.webhookSigningSecret,
      };
      if (current?.source === 'BACK_OFFICE' && !Object.values(changed).some(Boolean)) {
        return settings(siteId);
      }
      const what = [
        changed.publishableKey ? 'clé publiable' : null,
        changed.secretKey ? 'clé secrète' : null,
        changed.webhookSecret ? 'secret du webhook' : null,
      ].filter((part): part is string => part !== null);
      // The journal says which keys changed and the publishable one; never a secret, even masked.
      await repository.saveStripeKeys(
        siteId,
        {
          stripePublishableKey: input.publishableKey,
          stripeSecretKeySealed: secrets.seal(secretKey),
          stripeWebhookSecretSealed: secrets.seal(webhookSecret),
        },
        {
          actor,
          action: current ? 'update' : 'create',
          entityType: 'payment-settings',
          entityId: 'stripe',
          summary: current
            ? `Paiement par carte : ${what.length > 0 ? what.join(', ') : 'clés'} modifié${what.length > 1 ? 's' : ''}`
            : `Paiement par carte activé (clés Stripe de ${modeOf(input.publishableKey) === 'live' ? 'production' : 'test'})`,
          before: current
            ? { publishableKey: current.publishableKey, mode: modeOf(current.publishableKey) }
            : null,
          after: {
            publishableKey: input.publishableKey,
            mode: modeOf(input.publishableKey),
            changed: what,
          },
        },
      );
      return settings(siteId);
    },

    async removeStripeKeys(siteId: number, actor: AuditActor): Promise<AdminPaymentSettings> {
      const current = await accounts.accountWithSource(siteId);
      if (!current) return settings(siteId);
      await repository.saveStripeKeys(siteId, null, {
        actor,
        action: 'delete',
        entityType: 'payment-settings',
        entityId: 'stripe',
        summary: 'Paiement par carte désactivé (clés Stripe retirées)',
        before: { publishableKey: current.publishableKey, mode: modeOf(current.publishableKey) },
        after: null,
      });
      return settings(siteId);
    },

    /** IBAN and BIC checked by their checksums and formats; the IBAN kept in groups of four. */
    async saveBankDetails(
      siteId: number,
      actor: AuditActor,
      input: BankDetailsInput,
    ): Promise<AdminPaymentSettings> {
      let iban: string | null = null;
      if (input.iban !== null) {
        iban = checkedIban(input.iban);
        if (iban === null) throw new HttpError(400, IBAN_MESSAGE);
      }
      let bic: string | null = null;
      if (input.bic !== null) {
        bic = checkedBic(input.bic);
        if (bic === null) throw new HttpError(400, BIC_MESSAGE);
        if (iban === null) throw new HttpError(400, BIC_WITHOUT_IBAN_MESSAGE);
      }
      await saveParameters(siteId, actor, {
        PAYMENT_ACCOUNT_HOLDER: input.accountHolder,
        PAYMENT_IBAN: iban,
        PAYMENT_BIC: bic,
        PAYMENT_CHEQUE_PAYEE: input.chequePayee,
        PAYMENT_CHEQUE_ADDRESS: input.chequeAddress,
      });
      return settings(siteId);
    },
  };
}

export type PaymentSettingsService = ReturnType<typeof createPaymentSettingsService>;
