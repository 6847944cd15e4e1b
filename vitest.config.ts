import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * One vitest run covers every package. The API suite runs on embedded PGlite, once; the tests that
 * only PostgreSQL can prove (races, locks, pg-boss: `describeOnPostgres` blocks,
 * apps/api/src/test/postgres.ts) live in files of their own, `*.postgres.test.ts`, which run on
 * the TEST_DATABASE_URL server only (scripts/postgres-suite.test.ts keeps the naming honest). Each
 * test file gets a fresh database, cloned from a seeded template (test/test-app.ts).
 */
/** server-only's "react-server" entry (its exports do not list the file itself). */
const serverOnlyOnServer = fileURLToPath(new URL('./empty.js', import.meta.resolve('server-only')));

const apiSuite = ['apps/api/src/**/*.test.ts'];
/** With the growth data set's own test (bench/growth, decision 0122), on the same server. */
const postgresSuite = ['apps/api/src/**/*.postgres.test.ts', 'bench/growth/*.postgres.test.ts'];
/** Engines stopped and started by the test itself (issue 32): `npm run test:faults`. */
const faultSuite = ['apps/api/src/**/*.faults.test.ts'];

/**
 * Vitest's own order takes the projects one after another, by name. The fault files are the
 * longest waits (engines stopped and started, timeouts run out): they go first, so that their
 * waits overlap the other files' work instead of ending the run; everything else keeps vitest's
 * order.
 */
class FaultsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isFault = (file: TestSpecification) => file.project.name === 'faults';
    return [...sorted.filter(isFault), ...sorted.filter((file) => !isFault(file))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: FaultsFirst },
    // Vitest's default is one worker less than the cores: one worker on CI's two cores, the other
    // core idle for most of the run. Two at least (decision 0091).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      // Checks of the repository itself (the lint rules' guard rails).
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'bench',
          include: ['bench/*.test.ts', 'bench/growth/*.test.ts'],
          exclude: [...configDefaults.exclude, ...postgresSuite],
        },
      },
      {
        test: {
          name: 'api (PGlite)',
          include: apiSuite,
          // Their blocks are skipped on PGlite: not even loaded there.
          exclude: [...configDefaults.exclude, ...postgresSuite, ...faultSuite],
          // The files of a worker share its loaded modules (the app, PGlite, the seeded template)
          // instead of loading them again per file: each file still builds its own app on its own
          // database, and no API test mocks a module (decision 0091).
          isolate: false,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'faults',
          include: faultSuite,
          // As the API suite: the app's modules loaded once per worker (decision 0091). Each file
          // stops and starts engines of its own (a Redis, a PostgreSQL cluster, a fake S3 or SMTP
          // on free ports, in temporary folders), so they run beside the other files; `npm run
          // test:faults` alone still runs them one at a time (package.json).
          isolate: false,
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api (PostgreSQL)',
                include: postgresSuite,
                // As the API suite: a fresh worker per file cost 6–10 s of loading each.
                isolate: false,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          // `server-only` throws outside React's server build; the tests run these modules on
          // Node, so they get the package's own empty module, as the server build does.
          alias: { 'server-only': serverOnlyOnServer },
          exclude: ['**/node_modules/**', '**/.next/**'],
        },
      },
    ],
  },
});
