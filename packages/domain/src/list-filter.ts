export const LIST_FILTER_OPERATORS = ['eq', 'lk', 'df', 'lt', 'lte', 'gt', 'gte'] as const;
export type ListFilterOperator = (typeof LIST_FILTER_OPERATORS)[number];

export interface ListFilter {
  field: string;
  operator: ListFilterOperator;
  value: string;
}

const PREFIXED_OPERATORS = LIST_FILTER_OPERATORS.filter((operator) => operator !== 'eq');

/** Reads the operator prefix of a filter value ('lk:salon' is a like on 'salon'). */
export function parseFilterValue(raw: string): { operator: ListFilterOperator; value: string } {
  for (const operator of PREFIXED_OPERATORS) {
    const prefix = `${operator}:`;
    if (raw.startsWith(prefix)) return { operator, value: raw.slice(prefix.length) };
  }
  return { operator: 'eq', value: raw };
}

/**
 * Turns a query string into filters. Only the allowed fields are read, so a request can never
 * choose which column a filter touches; values stay opaque strings for the query builder to bind.
 */
export function parseListFilters(
  query: Record<string, unknown>,
  fields: readonly string[],
): ListFilter[] {
  const filters: ListFilter[] = [];
  for (const field of fields) {
    // Own properties only: 'constructor' or '__proto__' must not be read from the prototype.
    if (!Object.hasOwn(query, field)) continue;
    const raw = query[field];
    const rawValues = Array.isArray(raw) ? raw : [raw];
    for (const rawValue of rawValues) {
      if (typeof rawValue !== 'string' || rawValue === '') continue;
      const { operator, value } = parseFilterValue(rawValue);
      if (value === '') continue;
      filters.push({ field, operator, value });
    }
  }
  return filters;
}

/** Escapes LIKE wildcards so that a user's 'lk:' operand matches literally (with ESCAPE '\'). */
export function escapeLikePattern(value: string): string {
  return value.replace(/[\\%_]/g, '\\$&');
}
