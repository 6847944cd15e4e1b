import pg from 'pg';
import { describe } from 'vitest';

/**
 * Tests that only PostgreSQL can prove (races, locks, transactions under concurrency, pg-boss):
 * PGlite is one connection, so requests never overlap inside it. They are written under
 * `describeOnPostgres`, which runs them only in the 'api (PostgreSQL)' project; that project runs
 * only the files holding such blocks (vitest.config.ts), so the rest of the API suite runs once,
 * on PGlite. scripts/postgres-suite.test.ts keeps the marking honest.
 */
export const postgresServerUrl = process.env.TEST_DATABASE_URL;

/** Whether this file runs in the PostgreSQL project, with a server to run on. */
export const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(postgresServerUrl);

/** `describe`, run only on PostgreSQL (skipped on PGlite, and where no server is given). */
export const describeOnPostgres = describe.runIf(onPostgres);

/** Runs statements on a server's maintenance database (TEST_DATABASE_URL), one short connection. */
export async function onServer<T>(
  serverUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The address of the database `name` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
