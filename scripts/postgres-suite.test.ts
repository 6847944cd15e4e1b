import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API suite runs on PGlite, and only the files holding `describeOnPostgres` blocks run again
 * on PostgreSQL (apps/api/src/test/postgres.ts says why). A test that needs PostgreSQL must
 * therefore say so with that block: one that read the database of the run by itself would run on
 * PGlite only, on one connection where a race proves nothing, or be skipped everywhere.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiSource = path.join(root, 'apps/api/src');

const testFiles = (readdirSync(apiSource, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => ({ file, text: readFileSync(path.join(apiSource, file), 'utf8') }));

/** What a test reads when it needs to know whether a PostgreSQL server runs it. */
const READS_THE_DATABASE_OF_THE_RUN = /process\.env\.(TEST_DB|TEST_DATABASE_URL)\b/;

describe('the PostgreSQL suite', () => {
  it('is chosen by describeOnPostgres only: no test reads the database of the run by itself', () => {
    const hidden = testFiles
      .filter(({ text }) => READS_THE_DATABASE_OF_THE_RUN.test(text))
      .map(({ file }) => file);
    expect(hidden).toEqual([]);
  });

  it('holds the races of the shop: stock, codes, vouchers, orders, invoice numbers, jobs', () => {
    const marked = testFiles
      .filter(({ text }) => text.includes('describeOnPostgres('))
      .map(({ file }) => path.basename(file));
    expect(marked).toEqual(
      expect.arrayContaining([
        'cart.test.ts',
        'discount.test.ts',
        'gift-voucher.test.ts',
        'order.test.ts',
        'invoice.test.ts',
        'pg-boss-jobs.postgres.test.ts',
        'review-jobs.postgres.test.ts',
      ]),
    );
  });
});
