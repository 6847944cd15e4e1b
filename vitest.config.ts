import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * One vitest run covers every package. The API suite runs on embedded PGlite; the files holding
 * tests that only PostgreSQL can prove (races, locks, pg-boss: `describeOnPostgres` blocks,
 * apps/api/src/test/postgres.ts) run again on the TEST_DATABASE_URL server, where those blocks
 * run. Each test file gets a fresh database, cloned from a seeded template (test/test-app.ts).
 */
/** server-only's "react-server" entry (its exports do not list the file itself). */
const serverOnlyOnServer = fileURLToPath(new URL('./empty.js', import.meta.resolve('server-only')));

const apiSuite = ['apps/api/src/**/*.test.ts'];
const apiSource = fileURLToPath(new URL('./apps/api/src/', import.meta.url));
const postgresSuite = (readdirSync(apiSource, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) =>
    readFileSync(path.join(apiSource, file), 'utf8').includes('describeOnPostgres('),
  )
  .map((file) => `apps/api/src/${file.split(path.sep).join('/')}`);

export default defineConfig({
  test: {
    projects: [
      // Checks of the repository itself (the lint rules' guard rails).
      { test: { name: 'repo', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      { test: { name: 'bench', include: ['bench/*.test.ts'] } },
      {
        test: {
          name: 'api (PGlite)',
          include: apiSuite,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'api (PostgreSQL)',
                include: postgresSuite,
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
