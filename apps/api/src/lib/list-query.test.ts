import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { countries, pages, siteParameters } from '../db/schema';
import { HttpError } from '../http/http-error';
import { createTestDatabase } from '../test/test-app';
import { filterConditions, pagingOf, parseFilters, type FilterColumns } from './list-query';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

const countryColumns: FilterColumns = {
  id: countries.id,
  name: countries.name,
  alphaTwo: countries.alphaTwo,
};

async function countryCodes(query: Record<string, unknown>): Promise<string[]> {
  const rows = await database.db
    .select({ alphaTwo: countries.alphaTwo })
    .from(countries)
    .where(and(...filterConditions(parseFilters(query, countryColumns), countryColumns)))
    .orderBy(asc(countries.alphaTwo));
  return rows.map((row) => row.alphaTwo);
}

async function tableSizes() {
  const [countryCount] = await database.db.select({ value: count() }).from(countries);
  const [parameterCount] = await database.db.select({ value: count() }).from(siteParameters);
  return { countries: countryCount?.value, parameters: parameterCount?.value };
}

describe('list filter operators on a real database', () => {
  it('matches equal values without a prefix', async () => {
    expect(await countryCodes({ alphaTwo: 'FR' })).toEqual(['FR']);
    expect(await countryCodes({ id: '250' })).toEqual(['FR']);
  });

  it('matches a case-insensitive substring with lk', async () => {
    expect(await countryCodes({ name: 'lk:ZÉLANDE' })).toEqual(['NZ']);
  });

  it('excludes a value with df', async () => {
    const codes = await countryCodes({ alphaTwo: ['lk:F', 'df:FR'] });
    expect(codes).not.toContain('FR');
    expect(codes).toContain('FI');
  });

  it('compares integers with lt, lte, gt and gte', async () => {
    expect(await countryCodes({ id: ['gt:4', 'lt:12'] })).toEqual(['AL', 'AQ']);
    expect(await countryCodes({ id: ['gte:4', 'lte:12'] })).toEqual(['AF', 'AL', 'AQ', 'DZ']);
  });

  it('compares text with lt and gte', async () => {
    expect(await countryCodes({ alphaTwo: ['gte:AD', 'lt:AG'] })).toEqual(['AD', 'AE', 'AF']);
  });

  it('keeps every filter on a field when the key repeats', async () => {
    expect(await countryCodes({ alphaTwo: ['lk:B', 'lk:E'] })).toEqual(['BE']);
  });

  it('reads only the allowed fields and skips empty values', async () => {
    const all = await countryCodes({});
    expect(await countryCodes({ alphaThree: 'FRA', name: '', alphaTwo: 'lk:' })).toEqual(all);
    expect(await countryCodes(JSON.parse('{"__proto__": "FR", "constructor": "x"}'))).toEqual(all);
  });

  it('refuses a non-numeric operand on a numeric column with a 400 naming the field', () => {
    for (const value of [
      'abc',
      'lt:1.5',
      'gt:',
      '1e3',
      'gte:99999999999',
      '1; DROP TABLE countries',
    ]) {
      const filters = parseFilters({ id: value }, countryColumns);
      if (filters.length === 0) continue;
      expect(() => filterConditions(filters, countryColumns)).toThrowError(HttpError);
      try {
        filterConditions(filters, countryColumns);
      } catch (error) {
        expect((error as HttpError).statusCode).toBe(400);
        expect((error as HttpError).message).toContain('id');
        expect((error as HttpError).errors).toEqual([{ key: 'id', error: 'Expected an integer.' }]);
      }
    }
  });

  it('accepts only true and false on a boolean column', async () => {
    const columns: FilterColumns = { showInMenu: pages.showInMenu };
    const hidden = await database.db
      .select({ url: pages.url })
      .from(pages)
      .where(
        and(
          eq(pages.siteId, 91),
          ...filterConditions(parseFilters({ showInMenu: 'false' }, columns), columns),
        ),
      );
    expect(hidden.map((page) => page.url)).toContain('/legal-notice');
    expect(hidden.map((page) => page.url)).not.toContain('/');
    expect(() =>
      filterConditions(parseFilters({ showInMenu: 'yes' }, columns), columns),
    ).toThrowError(HttpError);
    expect(() =>
      filterConditions(parseFilters({ showInMenu: 'gt:true' }, columns), columns),
    ).toThrowError(HttpError);
  });

  it('compares an enum column as text, so an unknown label matches nothing', async () => {
    const columns: FilterColumns = { kind: siteParameters.kind };
    const where = (query: Record<string, unknown>) =>
      and(
        eq(siteParameters.siteId, 91),
        ...filterConditions(parseFilters(query, columns), columns),
      );
    expect(
      await database.db
        .select()
        .from(siteParameters)
        .where(where({ kind: 'NOT_A_KIND' })),
    ).toEqual([]);
    const links = await database.db
      .select()
      .from(siteParameters)
      .where(where({ kind: 'lk:lin' }));
    expect(links.map((row) => row.kind)).toEqual(['LINK']);
  });
});

describe('list filters against injection attempts', () => {
  it.each([
    "' OR 1=1 --",
    "FR' OR '1'='1",
    "'; DROP TABLE countries; --",
    'FR"; DELETE FROM site_parameters; --',
    '\\',
    "\\' OR 1=1 --",
  ])('treats %j as a plain value with every operator', async (attempt) => {
    const before = await tableSizes();
    for (const operator of ['', 'df:', 'lt:', 'lk:']) {
      const codes = await countryCodes({
        alphaTwo: `${operator}${attempt}`,
        name: `${operator}${attempt}`,
      });
      if (operator === '') expect(codes).toEqual([]);
      if (operator === 'lk:') expect(codes).toEqual([]);
    }
    expect(await tableSizes()).toEqual(before);
    expect(before.countries).toBe(250);
  });

  it('matches LIKE wildcards literally', async () => {
    expect(await countryCodes({ name: 'lk:%' })).toEqual([]);
    expect(await countryCodes({ name: 'lk:_' })).toEqual([]);
    expect(await countryCodes({ alphaTwo: 'lk:F_' })).toEqual([]);
    expect(await countryCodes({ name: "lk:d'i" })).toEqual(['CI']);
  });
});

describe('paging', () => {
  it('starts at page 1 with the default size', () => {
    expect(pagingOf({}, 10)).toEqual({ limit: 10, offset: 0 });
    expect(pagingOf({ page: 3, nbItem: 24 }, 10)).toEqual({ limit: 24, offset: 48 });
  });

  it('keeps the size between 1 and 1000 and the page at least 1', () => {
    expect(pagingOf({ page: 0, nbItem: 5000 }, 10)).toEqual({ limit: 1000, offset: 0 });
    expect(pagingOf({ page: -2, nbItem: 0 }, 10)).toEqual({ limit: 1, offset: 0 });
  });
});
