import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { applyMigrations } from '../../db/migrate';
import { sites } from '../../db/schema';
import { explainStartupFailure } from '../../startup-errors';
import { createStripeRepository } from './stripe-repository';

/*
 * `npm run stripe:configure -w @comptoir/api` (decision 0053): sets one site's Stripe keys, read
 * from the environment so that no secret goes through the command line or the shell history:
 *   STRIPE_SITE_ID=92 STRIPE_PUBLISHABLE_KEY=pk_… STRIPE_SECRET_KEY=sk_… \
 *   STRIPE_WEBHOOK_SECRET=whsec_… npm run stripe:configure -w @comptoir/api
 * With `-- --remove`, the site's keys are removed: card payment is no longer offered there.
 * The demo sites have none; the keys are never printed.
 */

const KEY_PATTERNS = {
  STRIPE_PUBLISHABLE_KEY: /^pk_(test|live)_[A-Za-z0-9]+$/,
  STRIPE_SECRET_KEY: /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
  STRIPE_WEBHOOK_SECRET: /^whsec_[A-Za-z0-9+/=]+$/,
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
  step = 'opening the database';
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  step = 'applying migrations';
  await applyMigrations(database);
  step = 'saving the Stripe keys';
  const [site] = await database.db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
  if (!site) throw new Error(`No site ${siteId} in this database (run the seed first?).`);
  const stripe = createStripeRepository(database.db);
  if (keys) {
    try {
      await stripe.saveAccount({ siteId, ...keys });
    } catch (error) {
      // A failed query's message lists its parameters, the secret key among them: never printed.
      const code = (error as { cause?: { code?: string } }).cause?.code ?? 'unknown';
      throw new Error(`The keys could not be saved (database error ${code}).`, { cause: null });
    }
    console.log(
      `Card payment set up for site ${siteId} (${keys.publishableKey.startsWith('pk_live_') ? 'live' : 'test'} keys). Stripe's webhook: POST /custom-stripe/webhook.`,
    );
  } else {
    await stripe.removeAccount(siteId);
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
