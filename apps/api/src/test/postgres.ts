import { describe } from 'vitest';

/**
 * Tests that only PostgreSQL can prove (races, locks, transactions under concurrency, pg-boss):
 * PGlite is one connection, so requests never overlap inside it. They live in files named
 * `*.postgres.test.ts`, which only the 'api (PostgreSQL)' project runs (vitest.config.ts), each
 * under `describeOnPostgres` so that a run without a server reports them skipped, with the reason.
 * scripts/postgres-suite.test.ts keeps the marking honest.
 */
export const postgresServerUrl = process.env.TEST_DATABASE_URL;

/** `describe`, skipped where no PostgreSQL server is given (TEST_DATABASE_URL). */
export const describeOnPostgres = describe.skipIf(!postgresServerUrl);
