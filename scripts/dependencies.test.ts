import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every dependency a workspace declares is used by that workspace. The other direction (every
 * import is declared) is lint's `import/no-extraneous-dependencies`; together they keep each
 * package.json an honest list of what its code needs.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Manifest {
  name: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));

const rootManifest = readManifest('.');
const workspaces = ['.', ...(rootManifest.workspaces ?? [])];

const SOURCE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set([
  'node_modules',
  'data',
  'test-results',
  'playwright-report',
  'public',
]);

/** The source files of a workspace, without the other workspaces nested in the root. */
function sourceFiles(dir: string): string[] {
  const nested = dir === '.' ? new Set(workspaces.filter((w) => w !== '.')) : new Set<string>();
  const files: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        if (SKIPPED_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
        if (nested.has(child)) continue;
        walk(child);
      } else if (SOURCE.test(entry.name)) {
        files.push(path.join(root, child));
      }
    }
  };
  walk(dir);
  return files;
}

/**
 * Packages used without an import naming them, each with where it is used: a command-line tool
 * run by a script under another name, or a module named in a configuration value.
 */
const USED_WITHOUT_IMPORT: Record<string, string> = {
  typescript:
    'the `tsc` of the workspaces\' own typecheck scripts and editors; Next and typescript-eslint read it',
  '@typescript/native-preview': 'the `tsgo` command of `npm run typecheck` (decision 0133)',
  'pino-pretty': 'the API logger transport named in apps/api/src/api-server.ts (`target`)',
  '@tiptap/core':
    'a peer dependency of @tiptap/react and @tiptap/starter-kit, pinned to their version',
  '@tiptap/pm':
    'a peer dependency of @tiptap/react and @tiptap/starter-kit, pinned to their version',
};

/**
 * Declared and unused, removed by another branch of issue 14 (the API's edge hardening): listed
 * here so this branch stays green until both are merged, then deleted with the dependency.
 */
const REMOVED_ELSEWHERE = new Set(['@fastify/cors']);

function isUsed(dir: string, manifest: Manifest, dependency: string, sources: string): boolean {
  if (USED_WITHOUT_IMPORT[dependency] || REMOVED_ELSEWHERE.has(dependency)) return true;
  const quoted = new RegExp(
    `['"\`]${dependency.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?:/[^'"\`]*)?['"\`]`,
  );
  if (quoted.test(sources)) return true;
  // A command-line tool a package.json script runs (prettier, tsx, drizzle-kit, next…).
  const scripts = Object.values(manifest.scripts ?? {}).join('\n');
  if (new RegExp(`(?:^|[\\s&|;])${dependency}(?:\\s|$)`, 'm').test(scripts)) return true;
  // Type packages go with the package (or Node built-in) they describe.
  if (dependency.startsWith('@types/')) {
    const described = dependency.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2');
    return described === 'node'
      ? /['"]node:/.test(sources)
      : isUsed(dir, manifest, described, sources);
  }
  return false;
}

describe('declared dependencies', () => {
  for (const dir of workspaces) {
    const manifest = readManifest(dir);
    it(`${manifest.name} uses every dependency it declares`, () => {
      const sources = sourceFiles(dir)
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n');
      const declared = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
      const unused = declared.filter((dependency) => !isUsed(dir, manifest, dependency, sources));
      expect(unused).toEqual([]);
    });
  }
});
