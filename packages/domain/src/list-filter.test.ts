import { describe, expect, it } from 'vitest';
import {
  LIST_FILTER_OPERATORS,
  escapeLikePattern,
  parseFilterValue,
  parseListFilters,
} from './list-filter';

describe('parseFilterValue', () => {
  it('reads a value without prefix as an equality', () => {
    expect(parseFilterValue('salon')).toEqual({ operator: 'eq', value: 'salon' });
  });

  it.each([
    ['lk:salon', 'lk', 'salon'],
    ['df:salon', 'df', 'salon'],
    ['lt:10', 'lt', '10'],
    ['lte:10', 'lte', '10'],
    ['gt:10', 'gt', '10'],
    ['gte:10', 'gte', '10'],
  ] as const)('reads %s as the %s operator on %s', (raw, operator, value) => {
    expect(parseFilterValue(raw)).toEqual({ operator, value });
  });

  it('keeps everything after the first prefix, colons included', () => {
    expect(parseFilterValue('lk:10:30')).toEqual({ operator: 'lk', value: '10:30' });
    expect(parseFilterValue('gte:lt:5')).toEqual({ operator: 'gte', value: 'lt:5' });
  });

  it('treats unknown or differently cased prefixes as part of an equality value', () => {
    expect(parseFilterValue('abc:x')).toEqual({ operator: 'eq', value: 'abc:x' });
    expect(parseFilterValue('eq:x')).toEqual({ operator: 'eq', value: 'eq:x' });
    expect(parseFilterValue('LK:x')).toEqual({ operator: 'eq', value: 'LK:x' });
    expect(parseFilterValue('lk x')).toEqual({ operator: 'eq', value: 'lk x' });
  });

  it('returns an empty operand when nothing follows the prefix', () => {
    expect(parseFilterValue('lk:')).toEqual({ operator: 'lk', value: '' });
  });

  it('lists equality and the six prefixed operators', () => {
    expect(LIST_FILTER_OPERATORS).toEqual(['eq', 'lk', 'df', 'lt', 'lte', 'gt', 'gte']);
  });
});

describe('parseListFilters', () => {
  const fields = ['name', 'price', 'tags'] as const;

  it('builds one filter per allowed field with its operator', () => {
    expect(parseListFilters({ name: 'lk:rouge', price: 'gte:12' }, fields)).toEqual([
      { field: 'name', operator: 'lk', value: 'rouge' },
      { field: 'price', operator: 'gte', value: '12' },
    ]);
  });

  it('omits empty, undefined and null values', () => {
    expect(parseListFilters({ name: '', price: undefined, tags: null }, fields)).toEqual([]);
  });

  it('omits a filter whose operand is empty after its prefix', () => {
    expect(parseListFilters({ name: 'lk:', price: 'gte:' }, fields)).toEqual([]);
  });

  it('keeps a whitespace value, which is not empty', () => {
    expect(parseListFilters({ name: 'lk: ' }, fields)).toEqual([
      { field: 'name', operator: 'lk', value: ' ' },
    ]);
  });

  it('ignores fields that are not in the allow-list', () => {
    expect(parseListFilters({ password: 'x', siteId: '92', name: 'a' }, fields)).toEqual([
      { field: 'name', operator: 'eq', value: 'a' },
    ]);
  });

  it('turns each element of a repeated parameter into its own filter', () => {
    expect(parseListFilters({ price: ['gte:10', 'lt:20', '', 'lk:'] }, fields)).toEqual([
      { field: 'price', operator: 'gte', value: '10' },
      { field: 'price', operator: 'lt', value: '20' },
    ]);
  });

  it('ignores values that are not strings', () => {
    expect(
      parseListFilters({ name: 12, price: true, tags: ['ok', 3, { $ne: 1 }, ['nested']] }, fields),
    ).toEqual([{ field: 'tags', operator: 'eq', value: 'ok' }]);
  });

  it('never reads inherited properties as filters', () => {
    const query = Object.create({ name: 'inherited' }) as Record<string, unknown>;
    expect(parseListFilters(query, fields)).toEqual([]);
    expect(parseListFilters({}, ['constructor', 'toString', '__proto__'])).toEqual([]);
  });

  it('keeps SQL injection attempts as opaque operand strings', () => {
    expect(
      parseListFilters(
        { name: "' OR 1=1 --", tags: "lk:%'; DROP TABLE x; --", price: "df:1' OR '1'='1" },
        fields,
      ),
    ).toEqual([
      { field: 'name', operator: 'eq', value: "' OR 1=1 --" },
      { field: 'price', operator: 'df', value: "1' OR '1'='1" },
      { field: 'tags', operator: 'lk', value: "%'; DROP TABLE x; --" },
    ]);
  });

  it('drops field names carrying SQL that are not in the allow-list', () => {
    const query = {
      'name; drop table users': 'x',
      'name--': 'x',
      '"name"': 'x',
      'price OR 1=1': 'x',
      NAME: 'x',
    };
    expect(parseListFilters(query, fields)).toEqual([]);
  });

  it('only ever returns fields taken from the allow-list', () => {
    const hostile: Record<string, unknown> = { name: 'a', 'name; drop': 'b', "tags' --": 'c' };
    for (const filter of parseListFilters(hostile, fields)) {
      expect(fields).toContain(filter.field);
    }
  });
});

describe('escapeLikePattern', () => {
  it('escapes percent signs and underscores so that they match literally', () => {
    expect(escapeLikePattern('100%_bio')).toBe('100\\%\\_bio');
  });

  it('escapes the escape character itself first', () => {
    expect(escapeLikePattern('a\\%')).toBe('a\\\\\\%');
  });

  it('leaves quotes and other characters alone, as the value is bound, not concatenated', () => {
    expect(escapeLikePattern("%'; DROP TABLE x; --")).toBe("\\%'; DROP TABLE x; --");
    expect(escapeLikePattern('rosé')).toBe('rosé');
  });
});
