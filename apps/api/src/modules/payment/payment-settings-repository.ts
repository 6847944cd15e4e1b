import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteStripeAccounts, sitePaymentSettings } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import type { SealedSecretStore } from '../../lib/secret-rotation';
import { recordAudit, type AuditRecord } from '../audit';

export type PaymentSettingsRecord = typeof sitePaymentSettings.$inferSelect;

/** The Stripe keys as stored: the publishable key in clear, the two secrets sealed. */
export interface SealedStripeKeys {
  stripePublishableKey: string;
  stripeSecretKeySealed: string;
  stripeWebhookSecretSealed: string;
}

/**
 * The payment settings' rows (decision 0107). Every write replaces the site's older unsealed
 * row of site_stripe_accounts, if any: from then on this table alone says whether the site
 * takes cards. The journal's entry is written in the same transaction.
 */
export function createPaymentSettingsRepository(db: Db) {
  return {
    async settingsOf(siteId: number): Promise<PaymentSettingsRecord | null> {
      const [row] = await db
        .select()
        .from(sitePaymentSettings)
        .where(eq(sitePaymentSettings.siteId, siteId));
      return row ?? null;
    },

    /** Sets the keys (null: removes them, the row stays to say so) and journals the change. */
    async saveStripeKeys(
      siteId: number,
      keys: SealedStripeKeys | null,
      /** Null for the command line (no administrator to name). */
      audit: Omit<AuditRecord, 'siteId'> | null,
    ): Promise<void> {
      const values = {
        stripePublishableKey: keys?.stripePublishableKey ?? null,
        stripeSecretKeySealed: keys?.stripeSecretKeySealed ?? null,
        stripeWebhookSecretSealed: keys?.stripeWebhookSecretSealed ?? null,
        updatedAt: new Date(),
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(sitePaymentSettings)
          .values({ siteId, ...values })
          .onConflictDoUpdate({ target: sitePaymentSettings.siteId, set: values });
        await tx.delete(siteStripeAccounts).where(eq(siteStripeAccounts.siteId, siteId));
        if (audit) await recordAudit(tx, { siteId, ...audit });
      });
    },

    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },
  };
}

export type PaymentSettingsRepository = ReturnType<typeof createPaymentSettingsRepository>;

const SEALED_COLUMNS = ['stripeSecretKeySealed', 'stripeWebhookSecretSealed'] as const;

/**
 * The payment settings' sealed secrets for `npm run secrets:rotate` (lib/secret-rotation); it
 * also seals the older unsealed rows of site_stripe_accounts into site_payment_settings (a site
 * that already has a settings row keeps it) and deletes them: no Stripe secret stays in clear.
 */
export const paymentSecretStore: SealedSecretStore = {
  name: 'payment settings (Stripe keys)',
  async list(tx) {
    const rows = await tx.select().from(sitePaymentSettings);
    return rows.map((row) => ({
      rowId: String(row.siteId),
      sealed: Object.fromEntries(SEALED_COLUMNS.map((column) => [column, row[column]])),
    }));
  },
  async replace(tx, rowId, sealed) {
    const values: Partial<Record<(typeof SEALED_COLUMNS)[number], string>> = {};
    for (const column of SEALED_COLUMNS) if (sealed[column]) values[column] = sealed[column];
    await tx
      .update(sitePaymentSettings)
      .set(values)
      .where(eq(sitePaymentSettings.siteId, Number(rowId)));
  },
  async sealPlain(tx, box: SecretBox) {
    const plain = await tx.select().from(siteStripeAccounts);
    for (const account of plain) {
      await tx
        .insert(sitePaymentSettings)
        .values({
          siteId: account.siteId,
          stripePublishableKey: account.publishableKey,
          stripeSecretKeySealed: box.seal(account.secretKey),
          stripeWebhookSecretSealed: box.seal(account.webhookSigningSecret),
        })
        .onConflictDoNothing();
      await tx.delete(siteStripeAccounts).where(eq(siteStripeAccounts.siteId, account.siteId));
    }
    return plain.length;
  },
};
