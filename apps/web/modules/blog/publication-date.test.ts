import { describe, expect, it } from 'vitest';
import { formatPublicationDate } from './publication-date';

describe('formatPublicationDate', () => {
  it('writes the date in French, as the salon would', () => {
    expect(formatPublicationDate('2026-03-12T08:30:00.000Z')).toBe('12 mars 2026');
  });

  it('writes the first of the month "1er"', () => {
    expect(formatPublicationDate('2026-12-01T09:00:00.000Z')).toBe('1er décembre 2026');
  });

  it('uses the French calendar day, not the server’s', () => {
    // 23:30 UTC on 31 May is already 1 June in Paris (summer time, UTC+2).
    expect(formatPublicationDate('2026-05-31T23:30:00.000Z')).toBe('1er juin 2026');
  });
});
