import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The demo seed (db/seed/) is sample data: production code never imports it, so that what a site
 * is made of (its templates, its writers) lives apart from the demo businesses (decision 0089).
 * Only these may: the seed itself, its command (db/seed-cli.ts), the server's entry point, which
 * writes the missing sample sites at start, and test code (*.test.ts, src/test/).
 */
const apiSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seedFolder = path.join(apiSource, 'db', 'seed');
// server.ts starts the traces, then imports api-server.ts, the start-up that seeds (decision 0118).
const ENTRY_POINTS_THAT_SEED = ['api-server.ts', 'db/seed-cli.ts'];

/** Every module specifier a file names: static imports and re-exports, side-effect and dynamic imports. */
function specifiersOf(code: string): string[] {
  const pattern =
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...code.matchAll(pattern)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

/** The specifiers of `code` (the text of the file at `file`, relative to src/) that reach the seed. */
export function seedImportsOf(file: string, code: string): string[] {
  const directory = path.dirname(path.join(apiSource, file));
  return specifiersOf(code).filter((specifier) => {
    if (!specifier.startsWith('.')) return false;
    const target = path.resolve(directory, specifier);
    return target === seedFolder || target.startsWith(`${seedFolder}${path.sep}`);
  });
}

/** Production files of src/, relative to it: neither test code nor the seed's own files. */
function productionFiles(): string[] {
  return (readdirSync(apiSource, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.(?:ts|tsx|js|mjs)$/.test(file))
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .filter((file) => !file.startsWith('test/') && !file.startsWith('db/seed/'))
    .filter((file) => !ENTRY_POINTS_THAT_SEED.includes(file));
}

describe('production code and the demo seed', () => {
  it('finds an import of the seed however it is written', () => {
    const file = 'modules/platform/platform-service.ts';
    expect(seedImportsOf(file, "import { site91 } from '../../db/seed/site-91';")).toEqual([
      '../../db/seed/site-91',
    ]);
    expect(
      seedImportsOf(file, "import type {\n  SiteSeed,\n} from '../../db/seed/types';"),
    ).toEqual(['../../db/seed/types']);
    expect(seedImportsOf(file, "export { seedDatabase } from '../../db/seed/seed';")).toHaveLength(
      1,
    );
    expect(seedImportsOf(file, "const seed = await import('../../db/seed/seed');")).toHaveLength(1);
    expect(seedImportsOf(file, "import '../../db/seed';")).toHaveLength(1);
    expect(seedImportsOf('app.ts', "import { seedDatabase } from './db/seed/seed';")).toHaveLength(
      1,
    );
    // Not the seed: the command beside it, a folder that only starts alike, a package.
    expect(seedImportsOf('app.ts', "import { run } from './db/seed-cli';")).toEqual([]);
    expect(seedImportsOf(file, "import { x } from '../../db/seedling/x';")).toEqual([]);
    expect(seedImportsOf(file, "import { seed } from 'some-package/db/seed';")).toEqual([]);
  });

  it('is imported by no production file', () => {
    const files = productionFiles();
    // The walk did find the production code (a moved src/ would make this test pass on nothing).
    expect(files).toContain('app.ts');
    expect(files).toContain('modules/platform/platform-service.ts');
    const offenders = files.flatMap((file) =>
      seedImportsOf(file, readFileSync(path.join(apiSource, file), 'utf8')).map(
        (specifier) => `${file} imports ${specifier}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('names entry points that exist', () => {
    for (const file of ENTRY_POINTS_THAT_SEED) {
      expect(existsSync(path.join(apiSource, file)), file).toBe(true);
    }
  });
});
