import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadServerConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { createPgBossJobRunner } from './lib/pg-boss-jobs';
import { shutDown } from './plugins/lifecycle';
import { applyMigrations } from './db/migrate';
import { hasMissingSampleSites, SAMPLE_SITE_IDS, seedDatabase } from './db/seed/seed';
import { loadSecretsKey } from './lib/secret-box';
import { explainStartupFailure } from './startup-errors';
import type { Tracing } from './observability/tracing';

/** Progress for what a person waits for; the request log goes through pino. */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Starts the API (server.ts, once tracing is on when it is configured). */
export async function start(tracing: Tracing | null): Promise<void> {
  let config: Config | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  let step = 'reading the configuration';
  try {
    // The one place the API reads the environment: everything below takes the parsed config.
    config = loadServerConfig(process.env);
    // Without SECRETS_KEY a production server stops here, in one line (decision 0107).
    const secretsKey = await loadSecretsKey({
      secretsKey: config.SECRETS_KEY,
      dataDir: config.DATA_DIR,
      production: config.NODE_ENV === 'production',
    });

    step = 'opening the database';
    say(
      config.DATABASE_URL
        ? `Opening database (PostgreSQL at ${new URL(config.DATABASE_URL).host})…`
        : `Opening database (PGlite in ${config.DATA_DIR}/db)…`,
    );
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });

    step = 'applying migrations';
    say('Applying migrations…');
    await applyMigrations(database);

    step = 'seeding the sample sites';
    if (await hasMissingSampleSites(database.db)) {
      say(`Seeding sample sites ${SAMPLE_SITE_IDS.join(' and ')}…`);
    }
    await seedDatabase(database.db, { demoAdminPassword: config.DEMO_ADMIN_PASSWORD });

    // On PostgreSQL, jobs run once across every instance (pg-boss); on PGlite, in this process.
    step = 'starting the jobs';
    const jobs = config.DATABASE_URL
      ? await createPgBossJobRunner({
          connectionString: config.DATABASE_URL,
          onError: (name, error) => process.stderr.write(`Job ${name} failed: ${String(error)}\n`),
          // One line when PostgreSQL stops answering the jobs, one when it answers again.
          onDatabaseOutage: (change) =>
            process.stderr.write(
              change.down
                ? `Jobs wait: PostgreSQL does not answer (${String(change.error)}).\n`
                : `Jobs resume: PostgreSQL answers again after ${change.downMs} ms.\n`,
            ),
        })
      : undefined;

    step = 'listen';
    app = buildApp({
      database,
      config,
      secretsKey,
      ...(jobs ? { jobs } : {}),
      logger: {
        level: config.LOG_LEVEL,
        ...(process.stdout.isTTY
          ? {
              transport: {
                target: 'pino-pretty',
                options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
              },
            }
          : {}),
      },
    });
    await app.listen({ port: config.API_PORT, host: config.API_HOST });
  } catch (error) {
    process.stderr.write(`${explainStartupFailure(error, config, step)}\n`);
    await app?.close().catch(() => {});
    await database?.close().catch(() => {});
    process.exit(1);
  }

  const shownHost = ['0.0.0.0', '127.0.0.1', '::', '::1'].includes(config.API_HOST)
    ? 'localhost'
    : config.API_HOST;
  say(`API ready on http://${shownHost}:${config.API_PORT} (docs: /docs)`);

  const runningApp = app;
  const openDatabaseHandle = database;
  // Answer 503 on /ready for SHUTDOWN_DRAIN_MS, stop accepting connections, let in-flight
  // requests and job runs finish (10 s at most past the drain), close the database.
  const drainMs = config.SHUTDOWN_DRAIN_MS;
  closeWithGrace({ delay: drainMs + 10_000 }, async ({ signal, err }) => {
    if (err) runningApp.log.error({ err }, 'Stopping after an uncaught error');
    else say(`Stopping the API (${signal})…`);
    await shutDown(runningApp, err ? 0 : drainMs);
    await openDatabaseHandle.close();
    // The spans of the last requests, before the process ends.
    await tracing?.shutdown().catch(() => {});
  });
}
