import path from 'node:path';
import type { NextConfig } from 'next';

// next, react and react-dom come from the repository root's node_modules: Turbopack and the file
// tracing must see the whole repository.
const monorepoRoot = path.resolve(import.meta.dirname, '../..');

/** A bare Next.js app: defaults only, so it measures what Next itself costs. */
const nextConfig: NextConfig = {
  turbopack: { root: monorepoRoot },
  outputFileTracingRoot: monorepoRoot,
  // `npm run typecheck` checks these few files; the bench does not pay for a type check per run.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
