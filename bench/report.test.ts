import { describe, expect, it } from 'vitest';
import {
  atLeast,
  combineRounds,
  atMost,
  lighthouseVerdicts,
  markdownTable,
  median,
  medianFigures,
  throughputRows,
} from './report';

const figures = (score: number, tbtMs: number, scriptBytes: number, cls = 0) => ({
  score,
  lcpMs: 1500,
  tbtMs,
  cls,
  scriptBytes,
});

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the two middle ones otherwise', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('takes each Lighthouse figure’s median on its own', () => {
    expect(
      medianFigures([figures(90, 300, 10), figures(97, 100, 30), figures(95, 200, 20)]),
    ).toEqual(figures(95, 200, 20));
  });
});

describe('combineRounds', () => {
  it('gives the requests per second over all rounds, the median p99 and every error', () => {
    expect(
      combineRounds([
        { requests: 300, seconds: 3, p99: 40, errors: 0 },
        { requests: 600, seconds: 3, p99: 10, errors: 2 },
        { requests: 300, seconds: 4, p99: 20, errors: 1 },
      ]),
    ).toEqual({ requestsPerSecond: 120, p99: 20, errors: 3 });
  });
});

describe('goal verdicts', () => {
  it('meets a throughput goal at exactly the goal ratio and misses it just below', () => {
    expect(atLeast(80, 100, 0.8)).toEqual({ ratio: 0.8, met: true });
    expect(atLeast(79, 100, 0.8).met).toBe(false);
  });

  it('meets a latency goal up to the allowed multiple', () => {
    expect(atMost(20, 10, 2).met).toBe(true);
    expect(atMost(21, 10, 2).met).toBe(false);
  });

  it('allows only zero against a zero reference, and shows no ratio', () => {
    expect(atMost(0, 0, 1.2)).toEqual({ ratio: null, met: true });
    expect(atMost(5, 0, 1.2)).toEqual({ ratio: null, met: false });
  });

  it('checks a page’s score, CLS, TBT and script against the goals and the bare page', () => {
    const bare = figures(99, 100, 100_000);
    expect(lighthouseVerdicts(figures(95, 120, 120_000, 0.02), bare)).toMatchObject({
      score: true,
      cls: true,
      tbt: { met: true },
      script: { met: true },
    });
    expect(lighthouseVerdicts(figures(94, 121, 130_000, 0.03), bare)).toMatchObject({
      score: false,
      cls: false,
      tbt: { met: false },
      script: { met: false },
    });
  });
});

describe('throughputRows', () => {
  it('prints each figure beside its reference, ratio, goal and verdict, and counts the goals', () => {
    const { rows, met, total } = throughputRows([
      {
        label: 'GET /parameter',
        referenceLabel: 'bare Fastify',
        subject: { requestsPerSecond: 900, p99: 30, errors: 0 },
        reference: { requestsPerSecond: 1000, p99: 10, errors: 0 },
        throughputGoal: 0.8,
        p99Goal: 2,
      },
    ]);
    expect(rows).toEqual([
      ['GET /parameter, req/s', '900', '1000 (bare Fastify)', '0.90×', '≥ 0.8×', 'yes'],
      ['GET /parameter, p99 ms', '30', '10', '3.00×', '≤ 2×', 'no'],
    ]);
    expect({ met, total }).toEqual({ met: 1, total: 2 });
  });

  it('shows a p99 without a goal as information, not as a goal', () => {
    const { rows, total } = throughputRows([
      {
        label: 'GET /',
        referenceLabel: 'bare Next page',
        subject: { requestsPerSecond: 50, p99: 300, errors: 4 },
        reference: { requestsPerSecond: 100, p99: 100, errors: 0 },
        throughputGoal: 0.9,
      },
    ]);
    expect(rows[0]![1]).toBe('50 (4 errors)');
    expect(rows[1]!.slice(4)).toEqual(['—', '—']);
    expect(total).toBe(1);
  });
});

describe('markdownTable', () => {
  it('right-aligns numeric columns and escapes pipes', () => {
    expect(markdownTable(['page', 'score'], [['a|b', '97']])).toBe(
      '| page | score |\n| --- | ---: |\n| a\\|b | 97 |',
    );
  });
});
