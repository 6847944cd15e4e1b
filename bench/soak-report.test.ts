import { describe, expect, it } from 'vitest';
import { minuteTable, percentile, soakVerdicts, type MinuteFigures } from './soak-report';

const MiB = 1024 * 1024;
const minute = (number: number, p99: number, apiMiB: number, errors = 0): MinuteFigures => ({
  minute: number,
  requests: 1000,
  errors,
  p50: 10,
  p99,
  residentBytes: { 'API 4481': apiMiB * MiB, 'storefront 3481': 200 * MiB },
});

describe('percentile', () => {
  it('takes the value at the nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, index) => 100 - index);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.99)).toBeNaN();
  });
});

describe('soakVerdicts', () => {
  it('meets every goal when memory, p99 and errors hold', () => {
    const verdicts = soakVerdicts([minute(1, 100, 300), minute(2, 140, 310), minute(3, 150, 320)]);
    expect(verdicts).toMatchObject({ met: 4, total: 4 });
    expect(verdicts.rows[0]).toEqual([
      'API 4481, resident memory MiB (end / after minute 1)',
      '320',
      '300',
      '1.07×',
      '< 1.1×',
      'yes',
    ]);
    expect(verdicts.rows[2]).toEqual([
      'p99 ms, worst later minute (minute 3)',
      '150',
      '100 (minute 1)',
      '1.50×',
      '≤ 1.5×',
      'yes',
    ]);
  });

  it('misses memory grown by 10 %, a later p99 above 1.5× and a single error', () => {
    const verdicts = soakVerdicts([
      minute(1, 100, 300),
      minute(2, 151, 300, 1),
      minute(3, 90, 330),
    ]);
    expect(verdicts).toMatchObject({ met: 1, total: 4 });
    expect(verdicts.rows[0]?.[5]).toBe('no');
    expect(verdicts.rows[2]?.[0]).toBe('p99 ms, worst later minute (minute 2)');
    expect(verdicts.rows[2]?.[5]).toBe('no');
    expect(verdicts.rows[3]).toEqual([
      'errors (of all requests)',
      '1',
      '3000 requests',
      '—',
      '0',
      'no',
    ]);
  });

  it('meets nothing it cannot measure in a soak of one minute', () => {
    const verdicts = soakVerdicts([minute(1, 100, 300)]);
    expect(verdicts).toMatchObject({ met: 1, total: 4 });
    expect(verdicts.rows[0]?.[5]).toBe('no (one minute only)');
  });
});

describe('minuteTable', () => {
  it('prints one row a minute with the p99 ratio and each process in MiB', () => {
    const table = minuteTable([minute(1, 100, 300), minute(2, 120, 301)]).split('\n');
    expect(table[0]).toBe(
      '| minute | requests | errors | p50 ms | p99 ms | p99 / minute 1 | API 4481 MiB | storefront 3481 MiB |',
    );
    expect(table[3]).toBe('| 2 | 1000 | 0 | 10 | 120 | 1.20× | 301 | 200 |');
  });
});
