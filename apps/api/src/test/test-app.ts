import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrateAndSeed, openSeededPglite, seededTemplateKey } from './pglite-template';
import { databaseUrl, onServer } from './postgres';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * A migrated and seeded database just for the calling test file, cloned from a seeded template:
 * with TEST_DB=postgres a new database on the TEST_DATABASE_URL server (dropped on close),
 * otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  return process.env.TEST_DB === 'postgres'
    ? await createPostgresDatabase()
    : await createPgliteDatabase();
}

export interface TestAppOptions extends Omit<BuildAppOptions, 'database' | 'config'> {
  /**
   * The environment variables of this app, parsed by loadConfig as server.ts parses the real
   * one (never process.env): { NODE_ENV: 'production' }, { SMTP_URL: … }. Without DATA_DIR, a
   * temporary folder holds the uploads and is removed on close.
   */
  env?: Record<string, string>;
}

/**
 * The app on a fresh test database; the app is not ready yet, so a test may add routes. Options
 * (lower rate limits, environment variables) go to buildApp.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env = {}, ...buildOptions } = options;
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'comptoir-test-data-')));
  const { database, drop } = await createTestDatabase();
  const app = buildApp({
    ...buildOptions,
    database,
    config: loadConfig({ ...env, DATA_DIR: dataDir }),
  });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await drop();
      if (env.DATA_DIR === undefined) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPgliteDatabase() {
  const database = await openSeededPglite();
  return { database, drop: () => database.close() };
}

const POSTGRES_TEMPLATE_PREFIX = 'comptoir_template_';

/**
 * The seeded template database of this checkout's migrations and seed, built once per key. Held
 * under an advisory lock with the copy that follows it, so that parallel test files (and other
 * checkouts on the same server) never copy a template that is being built or dropped.
 */
async function ensurePostgresTemplate(client: pg.Client, serverUrl: string): Promise<string> {
  const template = `${POSTGRES_TEMPLATE_PREFIX}${await seededTemplateKey()}`;
  const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
  if (found.rowCount) return template;
  const stale = await client.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1',
    [`${POSTGRES_TEMPLATE_PREFIX}%`],
  );
  for (const { datname } of stale.rows) {
    await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
  }
  const building = `${template}_building`;
  await client.query(`DROP DATABASE IF EXISTS "${building}"`);
  await client.query(`CREATE DATABASE "${building}"`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, building) });
  try {
    await migrateAndSeed(database);
  } finally {
    await database.close();
  }
  await client.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
  return template;
}

async function createPostgresDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (a server where databases can be created)',
    );
  const name = `comptoir_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, async (client) => {
    await client.query(`SELECT pg_advisory_lock(hashtext('${POSTGRES_TEMPLATE_PREFIX}'))`);
    try {
      const template = await ensurePostgresTemplate(client, serverUrl);
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext('${POSTGRES_TEMPLATE_PREFIX}'))`);
    }
  });
  const drop = () =>
    onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    database,
    drop: async () => {
      await database.close();
      await drop();
    },
  };
}
