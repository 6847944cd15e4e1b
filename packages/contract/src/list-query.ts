import { z } from 'zod';
import { INT4_MAX, rowIdSchema } from './ids';

/**
 * Paging shared by list endpoints. Filter fields are plain strings carrying the docs/requirements/lists.md operator
 * prefixes (`lk:`, `df:`, `lt:`, `lte:`, `gt:`, `gte:`, none for equality); the API parses them
 * with `@comptoir/domain/list-filter` against an allow-list of columns.
 */
export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(INT4_MAX).optional(),
  nbItem: z.coerce.number().int().min(1).max(1000).optional(),
});

/**
 * Keyset paging of the lists that grow (issue 31, decision 0123): `after` is the id of the last
 * row of the page before, and the page starts right after it in the list's order, read through
 * an index whatever its depth, where an offset reads and drops every row before it. The first
 * pages keep their numbers (`page`); past them the back office follows `after`, and `page` only
 * numbers the page shown.
 */
export const keysetQuerySchema = z.object({
  after: rowIdSchema.optional(),
});

/** The row `after` names is not in the list (another site's, or never there). */
export const KEYSET_ROW_UNKNOWN_MESSAGE =
  'Cette page de la liste n’existe plus : reprenez depuis la première page.';

/** A filter value as it travels in a query string (a repeated key gives several filters). */
export const filterValueSchema = z.union([z.string(), z.array(z.string())]).optional();

export function listPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int().min(0) });
}

/**
 * docs/requirements/lists.md: list queries omit empty-string values, so `?page&nbItem=100` reads as `?nbItem=100`
 * (a value left empty by a form or a caller means "not given", never "invalid"). Empty items of a
 * repeated key are dropped too; a key left with nothing is absent.
 */
export function omitEmptyQueryValues(
  query: Record<string, string | string[]>,
): Record<string, string | string[]> {
  // No prototype, like the parsed query: a key named __proto__ stays a plain key.
  const kept: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      const given = value.filter((item) => item !== '');
      if (given.length > 0) kept[key] = given;
    } else if (value !== '') {
      kept[key] = value;
    }
  }
  return kept;
}
