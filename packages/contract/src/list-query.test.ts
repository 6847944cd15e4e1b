import { describe, expect, it } from 'vitest';
import { omitEmptyQueryValues } from './list-query';

describe('omitEmptyQueryValues (docs/requirements/lists.md)', () => {
  it('drops keys given without a value, as in the spec call ?page&nbItem=100', () => {
    expect(omitEmptyQueryValues({ page: '', nbItem: '100' })).toEqual({ nbItem: '100' });
  });

  it('keeps the given items of a repeated key and drops the key when none is given', () => {
    expect(omitEmptyQueryValues({ title: ['', 'lk:salon', ''], id: ['', ''] })).toEqual({
      title: ['lk:salon'],
    });
  });

  it('keeps blank but non-empty values, which the endpoint judges', () => {
    expect(omitEmptyQueryValues({ title: ' ', page: '0' })).toEqual({ title: ' ', page: '0' });
  });

  it('keeps a key named __proto__ as a plain key without touching the prototype', () => {
    const kept = omitEmptyQueryValues(JSON.parse('{"__proto__": ["a"], "page": "2"}'));
    expect(Object.getPrototypeOf(kept)).toBeNull();
    expect(Object.keys(kept)).toEqual(['__proto__', 'page']);
  });
});
