import { defineConfig } from 'vitest/config';

/**
 * One vitest run covers every package. The API suite runs on embedded PGlite always, and a second
 * time on real PostgreSQL when TEST_DATABASE_URL is set (each test file gets a fresh database).
 */
const apiSuite = ['apps/api/src/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
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
                include: apiSuite,
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
          exclude: ['**/node_modules/**', '**/.next/**'],
        },
      },
    ],
  },
});
