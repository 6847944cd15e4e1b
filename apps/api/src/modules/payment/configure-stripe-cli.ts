import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { sites } from '../../db/schema';
import { createSecretBox, loadSecretsKey } from '../../lib/secret-box';
import { explainStartupFailure } from '../../startup-errors';
import {
  STRIPE_PUBLISHABLE_KEY_PATTERN,
  STRIPE_SECRET_KEY_PATTERN,
  STRIPE_WEBHOOK_SECRET_PATTERN,
} from '@comptoir/contract/admin-payment';
import { createPaymentSettingsRepository } from './payment-settings-repository';

/*
 * `npm run stripe:configure -w @comptoir/api` (decision 0053): sets one site's Stripe keys, read
 * from the environment so that no secret goes through the command line or the shell history:
 *   STRIPE_SITE_ID=92 STRIPE_PUBLISHABLE_KEY=pk_… STRIPE_SECRET_KEY=sk_… \
 *   STRIPE_WEBHOOK_SECRET=whsec_… npm run stripe:configure -w @comptoir/api
 * With `-- --remove`, the site's keys are removed: card payment is no longer offered there.
 * The demo sites have none; the keys are never printed. Since decision 0107 the keys are sealed
 * with SECRETS_KEY (the development key under DATA_DIR when unset) in site_payment_settings, as
 * the back office's payment screen keeps them; the owner can also enter them there.
 */

const KEY_PATTERNS = {
  STRIPE_PUBLISHABLE_KEY: STRIPE_PUBLISHABLE_KEY_PATTERN,
  STRIPE_SECRET_KEY: STRIPE_SECRET_KEY_PATTERN,
  STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET_PATTERN,
} as const;

function requiredKey(name: keyof typeof KEY_PATTERNS): string {
  const value = process.env[name]?.trim();
  if (!value || !KEY_PATTERNS[name].test(value)) {
    throw new Error(
      `${name} is missing or is not a Stripe ${name.slice(7).toLowerCase().replace('_', ' ')}.`,
    );
  }
  return value;
}

let config: Config | undefined;
let database: Database | undefined;
let step = 'reading the configuration';
try {
  config = loadConfig(process.env);
  const siteId = Number(process.env.STRIPE_SITE_ID);
  if (!Number.isInteger(siteId) || siteId <= 0) {
    throw new Error('STRIPE_SITE_ID must name the site (a positive integer, for example 92).');
  }
  const remove = process.argv.includes('--remove');
  const keys = remove
    ? null
    : {
        publishableKey: requiredKey('STRIPE_PUBLISHABLE_KEY'),
        secretKey: requiredKey('STRIPE_SECRET_KEY'),
        webhookSigningSecret: requiredKey('STRIPE_WEBHOOK_SECRET'),
      };
  const secrets = createSecretBox(
    await loadSecretsKey({
      secretsKey: config.SECRETS_KEY,
      dataDir: config.DATA_DIR,
      production: config.NODE_ENV === 'production',
    }),
  );
  step = 'opening the database';
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  step = 'applying migrations';
  await applyMigrations(database);
  step = 'saving the Stripe keys';
  const [site] = await database.db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new Error(`No site ${siteId} in this database (run the seed first?).`);
  const settings = createPaymentSettingsRepository(database.db);
  if (keys) {
    try {
      await settings.saveStripeKeys(
        siteId,
        {
          stripePublishableKey: keys.publishableKey,
          stripeSecretKeySealed: secrets.seal(keys.secretKey),
          stripeWebhookSecretSealed: secrets.seal(keys.webhookSigningSecret),
        },
        null,
      );
    } catch (error) {
      // A failed query's message lists its parameters, the secret key among them: never printed.
      const code = (error as { cause?: { code?: string } }).cause?.code ?? 'unknown';
      throw new Error(`The keys could not be saved (database error ${code}).`, { cause: null });
    }
    console.log(
      `Card payment set up for site ${siteId} (${keys.publishableKey.startsWith('pk_live_') ? 'live' : 'test'} keys). Stripe's webhook: POST /custom-stripe/webhook.`,
    );
  } else {
    await settings.saveStripeKeys(siteId, null, null);
    console.log(`Card payment removed from site ${siteId}.`);
  }
} catch (error) {
  console.error(
    step === 'saving the Stripe keys' || step === 'reading the configuration'
      ? `Stripe keys not saved: ${(error as Error).message}`
      : explainStartupFailure(error, config, step),
  );
  process.exitCode = 1;
} finally {
  await database?.close();
}
