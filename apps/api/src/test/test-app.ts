import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { seedDatabase } from '../db/seed/seed';
import { openMigratedPglite } from './pglite-template';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * A migrated and seeded database just for the calling test file: with TEST_DB=postgres a new
 * database on the TEST_DATABASE_URL server (dropped on close), otherwise an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const database =
    process.env.TEST_DB === 'postgres'
      ? await createPostgresDatabase()
      : await createPgliteDatabase();
  try {
    await applyMigrations(database.database);
    await seedDatabase(database.database.db);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
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
  const database = await openMigratedPglite();
  return { database, drop: () => database.close() };
}

async function createPostgresDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (a server where databases can be created)',
    );
  const name = `comptoir_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: url.toString() });
  } catch (error) {
    await admin(`DROP DATABASE IF EXISTS "${name}"`);
    throw error;
  }
  return {
    database,
    drop: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
