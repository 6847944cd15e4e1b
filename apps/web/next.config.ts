import path from 'node:path';
import type { NextConfig } from 'next';
import { SECURITY_HEADERS } from './lib/security-headers';
import { buildDirName } from './lib/env';
import { addCompileHints } from './scripts/compile-hints.mjs';
import { copyVendorFiles } from './scripts/copy-vendor.mjs';
import { precompressStaticAssets } from './scripts/precompress.mjs';

const monorepoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Several instances share their caches through Redis when REDIS_URL is set (decision 0071):
 * 'use cache' entries (`cacheHandlers`) and rendered pages (`cacheHandler`). Next imports these
 * files with Node's own import() at start, in the process that serves, so they are plain
 * JavaScript (no build step) named by absolute paths; this file is read again by `next start` and
 * server.ts, so a build without REDIS_URL (CI) still shares when started with it. Each handler
 * also reads REDIS_URL itself and keeps Next's own behaviour without it.
 */
const sharedCache = process.env.REDIS_URL
  ? {
      cacheHandlers: { default: path.join(import.meta.dirname, 'cache/use-cache-handler.mjs') },
      cacheHandler: path.join(import.meta.dirname, 'cache/incremental-cache-handler.mjs'),
    }
  : {};

// The cookie banner's files are served from public/vendor: copied on every build and start, as
// `npm start` and the test script run `next build` directly, without the package's prebuild.
copyVendorFiles();

const nextConfig: NextConfig = {
  // Several builds side by side in one checkout (parallel work on one machine) need their own folder.
  distDir: buildDirName(),
  cacheComponents: true,
  // The rendered pages and 'use cache' entries kept in this process (without REDIS_URL): an LRU
  // of 50 MB each, whatever the number of sites (Next's default, stated: decision 0123).
  cacheMaxMemorySize: 50 * 1024 * 1024,
  ...sharedCache,
  partialPrefetching: true,
  // Turbopack's default CSS chunking put the CSS of every lazily loaded part (the back office's
  // editors, the shop's steps, the account) into one 70 KB stylesheet that every visitor's page
  // loaded; 'graph' gives each route the CSS of its own parts (decision 0075, checked by
  // `npm run check:bundle`).
  experimental: { cssChunking: 'graph' },
  compiler: {
    runAfterProductionCompile: async ({ distDir }) => {
      // The framework's chunks compile while they download rather than during hydration, which
      // was the one long task of a visitor's page (decision 0077, checked by check:bundle).
      addCompileHints(distDir);
      // Last, as it copies the files as they are: Brotli copies that server.ts sends (decision 0078).
      precompressStaticAssets(distDir);
    },
  },
  poweredByHeader: false,
  // `npm test` type-checks every workspace in a step of its own (`npm run typecheck`, beside this
  // build): it sets TYPES_CHECKED_APART so the build does not check the storefront a second time
  // (about 25 s of processor time on CI's two cores). Every other build checks its types.
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED_APART === '1' },
  transpilePackages: ['@comptoir/contract', '@comptoir/domain'],
  // The workspace packages export TypeScript sources from ../../packages: resolve and trace them
  // from the monorepo root.
  turbopack: { root: monorepoRoot },
  outputFileTracingRoot: monorepoRoot,
  // The Content-Security-Policy is not among these: server.ts sets it before Next handles a request
  // (a site's own policy on its pages), and a header set here would replace it.
  async headers() {
    return [
      { source: '/:path((?!_next/static/).*)', headers: [...SECURITY_HEADERS] },
      // The build's scripts and stylesheets: the policies above govern documents, not
      // subresources, and their ~260 bytes rode on each of a page's dozen chunk responses
      // (decision 0035); nosniff still applies to scripts and stylesheets.
      { source: '/_next/static/:path*', headers: [SECURITY_HEADERS[0]!] },
    ];
  },
  // `/api/*` is forwarded to the API by proxy.ts, not by `rewrites` here: rewrites are frozen
  // into the build, and API_URL must be read when the server starts.
};

export default nextConfig;
