import { describe, expect, it } from 'vitest';
import {
  exportRows,
  growthGoals,
  hostRows,
  p99Verdict,
  requestRows,
  type HostRoundFigures,
} from './growth-report';
import { growthShape } from './shape';

const figures = (p99: number) => ({ p50: p99 / 2, p99, requestsPerSecond: 100, errors: 0 });
const MB = 1024 * 1024;

describe('the growth bench’s goals', () => {
  it('meets a request’s goal up to 1.5 times its demo-data p99, and misses it beyond', () => {
    expect(p99Verdict(figures(10), figures(15)).met).toBe(true);
    expect(p99Verdict(figures(10), figures(16)).met).toBe(false);
    // Under a millisecond the ratio is read against 1 ms, autocannon's unit.
    expect(p99Verdict(figures(0), figures(1)).met).toBe(true);
  });

  it('counts a request measured on one data set only as a goal missed', () => {
    const { rows, met, total } = requestRows([
      { label: 'GET /a', small: figures(10), growth: figures(12) },
      { label: 'GET /b', small: figures(10), growth: null },
    ]);
    expect([met, total]).toEqual([1, 2]);
    expect(rows[0]).toEqual([
      'GET /a',
      '5.0',
      '10',
      '100',
      '6.0',
      '12',
      '100',
      '1.20×',
      '≤ 1.5×',
      'yes',
    ]);
    expect(rows[1]!.at(-1)).toBe('no');
  });

  it('marks a figure timed on one request alone, and still judges it', () => {
    const slow = { ...figures(5200), single: true };
    const { rows, met } = requestRows([{ label: 'GET /slow', small: figures(300), growth: slow }]);
    expect(rows[0]![6]).toBe('1 request alone');
    expect(rows[0]!.at(-1)).toBe('no');
    expect(met).toBe(0);
  });

  it('holds the export to 100 MB above the API’s idle memory', () => {
    const idle = 200 * MB;
    const { met, rows } = exportRows([
      {
        label: 'flat',
        figures: { seconds: 2, orders: 100_000, idleBytes: idle, peakBytes: idle + 90 * MB },
      },
      {
        label: 'held whole',
        figures: { seconds: 9, orders: 100_000, idleBytes: idle, peakBytes: idle + 400 * MB },
      },
    ]);
    expect(met).toBe(1);
    expect(rows[1]!.at(-1)).toBe('no');
    expect(growthGoals.exportMemoryMb).toBe(100);
  });

  it('wants the storefront’s memory flat on a second round of the same hosts', () => {
    const hosts = (afterSecond: number): HostRoundFigures => ({
      hosts: 1000,
      beforeBytes: 300 * MB,
      afterFirstBytes: 400 * MB,
      afterSecondBytes: afterSecond * MB,
      requestsPerSecond: 50,
      p50: 20,
      p99: 80,
      errors: 0,
      hitRates: { 'page-copy': 0.5, 'site-resolution': null },
    });
    const { met, rows } = hostRows([
      { label: 'bounded', figures: hosts(420) },
      { label: 'growing', figures: hosts(600) },
    ]);
    expect(met).toBe(1);
    expect(rows[0]![5]).toBe('page-copy 50 %, site-resolution —');
  });
});

describe('the growth data set’s shape', () => {
  it('is the issue’s platform at scale 1', () => {
    expect(growthShape(1)).toMatchObject({
      sites: 1000,
      productsPerSite: 100,
      largeSiteProducts: 5000,
      customers: 200_000,
      orders: 1_000_000,
      largeSiteOrders: 100_000,
    });
  });

  it('refuses a scale it cannot make', () => {
    expect(() => growthShape(0)).toThrow(/GROWTH_SCALE/);
    expect(() => growthShape(2)).toThrow(/GROWTH_SCALE/);
    expect(() => growthShape(Number.NaN)).toThrow(/GROWTH_SCALE/);
  });
});
