import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';
import { BASE_CONTENT_SECURITY_POLICY } from './lib/content-security-policy';
import { copyVendorFiles } from './scripts/copy-vendor.mjs';

const monorepoRoot = path.resolve(import.meta.dirname, '../..');

// The cookie banner's files are served from public/vendor: copied on every build and start, as
// `npm start` and the test script run `next build` directly, without the package's prebuild.
copyVendorFiles();

/** Every file of public/ as a URL path, one a line: proxy.ts serves these as files (lib/public-files.ts). */
function listPublicFiles(): string {
  const publicDir = path.join(import.meta.dirname, 'public');
  return readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map(
      (entry) =>
        `/${path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`,
    )
    .join('\n');
}

/**
 * Headers that cost nothing and close common holes. Pages get their site's full
 * Content-Security-Policy from proxy.ts (it names the site's own script origins); this base one
 * covers what the proxy serves as is (files, the storefront's hooks).
 */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self)' },
  {
    key: 'Content-Security-Policy',
    value: BASE_CONTENT_SECURITY_POLICY,
  },
];

const nextConfig: NextConfig = {
  // Several builds side by side in one checkout (parallel work on one machine) need their own folder.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  cacheComponents: true,
  partialPrefetching: true,
  poweredByHeader: false,
  env: { COMPTOIR_PUBLIC_FILES: listPublicFiles() },
  transpilePackages: ['@comptoir/contract', '@comptoir/domain'],
  // The workspace packages export TypeScript sources from ../../packages: resolve and trace them
  // from the monorepo root.
  turbopack: { root: monorepoRoot },
  outputFileTracingRoot: monorepoRoot,
  async headers() {
    return [
      { source: '/:path((?!_next/static/).*)', headers: securityHeaders },
      // The build's scripts and stylesheets: the policies above govern documents, not
      // subresources, and their ~260 bytes rode on each of a page's dozen chunk responses
      // (decision 0035); nosniff still applies to scripts and stylesheets.
      { source: '/_next/static/:path*', headers: [securityHeaders[0]!] },
    ];
  },
  // `/api/*` is forwarded to the API by proxy.ts, not by `rewrites` here: rewrites are frozen
  // into the build, and API_URL must be read when the server starts.
};

export default nextConfig;
