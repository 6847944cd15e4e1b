import { describe, expect, it } from 'vitest';
import { isPostalCodeFormatOf } from './postal-code';

describe('postal code formats', () => {
  it.each([
    ['FRA', '49000', true],
    ['FRA', '4900', false],
    ['BEL', '1000', true],
    ['BEL', '10000', false],
    ['DEU', '10115', true],
    ['NLD', '1012 ab', true],
    ['GBR', 'SW1A 1AA', true],
    ['GBR', '12345', false],
    ['ESP', '28013', true],
    ['ESP', '99000', false],
    ['PRT', '1100-148', true],
    ['USA', '10001-1234', true],
    ['MCO', '98000', true],
    ['NZL', '6011', true],
    ['NZL', '!', false],
  ])('%s %s is %s', (country, code, expected) => {
    expect(isPostalCodeFormatOf(country, code)).toBe(expected);
  });
});
