import { eq, gt, gte, ilike, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLikePattern, parseListFilters, type ListFilter } from '@comptoir/domain/list-filter';
import { HttpError } from '../http/http-error';

/**
 * The shared list helper (docs/requirements/lists.md): every list endpoint turns its query string into SQL through
 * this file. A request only ever picks among the columns of the endpoint's map, and operands are
 * bound parameters checked against the column's type, so a filter can neither reach another
 * column nor inject SQL nor make PostgreSQL fail on a cast.
 */
export type FilterColumns = Readonly<Record<string, AnyPgColumn>>;

export const MAX_PAGE_SIZE = 1000;
const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;

type ColumnKind = 'integer' | 'number' | 'boolean' | 'text' | 'enum';

function kindOf(column: AnyPgColumn): ColumnKind {
  if (column.columnType === 'PgEnumColumn') return 'enum';
  switch (column.dataType) {
    case 'number':
      return /Integer|Serial|SmallInt/.test(column.columnType) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    case 'string':
      return 'text';
    default:
      throw new Error(
        `Column ${column.name} (${column.columnType}) cannot be used as a list filter`,
      );
  }
}

function invalidOperand(field: string, expected: string): HttpError {
  const error = `Expected ${expected}.`;
  return new HttpError(400, `Invalid value for the filter ${field}: ${error}`, [
    { key: field, error },
  ]);
}

/** Checks an operand against the column's type and returns the value to bind. */
function operandFor(filter: ListFilter, kind: ColumnKind): string | number | boolean {
  switch (kind) {
    case 'integer': {
      const value = /^-?\d{1,10}$/.test(filter.value) ? Number(filter.value) : Number.NaN;
      if (!Number.isInteger(value) || value < INT4_MIN || value > INT4_MAX) {
        throw invalidOperand(filter.field, 'an integer');
      }
      return value;
    }
    case 'number': {
      const value = filter.value.trim() === '' ? Number.NaN : Number(filter.value);
      if (!Number.isFinite(value)) throw invalidOperand(filter.field, 'a number');
      return value;
    }
    case 'boolean':
      if (filter.value === 'true') return true;
      if (filter.value === 'false') return false;
      throw invalidOperand(filter.field, 'true or false');
    default:
      return filter.value;
  }
}

function conditionFor(filter: ListFilter, column: AnyPgColumn): SQL {
  const kind = kindOf(column);
  if (filter.operator === 'lk') {
    // A substring match on the text form of the column; the user's wildcards match literally.
    const text = kind === 'text' ? column : sql`${column}::text`;
    return ilike(text, `%${escapeLikePattern(filter.value)}%`);
  }
  if (kind === 'boolean' && filter.operator !== 'eq' && filter.operator !== 'df') {
    throw invalidOperand(filter.field, 'eq or df on a true/false field');
  }
  // An enum column is compared as text: an unknown label then matches nothing instead of failing.
  const target: SQL = kind === 'enum' ? sql`${column}::text` : sql`${column}`;
  const operand = operandFor(filter, kind);
  switch (filter.operator) {
    case 'eq':
      return eq(target, operand);
    case 'df':
      return ne(target, operand);
    case 'lt':
      return lt(target, operand);
    case 'lte':
      return lte(target, operand);
    case 'gt':
      return gt(target, operand);
    case 'gte':
      return gte(target, operand);
  }
}

/** The filters a query string asks for, on the allowed columns only (empty values omitted). */
export function parseFilters(query: Record<string, unknown>, columns: FilterColumns): ListFilter[] {
  return parseListFilters(query, Object.keys(columns));
}

/** Turns parsed filters into SQL conditions, to be AND-ed with the site condition. */
export function filterConditions(filters: readonly ListFilter[], columns: FilterColumns): SQL[] {
  return filters.map((filter) => {
    const column = columns[filter.field];
    if (!column) throw new Error(`No column for the list filter ${filter.field}`);
    return conditionFor(filter, column);
  });
}

export interface Paging {
  limit: number;
  offset: number;
}

/** page counts from 1; nbItem defaults per endpoint and never exceeds MAX_PAGE_SIZE. */
export function pagingOf(
  query: { page?: number | undefined; nbItem?: number | undefined },
  defaultNbItem: number,
): Paging {
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.nbItem ?? defaultNbItem)));
  return { limit, offset: (page - 1) * limit };
}
