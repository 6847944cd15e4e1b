import { loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { applyMigrations } from './db/migrate';
import { createSecretBox, loadSecretsKey, parseSecretsKey } from './lib/secret-box';
import { rotateSecrets, type SealedSecretStore } from './lib/secret-rotation';
import { paymentSecretStore } from './modules/payment';
import { relaySecretStore } from './modules/relay';
import { reviewSecretStore } from './modules/review';
import { explainStartupFailure } from './startup-errors';

/*
 * `npm run secrets:rotate -w @comptoir/api` (decision 0107): re-seals every secret entered in the
 * back office from the old platform key to the new one, in one transaction, and seals the Stripe
 * keys an older `stripe:configure` left in clear. Keys come from the environment only:
 *   OLD_SECRETS_KEY=<the key in use> SECRETS_KEY=<the new key> npm run secrets:rotate -w @comptoir/api
 * In development OLD_SECRETS_KEY may be left out: the key in DATA_DIR/secrets.key is the old one.
 * Then start the API with the new SECRETS_KEY. Run it again safely: values already under the new
 * key are left alone. No secret is ever printed.
 */

/** Every module's sealed secrets; a module that seals secrets adds its store here. */
const STORES: readonly SealedSecretStore[] = [
  paymentSecretStore,
  relaySecretStore,
  reviewSecretStore,
];

let config: Config | undefined;
let database: Database | undefined;
let step = 'reading the configuration';
try {
  config = loadConfig(process.env);
  if (!config.SECRETS_KEY) {
    throw new Error(
      'SECRETS_KEY must name the new key (32 random bytes in base64, for example from `openssl rand -base64 32`); OLD_SECRETS_KEY the key in use until now.',
    );
  }
  const newKey = parseSecretsKey(config.SECRETS_KEY);
  const oldKey = await loadSecretsKey({
    secretsKey: process.env.OLD_SECRETS_KEY,
    dataDir: config.DATA_DIR,
    production: config.NODE_ENV === 'production',
  }).catch((error: unknown) => {
    throw new Error(
      `OLD_SECRETS_KEY: ${(error as Error).message.replace('SECRETS_KEY must be set', 'OLD_SECRETS_KEY must be set')}`,
    );
  });
  step = 'opening the database';
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  step = 'applying migrations';
  await applyMigrations(database);
  step = 'rotating the secrets';
  const outcome = await rotateSecrets(
    database.db,
    STORES,
    createSecretBox(oldKey),
    createSecretBox(newKey),
  );
  console.log(
    `Secrets re-sealed under the new key: ${outcome.resealed} re-sealed, ${outcome.alreadyNew} already under it, ${outcome.sealedFromPlain} sealed from clear. Start the API with the new SECRETS_KEY.`,
  );
} catch (error) {
  console.error(
    step === 'rotating the secrets' || step === 'reading the configuration'
      ? `Secrets not rotated: ${(error as Error).message}`
      : explainStartupFailure(error, config, step),
  );
  process.exitCode = 1;
} finally {
  await database?.close();
}
