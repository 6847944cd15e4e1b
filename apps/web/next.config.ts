import path from 'node:path';
import type { NextConfig } from 'next';
import { copyVendorFiles } from './scripts/copy-vendor.mjs';

const monorepoRoot = path.resolve(import.meta.dirname, '../..');

// The cookie banner's files are served from public/vendor: copied on every build and start, as
// `npm start` and the test script run `next build` directly, without the package's prebuild.
copyVendorFiles();

/** Headers that cost nothing and close common holes; a full CSP waits for the consent banner's needs. */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(self)' },
  {
    key: 'Content-Security-Policy',
    value: "frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'",
  },
];

const nextConfig: NextConfig = {
  // Several builds side by side in one checkout (parallel work on one machine) need their own folder.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  cacheComponents: true,
  partialPrefetching: true,
  poweredByHeader: false,
  transpilePackages: ['@comptoir/contract', '@comptoir/domain'],
  // The workspace packages export TypeScript sources from ../../packages: resolve and trace them
  // from the monorepo root.
  turbopack: { root: monorepoRoot },
  outputFileTracingRoot: monorepoRoot,
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
  // `/api/*` is forwarded to the API by proxy.ts, not by `rewrites` here: rewrites are frozen
  // into the build, and API_URL must be read when the server starts.
};

export default nextConfig;
