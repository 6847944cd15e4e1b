import { readFileSync } from 'node:fs';
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
import { COMPILE_HINT, frameworkChunks } from './compile-hints.mjs';

/**
 * `npm run check:bundle`: after `next build`, fails when a public route's first-load JavaScript
 * or stylesheets are heavier than their limit (bundle-budget.ts), or when the framework's chunks
 * lack their compile hint (decision 0077), so that no later change undoes the lean pages.
 */
const webDir = path.resolve(import.meta.dirname, '..');
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
const buildDir = path.join(webDir, distDir);

let scripts: RouteVerdict[];
let stylesheets: RouteVerdict[];
let unhinted: string[];
try {
  unhinted = frameworkChunks(buildDir).filter(
    (chunk) => !readFileSync(path.join(buildDir, chunk), 'utf8').startsWith(COMPILE_HINT),
  );
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
if (unhinted.length > 0) {
  console.error(
    `\nThe framework chunks ${unhinted.join(', ')} lack the compile hint: next.config.ts runs addCompileHints after each production compile (decision 0077); check that Next still calls compiler.runAfterProductionCompile.`,
  );
}
const failed = [...scripts, ...stylesheets].filter((verdict) => !verdict.withinBudget);
if (failed.length > 0) {
  console.error(`\n${failed.length} public route figure(s) over the bundle budget.`);
}
if (failed.length > 0 || unhinted.length > 0) process.exit(1);
console.log(
  '\nEvery public route is within the bundle budget; the framework chunks carry their compile hint.',
);
