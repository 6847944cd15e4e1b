import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API suite runs on PGlite, and only the files named `*.postgres.test.ts` run on PostgreSQL
 * (apps/api/src/test/postgres.ts says why). A test that needs PostgreSQL must therefore say so by
 * its file name: one that branched on the database of the run inside a PGlite file would be
 * skipped everywhere, or run on one connection where it proves nothing.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiSource = path.join(root, 'apps/api/src');

const testFiles = (readdirSync(apiSource, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => ({ file, text: readFileSync(path.join(apiSource, file), 'utf8') }));

/** What a test reads or calls when it needs a PostgreSQL server. */
const NEEDS_POSTGRES = /TEST_DB\b|TEST_DATABASE_URL|describeOnPostgres|postgresServerUrl/;

describe('the PostgreSQL suite', () => {
  it('holds every API test that needs PostgreSQL', () => {
    const hidden = testFiles
      .filter(({ file, text }) => !file.endsWith('.postgres.test.ts') && NEEDS_POSTGRES.test(text))
      .map(({ file }) => file);
    expect(hidden).toEqual([]);
  });

  it('holds only tests that say they need it, skipped without a server', () => {
    const unmarked = testFiles
      .filter(
        ({ file, text }) =>
          file.endsWith('.postgres.test.ts') && !/describeOnPostgres\(/.test(text),
      )
      .map(({ file }) => file);
    expect(unmarked).toEqual([]);
  });

  it('is not empty', () => {
    expect(
      testFiles.filter(({ file }) => file.endsWith('.postgres.test.ts')).length,
    ).toBeGreaterThan(0);
  });
});
