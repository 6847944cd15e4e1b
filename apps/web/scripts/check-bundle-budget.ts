import path from 'node:path';
import {
  checkBudget,
  formatVerdicts,
  gzipSizeOf,
  PUBLIC_ROUTE_CSS_LIMIT_BYTES,
  PUBLIC_ROUTE_LIMITS,
  readBuildStats,
  readRouteStylesheets,
  type RouteVerdict,
} from './bundle-budget';

/**
 * `npm run check:bundle`: after `next build`, fails when a public route's first-load JavaScript
 * or stylesheets are heavier than their limit (bundle-budget.ts), so that no later change undoes
 * the lean pages.
 */
const webDir = path.resolve(import.meta.dirname, '..');
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
const buildDir = path.join(webDir, distDir);

let scripts: RouteVerdict[];
let stylesheets: RouteVerdict[];
try {
  scripts = checkBudget(readBuildStats(webDir, distDir), PUBLIC_ROUTE_LIMITS, gzipSizeOf(webDir));
  const routes = Object.keys(PUBLIC_ROUTE_LIMITS);
  const cssLimits = Object.fromEntries(
    routes.map((route) => [route, PUBLIC_ROUTE_CSS_LIMIT_BYTES]),
  );
  stylesheets = checkBudget(
    readRouteStylesheets(buildDir, routes),
    cssLimits,
    gzipSizeOf(buildDir),
  );
} catch (error) {
  console.error(
    `No complete build in ${buildDir}: run \`next build\` first (${(error as Error).message}).`,
  );
  process.exit(1);
}
console.log('First-load JavaScript of each public route (gzip), beside its limit:');
console.log(formatVerdicts(scripts));
console.log('\nStylesheets of each public route (gzip), beside their limit:');
console.log(formatVerdicts(stylesheets));
const failed = [...scripts, ...stylesheets].filter((verdict) => !verdict.withinBudget);
if (failed.length > 0) {
  console.error(`\n${failed.length} public route figure(s) over the bundle budget.`);
  process.exit(1);
}
console.log('\nEvery public route is within the bundle budget.');
