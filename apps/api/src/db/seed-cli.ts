import { loadConfig, type Config } from '../config';
import { explainStartupFailure } from '../startup-errors';
import { openDatabase, type Database } from './client';
import { applyMigrations } from './migrate';
import { SAMPLE_SITE_IDS, seedDatabase } from './seed/seed';

/** `npm run seed`: applies the migrations, then writes whatever sample data is missing. */
let config: Config | undefined;
let database: Database | undefined;
let step = 'reading the configuration';
try {
  config = loadConfig(process.env);
  step = 'opening the database';
  database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  console.log(
    `Database: ${database.kind === 'pglite' ? 'PGlite in' : 'PostgreSQL at'} ${database.location}`,
  );
  step = 'applying migrations';
  await applyMigrations(database);
  step = 'seeding the sample sites';
  const started = performance.now();
  const { inserted } = await seedDatabase(database.db, {
    demoAdminPassword: config.DEMO_ADMIN_PASSWORD,
  });
  const elapsed = Math.round(performance.now() - started);
  console.log(
    inserted
      ? `Seeded sample sites ${SAMPLE_SITE_IDS.join(' and ')} in ${elapsed} ms.`
      : 'Nothing to seed: the sample data is already there.',
  );
} catch (error) {
  console.error(explainStartupFailure(error, config, step));
  process.exitCode = 1;
} finally {
  await database?.close();
}
