import { describe, expect, it } from 'vitest';
import { checkBudget, formatVerdicts, type RouteBundleStats } from './bundle-budget';

const stats: RouteBundleStats[] = [
  { route: '/[site]', firstLoadUncompressedJsBytes: 3000, firstLoadChunkPaths: ['a.js', 'b.js'] },
  {
    route: '/[site]/auth',
    firstLoadUncompressedJsBytes: 5000,
    firstLoadChunkPaths: ['a.js', 'c.js'],
  },
  {
    route: '/[site]/mon-compte',
    firstLoadUncompressedJsBytes: 9000,
    firstLoadChunkPaths: ['d.js'],
  },
];
const gzipBytes: Record<string, number> = { 'a.js': 400, 'b.js': 100, 'c.js': 700, 'd.js': 5000 };
const sizeOf = (chunk: string) => gzipBytes[chunk]!;

describe('bundle budget', () => {
  it('adds up the gzip weight of every first-load chunk of a route', () => {
    const [home] = checkBudget(stats, { '/[site]': 1000 }, sizeOf);
    expect(home).toMatchObject({ route: '/[site]', gzipBytes: 500, uncompressedBytes: 3000 });
    expect(home!.withinBudget).toBe(true);
  });

  it('fails a route whose first load grew past its limit', () => {
    const verdicts = checkBudget(stats, { '/[site]': 1000, '/[site]/auth': 1000 }, sizeOf);
    expect(verdicts.map((verdict) => [verdict.route, verdict.withinBudget])).toEqual([
      ['/[site]', true],
      ['/[site]/auth', false],
    ]);
  });

  it('accepts a route exactly at its limit', () => {
    expect(checkBudget(stats, { '/[site]': 500 }, sizeOf)[0]!.withinBudget).toBe(true);
  });

  it('fails a public route the build no longer has, instead of letting it escape the budget', () => {
    const [missing] = checkBudget(stats, { '/[site]/renamed': 1000 }, sizeOf);
    expect(missing).toMatchObject({ found: false, withinBudget: false });
  });

  it('checks only the routes given a limit', () => {
    const verdicts = checkBudget(stats, { '/[site]': 1000 }, sizeOf);
    expect(verdicts.map((verdict) => verdict.route)).toEqual(['/[site]']);
  });

  it('prints each route with its figure beside its limit', () => {
    const text = formatVerdicts(
      checkBudget(stats, { '/[site]': 1024, '/[site]/auth': 1024 }, sizeOf),
    );
    expect(text).toContain(`ok${' '.repeat(4)}/[site]`);
    expect(text).toMatch(/\/\[site\] +0\.5 KiB gzip \/ limit 1\.0 KiB/);
    expect(text).toMatch(/FAIL {2}\/\[site\]\/auth +1\.1 KiB gzip \/ limit 1\.0 KiB/);
  });
});
