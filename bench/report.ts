/**
 * Issue 7's goals and the markdown tables `npm run bench` prints: every figure beside its reference,
 * the ratio, the goal and whether it is met. Pure functions, tested in report.test.ts.
 */

/** The goals of issue 7, in one place. */
export const goals = {
  /** API read path: requests per second, at least this share of the bare Fastify route's. */
  apiThroughputRatio: 0.8,
  /** API read path: p99 latency, at most this multiple of the bare route's. */
  apiP99Ratio: 2,
  /** Home page: requests per second, at least this share of the bare Next page's. */
  homeThroughputRatio: 0.9,
  /** Lighthouse mobile performance score (0–100), at least. */
  lighthouseScore: 95,
  /** Cumulative layout shift, at most. */
  cls: 0.02,
  /** Total blocking time, at most this multiple of the bare Next page's. */
  tbtRatio: 1.2,
  /** Script transferred, at most this multiple of the bare Next page's. */
  scriptRatio: 1.2,
  /** Reservations (issue 29): a month of free times for 3 resources, at most, in milliseconds. */
  bookingMonthMs: 50,
} as const;

export interface Throughput {
  requestsPerSecond: number;
  /** Milliseconds. */
  p99: number;
  /** Connection errors, timeouts and non-2xx answers. */
  errors: number;
}

/** One autocannon measure. */
export interface RoundFigures {
  requests: number;
  seconds: number;
  /** Milliseconds. */
  p99: number;
  errors: number;
}

/**
 * Several rounds of one target as one figure: requests per second over the whole time measured,
 * the median of the rounds' p99 (autocannon gives percentiles, not histograms to merge), and all
 * errors.
 */
export function combineRounds(rounds: RoundFigures[]): Throughput {
  const requests = rounds.reduce((sum, round) => sum + round.requests, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  return {
    requestsPerSecond: seconds > 0 ? requests / seconds : 0,
    p99: median(rounds.map((round) => round.p99)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
  };
}

export interface LighthouseFigures {
  /** 0–100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
}

export interface Verdict {
  met: boolean;
  /** subject / reference; null when the reference is 0. */
  ratio: number | null;
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median over the runs (figures are taken one by one, not from one median run). */
export function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  return {
    score: median(runs.map((run) => run.score)),
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    scriptBytes: median(runs.map((run) => run.scriptBytes)),
  };
}

/** subject ≥ goal × reference (throughput). */
export function atLeast(subject: number, reference: number, goal: number): Verdict {
  const ratio = reference > 0 ? subject / reference : null;
  return { ratio, met: subject >= goal * reference };
}

/** subject ≤ goal × reference (latency, blocking time, bytes); a 0 reference allows only 0. */
export function atMost(subject: number, reference: number, goal: number): Verdict {
  const ratio = reference > 0 ? subject / reference : null;
  return { ratio, met: subject <= goal * reference };
}

export function lighthouseVerdicts(route: LighthouseFigures, bare: LighthouseFigures) {
  return {
    score: route.score >= goals.lighthouseScore,
    cls: route.cls <= goals.cls,
    tbt: atMost(route.tbtMs, bare.tbtMs, goals.tbtRatio),
    script: atMost(route.scriptBytes, bare.scriptBytes, goals.scriptRatio),
  };
}

export const yesNo = (met: boolean) => (met ? 'yes' : 'no');
export const times = (ratio: number | null) => (ratio === null ? '—' : `${ratio.toFixed(2)}×`);
export const kib = (bytes: number) => (bytes / 1024).toFixed(0);

export function markdownTable(header: string[], rows: string[][]): string {
  const numeric = header.map((_, column) => rows.some((row) => /^[\d.,]+/.test(row[column] ?? '')));
  const escape = (cell: string) => cell.replace(/\|/g, '\\|');
  return [
    `| ${header.map(escape).join(' | ')} |`,
    `| ${numeric.map((isNumber) => (isNumber ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(escape).join(' | ')} |`),
  ].join('\n');
}

export interface ThroughputPair {
  label: string;
  referenceLabel: string;
  subject: Throughput;
  reference: Throughput;
  /** Undefined: the figure is reported beside its reference, without a goal (none was set). */
  throughputGoal?: number;
  /** Undefined: p99 is shown without a goal. */
  p99Goal?: number;
}

const withErrors = (text: string, errors: number) =>
  errors > 0 ? `${text} (${errors} errors)` : text;

/** Rows (figure, reference, ratio, goal, met) of throughput pairs, and how many goals are met. */
export function throughputRows(pairs: ThroughputPair[]): {
  rows: string[][];
  met: number;
  total: number;
} {
  const rows: string[][] = [];
  let met = 0;
  let total = 0;
  for (const pair of pairs) {
    const { subject, reference } = pair;
    const rps = atLeast(
      subject.requestsPerSecond,
      reference.requestsPerSecond,
      pair.throughputGoal ?? 0,
    );
    if (pair.throughputGoal !== undefined) {
      total += 1;
      if (rps.met) met += 1;
    }
    rows.push([
      `${pair.label}, req/s`,
      withErrors(subject.requestsPerSecond.toFixed(0), subject.errors),
      `${withErrors(reference.requestsPerSecond.toFixed(0), reference.errors)} (${pair.referenceLabel})`,
      times(rps.ratio),
      pair.throughputGoal === undefined ? '—' : `≥ ${pair.throughputGoal}×`,
      pair.throughputGoal === undefined ? '—' : yesNo(rps.met),
    ]);
    const p99 = atMost(subject.p99, reference.p99, pair.p99Goal ?? Number.POSITIVE_INFINITY);
    if (pair.p99Goal !== undefined) {
      total += 1;
      if (p99.met) met += 1;
    }
    rows.push([
      `${pair.label}, p99 ms`,
      String(subject.p99),
      String(reference.p99),
      times(p99.ratio),
      pair.p99Goal === undefined ? '—' : `≤ ${pair.p99Goal}×`,
      pair.p99Goal === undefined ? '—' : yesNo(p99.met),
    ]);
  }
  return { rows, met, total };
}
