import path from 'node:path';
import {
  checkBudget,
  formatVerdicts,
  gzipSizeOf,
  PUBLIC_ROUTE_LIMITS,
  readBuildStats,
} from './bundle-budget';

/**
 * `npm run check:bundle`: after `next build`, fails when a public route's first-load JavaScript
 * is heavier than its limit (bundle-budget.ts), so that no later change undoes the lean pages.
 */
const webDir = path.resolve(import.meta.dirname, '..');
const distDir = process.env.NEXT_DIST_DIR ?? '.next';

let verdicts;
try {
  verdicts = checkBudget(readBuildStats(webDir, distDir), PUBLIC_ROUTE_LIMITS, gzipSizeOf(webDir));
} catch (error) {
  console.error(
    `No bundle statistics in ${path.join(distDir, 'diagnostics')}: run \`next build\` first (${(error as Error).message}).`,
  );
  process.exit(1);
}
console.log('First-load JavaScript of each public route (gzip), beside its limit:');
console.log(formatVerdicts(verdicts));
const failed = verdicts.filter((verdict) => !verdict.withinBudget);
if (failed.length > 0) {
  console.error(`\n${failed.length} public route(s) over the bundle budget.`);
  process.exit(1);
}
console.log('\nEvery public route is within the bundle budget.');
