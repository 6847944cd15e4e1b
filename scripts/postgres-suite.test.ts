import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API suite runs on PGlite, once; the tests that need PostgreSQL (races, transactions, locks,
 * pg-boss: apps/api/src/test/postgres.ts says why) are `describeOnPostgres` blocks in files named
 * `*.postgres.test.ts`, and only those files run on PostgreSQL (vitest.config.ts chooses them by
 * name). The name and the block must therefore go together: a block in another file would never
 * run (PGlite skips it, PostgreSQL never loads it), and a `*.postgres.test.ts` without one would
 * run nothing anywhere. A test that read the database of the run by itself would escape both.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiSource = path.join(root, 'apps/api/src');

const testFiles = (readdirSync(apiSource, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => ({ file, text: readFileSync(path.join(apiSource, file), 'utf8') }));

/** What a test reads when it needs to know whether a PostgreSQL server runs it. */
const READS_THE_DATABASE_OF_THE_RUN = /process\.env\.(TEST_DB|TEST_DATABASE_URL)\b/;
const POSTGRES_FILE = /\.postgres\.test\.ts$/;
const POSTGRES_BLOCK = 'describeOnPostgres(';

describe('the PostgreSQL suite', () => {
  it('is chosen by describeOnPostgres only: no test reads the database of the run by itself', () => {
    const hidden = testFiles
      .filter(({ text }) => READS_THE_DATABASE_OF_THE_RUN.test(text))
      .map(({ file }) => file);
    expect(hidden).toEqual([]);
  });

  it('holds its describeOnPostgres blocks in *.postgres.test.ts files only', () => {
    const misnamed = testFiles
      .filter(({ file, text }) => text.includes(POSTGRES_BLOCK) && !POSTGRES_FILE.test(file))
      .map(({ file }) => file);
    expect(misnamed).toEqual([]);
  });

  it('has a describeOnPostgres block in every *.postgres.test.ts file', () => {
    const empty = testFiles
      .filter(({ file, text }) => POSTGRES_FILE.test(file) && !text.includes(POSTGRES_BLOCK))
      .map(({ file }) => file);
    expect(empty).toEqual([]);
  });

  it('holds the races of the shop: stock, codes, vouchers, orders, invoice numbers, jobs', () => {
    const marked = testFiles
      .filter(({ file }) => POSTGRES_FILE.test(file))
      .map(({ file }) => path.basename(file));
    expect(marked).toEqual(
      expect.arrayContaining([
        'cart.postgres.test.ts',
        'discount.postgres.test.ts',
        'gift-voucher.postgres.test.ts',
        'order.postgres.test.ts',
        'invoice.postgres.test.ts',
        'money-invariants.postgres.test.ts',
        'pg-boss-jobs.postgres.test.ts',
        'review-jobs.postgres.test.ts',
      ]),
    );
  });
});
