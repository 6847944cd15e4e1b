import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/**
 * Decision 0132: the servers' heap settings live in their workspaces' `npm start`
 * (`tsx <flags> <entry>`), which `npm start` (scripts/start.ts) and the scale-out layout of the
 * tests and benches (apps/api/scripts/scale-layout.ts) read; the deploy guide shows them.
 */
const HEAP_FLAGS = ['--max-old-space-size=1024', '--min-semi-space-size=16'];

describe("the servers' Node settings", () => {
  it.each([
    ['apps/api/package.json', 'src/server.ts'],
    ['apps/web/package.json', 'server.ts'],
  ])("%s's npm start passes them", (file, entry) => {
    const { scripts } = JSON.parse(read(file)) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`tsx ${HEAP_FLAGS.join(' ')} ${entry}`);
  });

  it('the deploy guide names them in its command lines', () => {
    const guide = read('docs/deploy.md');
    expect(guide).toContain(`node ${HEAP_FLAGS.join(' ')} --import tsx apps/api/src/server.ts`);
    expect(guide).toContain(`node ${HEAP_FLAGS.join(' ')} --import tsx apps/web/server.ts`);
  });

  it('npm start and the scale-out layout read them from the workspaces', () => {
    for (const file of ['scripts/start.ts', 'apps/api/scripts/scale-layout.ts']) {
      expect(read(file)).toMatch(/\.\.\.startFlags\((?:'api'|kind)\)/);
    }
  });
});
