import { describe, expect, it } from 'vitest';
import {
  centsToEurosText,
  decimalTextToScaled,
  eurosTextToCents,
  parseDecimalText,
} from './decimal-input';

describe('decimal input', () => {
  it('reads commas, points, spaces and signs', () => {
    expect(parseDecimalText('12,50')).toBe(12.5);
    expect(parseDecimalText(' 12.5 ')).toBe(12.5);
    expect(parseDecimalText('1\u00a0234,5 €')).toBe(1234.5);
    expect(parseDecimalText('-10 %')).toBe(-10);
    expect(parseDecimalText('')).toBeNull();
    expect(parseDecimalText('12,5,0')).toBeNull();
    expect(parseDecimalText('douze')).toBeNull();
  });

  it('turns euros into whole cents and back', () => {
    expect(eurosTextToCents('12,5')).toBe(1250);
    expect(eurosTextToCents('0,07')).toBe(7);
    expect(eurosTextToCents('19.99')).toBe(1999);
    expect(eurosTextToCents('1,234')).toBeNull();
    expect(centsToEurosText(1250)).toBe('12,50');
    expect(centsToEurosText(7)).toBe('0,07');
    expect(decimalTextToScaled('12,5', 1)).toBe(125);
  });
});
