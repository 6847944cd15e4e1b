/**
 * `npm test`: every check of the project, each announced with its time: types, lint, unit and API
 * tests (vitest: the API suite on PGlite, and its `*.postgres.test.ts` files on PostgreSQL when
 * TEST_DATABASE_URL is set), the storefront build, the scale-out test (PostgreSQL and Redis), the
 * bundle budget, then the browser journeys (Playwright in Debian's Chromium).
 *
 * Independent steps run two at a time (TEST_PARALLEL_STEPS to change it), each line of their
 * output prefixed with the step's name; the browser journeys run alone, since they time what a
 * person waits for. Every step runs even after another failed (except those that need it), so one
 * run shows everything; the run ends with each step's time, the ten slowest test files, the failed
 * tests by name and one closing line "tests: N passed, N failed, N skipped".
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

interface Step {
  /** Short name, printed before each line of the step's output. */
  name: string;
  title: string;
  command: string;
  args: string[];
  cwd?: string;
  /** Environment variables of this step, beside the run's own. */
  env?: Record<string, string>;
  /** Steps that must have passed before this one starts (it is skipped when one failed). */
  needs?: string[];
  /** Runs with no other step beside it. */
  alone?: boolean;
}

const steps: Step[] = [
  {
    name: 'build',
    title: 'Building the storefront (next build)',
    command: bin('next'),
    args: ['build'],
    cwd: 'apps/web',
    // The `types` step checks the storefront's types beside it: the build leaves them alone.
    env: { TYPES_CHECKED_APART: '1' },
  },
  {
    name: 'types',
    title: 'Type-checking every workspace',
    command: 'npm',
    args: ['run', 'typecheck', '--silent'],
  },
  { name: 'lint', title: 'Linting', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  {
    name: 'chromium',
    title: 'Checking Debian Chromium for the browser tests',
    command: bin('tsx'),
    args: ['e2e/support/browsers.ts'],
  },
  {
    name: 'vitest',
    title: process.env.TEST_DATABASE_URL
      ? 'Unit and API tests (API suite on PGlite, its PostgreSQL tests on PostgreSQL)'
      : 'Unit and API tests (API suite on PGlite; set TEST_DATABASE_URL for the PostgreSQL tests)',
    command: bin('vitest'),
    args: [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${results}/vitest.json`,
    ],
  },
  {
    // Two API instances and two storefronts (the build above) on PostgreSQL, Redis and a fake
    // S3 behind round-robin proxies (docs/deploy.md).
    name: 'scale',
    title: 'Scale-out test (npm run test:scale)',
    command: bin('tsx'),
    args: ['apps/api/scripts/test-scale.ts'],
    needs: ['build'],
  },
  {
    // A page grown too heavy still works, it is only too slow: the journeys run all the same.
    name: 'bundle',
    title: 'Checking the bundle budget of the public pages',
    command: bin('tsx'),
    args: ['apps/web/scripts/check-bundle-budget.ts'],
    needs: ['build'],
  },
  {
    name: 'browser',
    title: 'Browser journeys (Playwright, Chromium)',
    command: bin('playwright'),
    args: ['test', '-c', 'e2e/playwright.config.ts'],
    needs: ['build', 'chromium'],
    alone: true,
  },
];

const parallelSteps = Math.max(1, Number(process.env.TEST_PARALLEL_STEPS ?? 2) || 2);

type Outcome = 'passed' | 'failed' | 'skipped';
const outcomes = new Map<string, { outcome: Outcome; seconds: number }>();

/** Runs a step, its output line by line behind its name; resolves with whether it passed. */
function runStep(step: Step): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: path.join(root, step.cwd ?? '.'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env, FORCE_COLOR: '0' },
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        console.log(`[${step.name}] ${line}`);
      });
    }
    child.on('error', (error) => {
      console.log(`[${step.name}] could not start: ${error.message}`);
      resolve(false);
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

async function runAll(): Promise<void> {
  const waiting = [...steps];
  const running = new Map<string, { step: Step; done: Promise<void> }>();
  const canStart = (step: Step) =>
    (step.needs ?? []).every((need) => outcomes.has(need)) &&
    running.size < (step.alone ? 1 : parallelSteps) &&
    ![...running.values()].some((run) => run.step.alone);

  while (waiting.length > 0 || running.size > 0) {
    for (const step of waiting.filter(canStart)) {
      if (!canStart(step)) continue;
      waiting.splice(waiting.indexOf(step), 1);
      const unmet = (step.needs ?? []).filter((need) => outcomes.get(need)?.outcome !== 'passed');
      if (unmet.length > 0) {
        console.log(`[comptoir] Skipping: ${step.title} (needs ${unmet.join(', ')}, which failed)`);
        outcomes.set(step.name, { outcome: 'skipped', seconds: 0 });
        continue;
      }
      console.log(`\n[comptoir] ${step.title}…`);
      const started = Date.now();
      const done = runStep(step).then((passed) => {
        const seconds = Math.round((Date.now() - started) / 1000);
        outcomes.set(step.name, { outcome: passed ? 'passed' : 'failed', seconds });
        console.log(
          passed
            ? `[comptoir] ✓ ${step.title} (${seconds} s)`
            : `[comptoir] ✗ ${step.title} failed (${seconds} s)`,
        );
        running.delete(step.name);
      });
      running.set(step.name, { step, done });
    }
    if (running.size > 0) await Promise.race([...running.values()].map((run) => run.done));
  }
}

/** The part of vitest's JSON report read here. */
interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name: string;
    startTime: number;
    endTime: number;
    /** Why a file failed before any of its tests ran (an import, a hook). */
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** The part of Playwright's JSON report read here. */
interface PlaywrightTest {
  status: string;
  results: { duration: number; error?: { message?: string } }[];
}
interface PlaywrightSuite {
  file?: string;
  title?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: PlaywrightTest[] }[];
}
interface PlaywrightReport {
  suites?: PlaywrightSuite[];
  stats?: { expected?: number; flaky?: number; unexpected?: number; skipped?: number };
}

/** A runner's JSON report in test-results/, if that runner ran. */
function readReport<Report>(name: string): Report | undefined {
  const file = path.join(results, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : undefined;
}

/** Every Playwright test of a report, with its spec file and its titles (describe blocks, then the test's). */
function* playwrightTests(report: PlaywrightReport | undefined) {
  function* walk(
    suite: PlaywrightSuite,
    file: string,
    titles: string[],
  ): Generator<{ file: string; titles: string[]; test: PlaywrightTest }> {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) yield { file, titles: [...titles, spec.title], test };
    for (const child of suite.suites ?? [])
      yield* walk(child, file, child.title ? [...titles, child.title] : titles);
  }
  // A top-level suite is a spec file; its title is the file's name, not a describe block.
  for (const suite of report?.suites ?? [])
    yield* walk(suite, `e2e/${suite.file ?? 'unknown'}`, []);
}

interface FileTime {
  file: string;
  seconds: number;
}

/** Each test file's time, from the runners' JSON reports. */
function fileTimes(vitest?: VitestReport, playwright?: PlaywrightReport): FileTime[] {
  const times: FileTime[] = (vitest?.testResults ?? []).map((result) => ({
    file: path.relative(root, result.name),
    seconds: (result.endTime - result.startTime) / 1000,
  }));
  const byFile = new Map<string, number>();
  for (const { file, test } of playwrightTests(playwright))
    for (const result of test.results)
      byFile.set(file, (byFile.get(file) ?? 0) + result.duration / 1000);
  for (const [file, seconds] of byFile) times.push({ file, seconds });
  return times.sort((a, b) => b.seconds - a.seconds);
}

/** Counts from the runners' JSON reports, so the closing line is computed, not guessed. */
function countTests(vitest?: VitestReport, playwright?: PlaywrightReport) {
  const stats = playwright?.stats ?? {};
  return {
    passed: (vitest?.numPassedTests ?? 0) + (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (vitest?.numFailedTests ?? 0) + (stats.unexpected ?? 0),
    skipped: (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (stats.skipped ?? 0),
  };
}

/**
 * The failed tests by name, with the first line of their error, from the runners' JSON reports: the
 * end of a long run is what a CI log keeps, and it must say what to look at.
 */
function failedTests(vitest?: VitestReport, playwright?: PlaywrightReport): string[] {
  const lines: string[] = [];
  const firstLine = (text = '') => (text.split('\n').find((line) => line.trim()) ?? '').trim();
  for (const file of vitest?.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failures = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failures)
      lines.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failures.length === 0 && file.message) lines.push(`${where}: ${firstLine(file.message)}`);
  }
  for (const { file, titles, test } of playwrightTests(playwright))
    if (test.status === 'unexpected')
      lines.push(
        `${file} › ${titles.join(' › ')}: ${firstLine(test.results.at(-1)?.error?.message)}`,
      );
  // Colours in an error message are noise in a log.
  // eslint-disable-next-line no-control-regex
  return lines.map((line) => line.replace(/\u001b\[[0-9;]*m/g, '').slice(0, 400));
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const started = Date.now();
await runAll();

console.log(`\n[comptoir] Steps (${parallelSteps} at a time, the journeys alone):`);
for (const step of steps) {
  const { outcome, seconds } = outcomes.get(step.name)!;
  console.log(`[comptoir]   ${outcome.padEnd(7)} ${String(seconds).padStart(5)} s  ${step.title}`);
}
console.log(`[comptoir] In all: ${Math.round((Date.now() - started) / 1000)} s`);
const vitestReport = readReport<VitestReport>('vitest.json');
const playwrightReport = readReport<PlaywrightReport>('playwright.json');
console.log('[comptoir] The ten slowest test files:');
for (const { file, seconds } of fileTimes(vitestReport, playwrightReport).slice(0, 10)) {
  console.log(`[comptoir]   ${seconds.toFixed(1).padStart(7)} s  ${file}`);
}

const failedSteps = steps.filter((step) => outcomes.get(step.name)?.outcome !== 'passed');
const counts = countTests(vitestReport, playwrightReport);
console.log('');
const failures = failedTests(vitestReport, playwrightReport);
if (failures.length > 0) {
  console.log('[comptoir] Failed tests:');
  for (const line of failures) console.log(`[comptoir]   ${line}`);
}
if (failedSteps.length > 0)
  console.log(`[comptoir] Failed steps: ${failedSteps.map((step) => step.title).join('; ')}`);
const failed =
  counts.failed + (failedSteps.length > 0 && counts.failed === 0 ? failedSteps.length : 0);
console.log(`tests: ${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps.length > 0 || counts.failed > 0 ? 1 : 0);
