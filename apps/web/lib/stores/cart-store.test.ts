import { describe, expect, it } from 'vitest';
import { numericCartId } from './cart-store';

describe('stored cart id', () => {
  it('accepts a positive integer, stored as a number or as digits', () => {
    expect(numericCartId(42)).toBe(42);
    expect(numericCartId('42')).toBe(42);
    expect(numericCartId(' 7 ')).toBe(7);
  });

  it('refuses anything else, so that login fetches the main cart instead', () => {
    for (const stored of [null, undefined, 0, -3, 1.5, '', 'abc', '12a', '007', {}, [], true]) {
      expect(numericCartId(stored)).toBeNull();
    }
  });
});
