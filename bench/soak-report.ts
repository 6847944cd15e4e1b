/**
 * Issue 32's soak goals and the tables `npm run bench:soak` prints (bench/soak.ts), in the format
 * of `npm run bench` (bench/report.ts): each figure beside its reference, the ratio, the goal and
 * whether it is met. Pure functions, tested in soak-report.test.ts.
 */
import { atMost, markdownTable, times, yesNo } from './report';

export const soakGoals = {
  /** Resident memory of each process grows less than this many percent after the first minute. */
  memoryGrowthPercent: 10,
  /** Each later minute's p99, at most this multiple of the first minute's. */
  p99Ratio: 1.5,
  /** Errors over the whole soak. */
  errors: 0,
} as const;

/** The q-quantile (0–1) of some latencies, by the nearest rank; NaN for none. */
export function percentile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1]!;
}

/** One minute of the soak, as measured. */
export interface MinuteFigures {
  /** 1 for the first minute. */
  minute: number;
  requests: number;
  errors: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** Resident memory of each process at the minute's end, bytes, by process name. */
  residentBytes: Record<string, number>;
}

export interface SoakVerdicts {
  rows: string[][];
  met: number;
  total: number;
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/**
 * The goal rows: per process, resident memory at the end against after the first minute; the
 * worst later minute's p99 against the first minute's; the errors. A soak of one minute has no
 * later minute: its p99 and memory rows say so and count as not met.
 */
export function soakVerdicts(minutes: MinuteFigures[]): SoakVerdicts {
  const rows: string[][] = [];
  let met = 0;
  let total = 0;
  const first = minutes[0];
  const last = minutes[minutes.length - 1];
  const later = minutes.slice(1);
  for (const name of Object.keys(first?.residentBytes ?? {})) {
    total += 1;
    const before = first!.residentBytes[name]!;
    const after = last!.residentBytes[name] ?? Number.NaN;
    // Strictly less than 10 % more (bytes are whole: no rounding at the edge).
    const verdict =
      later.length > 0
        ? {
            ratio: before > 0 ? after / before : null,
            met: after * 100 < before * (100 + soakGoals.memoryGrowthPercent),
          }
        : null;
    if (verdict?.met) met += 1;
    rows.push([
      `${name}, resident memory MiB (end / after minute 1)`,
      later.length > 0 ? mib(after) : '—',
      mib(before),
      verdict ? times(verdict.ratio) : '—',
      `< ${1 + soakGoals.memoryGrowthPercent / 100}×`,
      verdict ? yesNo(verdict.met) : 'no (one minute only)',
    ]);
  }
  total += 1;
  const worst = later.reduce<MinuteFigures | null>(
    (highest, minute) => (highest === null || minute.p99 > highest.p99 ? minute : highest),
    null,
  );
  const p99 = worst && first ? atMost(worst.p99, first.p99, soakGoals.p99Ratio) : null;
  if (p99?.met) met += 1;
  rows.push([
    worst ? `p99 ms, worst later minute (minute ${worst.minute})` : 'p99 ms, worst later minute',
    worst ? worst.p99.toFixed(0) : '—',
    first ? `${first.p99.toFixed(0)} (minute 1)` : '—',
    p99 ? times(p99.ratio) : '—',
    `≤ ${soakGoals.p99Ratio}×`,
    p99 ? yesNo(p99.met) : 'no (one minute only)',
  ]);
  total += 1;
  const errors = minutes.reduce((sum, minute) => sum + minute.errors, 0);
  const requests = minutes.reduce((sum, minute) => sum + minute.requests, 0);
  if (errors <= soakGoals.errors) met += 1;
  rows.push([
    'errors (of all requests)',
    String(errors),
    `${requests} requests`,
    '—',
    String(soakGoals.errors),
    yesNo(errors <= soakGoals.errors),
  ]);
  return { rows, met, total };
}

export const goalHeader = ['measure', 'figure', 'reference', 'ratio', 'goal', 'met'];

/** Minute by minute: requests, errors, p50, p99 and its ratio to minute 1, each process's memory. */
export function minuteTable(minutes: MinuteFigures[]): string {
  const names = Object.keys(minutes[0]?.residentBytes ?? {});
  const firstP99 = minutes[0]?.p99 ?? Number.NaN;
  return markdownTable(
    [
      'minute',
      'requests',
      'errors',
      'p50 ms',
      'p99 ms',
      'p99 / minute 1',
      ...names.map((name) => `${name} MiB`),
    ],
    minutes.map((minute) => [
      String(minute.minute),
      String(minute.requests),
      String(minute.errors),
      minute.p50.toFixed(0),
      minute.p99.toFixed(0),
      times(firstP99 > 0 ? minute.p99 / firstP99 : null),
      ...names.map((name) => mib(minute.residentBytes[name] ?? Number.NaN)),
    ]),
  );
}
