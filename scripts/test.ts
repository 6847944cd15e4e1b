/**
 * `npm test`: every check of the project, in order, each announced: types, lint, unit and API tests
 * (vitest; the API suite also on PostgreSQL when TEST_DATABASE_URL is set), the scale-out test
 * (PostgreSQL and Redis), the storefront build
 * and its bundle budget, then the browser journeys (Playwright in Debian's Chromium). Runs every step even after a failure
 * so one run shows everything, then prints one closing line "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, 'test-results');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

interface Step {
  title: string;
  command: string;
  args: string[];
  cwd?: string;
  /** Later steps that cannot run when this one fails. */
  blocks?: string[];
}

const steps: Step[] = [
  {
    title: 'Type-checking every workspace',
    command: 'npm',
    args: ['run', 'typecheck', '--silent'],
  },
  { title: 'Linting', command: bin('eslint'), args: ['.', '--max-warnings=0'] },
  {
    title: process.env.TEST_DATABASE_URL
      ? 'Unit and API tests (API suite on PGlite and on PostgreSQL)'
      : 'Unit and API tests (API suite on PGlite; set TEST_DATABASE_URL to add PostgreSQL)',
    command: bin('vitest'),
    args: [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${results}/vitest.json`,
    ],
  },
  {
    title: 'Checking Debian Chromium for the browser tests',
    command: bin('tsx'),
    args: ['scripts/ensure-chromium.ts'],
    blocks: ['browser'],
  },
  {
    title: 'Building the storefront (next build)',
    command: bin('next'),
    args: ['build'],
    cwd: 'apps/web',
    blocks: ['browser'],
  },
  {
    // Two API instances and two storefronts (the build above) on PostgreSQL, Redis and a fake
    // S3 behind round-robin proxies (docs/deploy.md).
    title: 'Scale-out test (npm run test:scale)',
    command: bin('tsx'),
    args: ['apps/api/scripts/test-scale.ts'],
  },
  {
    // Does not block the journeys: a page grown too heavy still works, it is only too slow.
    title: 'Checking the bundle budget of the public pages',
    command: bin('tsx'),
    args: ['apps/web/scripts/check-bundle-budget.ts'],
  },
  {
    title: 'Browser journeys (Playwright, Chromium)',
    command: bin('playwright'),
    args: ['test', '-c', 'e2e/playwright.config.ts'],
  },
];

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const failedSteps: string[] = [];
let browserBlocked = false;
for (const step of steps) {
  if (step.title.startsWith('Browser') && browserBlocked) {
    console.log(`\n[comptoir] Skipping: ${step.title} (an earlier step it needs failed)`);
    failedSteps.push(step.title);
    continue;
  }
  console.log(`\n[comptoir] ${step.title}…`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, {
    cwd: path.join(root, step.cwd ?? '.'),
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (run.status === 0) {
    console.log(`[comptoir] ✓ ${step.title} (${seconds} s)`);
  } else {
    console.log(`[comptoir] ✗ ${step.title} failed (${seconds} s)`);
    failedSteps.push(step.title);
    if (step.blocks?.includes('browser')) browserBlocked = true;
  }
}

/** Counts from the runners' JSON reports, so the closing line is computed, not guessed. */
function countTests(): { passed: number; failed: number; skipped: number } {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const vitestFile = path.join(results, 'vitest.json');
  if (existsSync(vitestFile)) {
    const report = JSON.parse(readFileSync(vitestFile, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
  const playwrightFile = path.join(results, 'playwright.json');
  if (existsSync(playwrightFile)) {
    const stats = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
    passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed += stats.unexpected ?? 0;
    skipped += stats.skipped ?? 0;
  }
  return { passed, failed, skipped };
}

const counts = countTests();
console.log('');
if (failedSteps.length > 0) console.log(`[comptoir] Failed steps: ${failedSteps.join('; ')}`);
const failed =
  counts.failed + (failedSteps.length > 0 && counts.failed === 0 ? failedSteps.length : 0);
console.log(`tests: ${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps.length > 0 || counts.failed > 0 ? 1 : 0);
