/**
 * The tables `npm run bench:growth` prints (issue 31, items 2 and 3; decision 0122): each figure
 * on the growth data beside the same figure on the demo data of the same run, and each goal met
 * or not beside its figure. Pure functions, tested in growth-report.test.ts.
 */
import { atMost, markdownTable, times, yesNo, type Verdict } from '../report';

export const growthGoals = {
  /** Every request: p99 on the growth data at most this multiple of its p99 on the demo data. */
  p99Ratio: 1.5,
  /** The CSV export: peak resident memory at most this many MB above the API's idle memory. */
  exportMemoryMb: 100,
  /** The hosts: resident memory after a second round of the hosts at most this multiple of after the first. */
  hostRoundGrowth: 1.1,
} as const;

export interface LatencyFigures {
  /** Milliseconds. */
  p50: number;
  p99: number;
  requestsPerSecond: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
  /** No answer came within the window: the figures are one request's, timed alone. */
  single?: boolean;
}

export interface RequestComparison {
  label: string;
  /** The demo data's figure; null when it could not be measured (the reason is printed). */
  small: LatencyFigures | null;
  growth: LatencyFigures | null;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));
const withErrors = (text: string, errors: number) =>
  errors > 0 ? `${text} (${errors} errors)` : text;
export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** p99 on the growth data against the demo data's, with a floor of 1 ms under the reference. */
export function p99Verdict(small: LatencyFigures, growth: LatencyFigures): Verdict {
  // autocannon counts whole milliseconds: under 1 ms a ratio says nothing.
  const verdict = atMost(growth.p99, Math.max(small.p99, 1), growthGoals.p99Ratio);
  return { met: verdict.met, ratio: small.p99 > 0 ? growth.p99 / small.p99 : null };
}

export const requestHeader = [
  'request',
  'demo p50 ms',
  'demo p99 ms',
  'demo req/s',
  'growth p50 ms',
  'growth p99 ms',
  'growth req/s',
  'p99 ratio',
  'goal',
  'met',
];

export function requestRows(comparisons: RequestComparison[]): {
  rows: string[][];
  met: number;
  total: number;
} {
  let met = 0;
  const rows = comparisons.map(({ label, small, growth }) => {
    const cells = (figures: LatencyFigures | null) =>
      figures
        ? [
            ms(figures.p50),
            ms(figures.p99),
            figures.single
              ? withErrors('1 request alone', figures.errors)
              : withErrors(figures.requestsPerSecond.toFixed(0), figures.errors),
          ]
        : ['—', '—', 'not measured'];
    const verdict = small && growth ? p99Verdict(small, growth) : null;
    if (verdict?.met) met += 1;
    return [
      label,
      ...cells(small),
      ...cells(growth),
      verdict ? times(verdict.ratio) : '—',
      `≤ ${growthGoals.p99Ratio}×`,
      verdict ? yesNo(verdict.met) : 'no',
    ];
  });
  return { rows, met, total: comparisons.length };
}

export interface ExportFigures {
  seconds: number;
  orders: number;
  idleBytes: number;
  peakBytes: number;
}

export function exportVerdict(figures: ExportFigures): boolean {
  return figures.peakBytes - figures.idleBytes <= growthGoals.exportMemoryMb * 1024 * 1024;
}

export function exportRows(runs: { label: string; figures: ExportFigures | null }[]): {
  rows: string[][];
  met: number;
  total: number;
} {
  let met = 0;
  const rows = runs.map(({ label, figures }) => {
    if (!figures) return [label, '—', '—', '—', '—', `≤ ${growthGoals.exportMemoryMb} MB`, 'no'];
    const ok = exportVerdict(figures);
    if (ok) met += 1;
    return [
      label,
      figures.orders.toLocaleString('en'),
      figures.seconds.toFixed(1),
      mb(figures.idleBytes),
      `${mb(figures.peakBytes)} (+${mb(figures.peakBytes - figures.idleBytes)})`,
      `≤ ${growthGoals.exportMemoryMb} MB above idle`,
      yesNo(ok),
    ];
  });
  return { rows, met, total: runs.length };
}

export const exportHeader = [
  'CSV export of site 92',
  'orders',
  'seconds',
  'API idle MB',
  'API peak MB',
  'goal',
  'met',
];

export interface HostRoundFigures {
  hosts: number;
  /** The storefront's resident memory before the first round, after it and after the second. */
  beforeBytes: number;
  afterFirstBytes: number;
  afterSecondBytes: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Hits over lookups of each counted cache, over both rounds (null: no lookup). */
  hitRates: Record<string, number | null>;
}

export function hostVerdict(figures: HostRoundFigures): boolean {
  return figures.afterSecondBytes <= figures.afterFirstBytes * growthGoals.hostRoundGrowth;
}

const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(0)} %`);

export function hostRows(runs: { label: string; figures: HostRoundFigures | null }[]): {
  rows: string[][];
  met: number;
  total: number;
} {
  let met = 0;
  const rows = runs.map(({ label, figures }) => {
    if (!figures) return [label, '—', '—', '—', '—', '—', '—', '—', 'no'];
    const ok = hostVerdict(figures);
    if (ok) met += 1;
    return [
      label,
      String(figures.hosts),
      `${ms(figures.p50)} / ${ms(figures.p99)}`,
      withErrors(figures.requestsPerSecond.toFixed(0), figures.errors),
      `${mb(figures.beforeBytes)} → ${mb(figures.afterFirstBytes)} → ${mb(figures.afterSecondBytes)}`,
      Object.entries(figures.hitRates)
        .map(([cache, rate]) => `${cache} ${percent(rate)}`)
        .join(', '),
      `≤ ${growthGoals.hostRoundGrowth}× after round 1`,
      times(
        figures.afterFirstBytes > 0 ? figures.afterSecondBytes / figures.afterFirstBytes : null,
      ),
      yesNo(ok),
    ];
  });
  return { rows, met, total: runs.length };
}

export const hostHeader = [
  'storefront home page, host after host',
  'hosts',
  'p50 / p99 ms',
  'req/s',
  'storefront MB: before → round 1 → round 2',
  'cache hit rates',
  'goal',
  'round 2 / round 1',
  'met',
];

export function table(title: string, header: string[], rows: string[][]): string {
  return `### ${title}\n\n${markdownTable(header, rows)}`;
}
