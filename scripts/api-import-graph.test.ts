import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The API's modules import each other without a cycle, type imports and re-exports included
 * (issue 26; decision 0093): not between two files, and not between two modules
 * (`apps/api/src/modules/<feature>/`), whichever files carry the imports. Test files are left
 * out: a test may build its data through any module's face. The lint rule of decision 0088
 * keeps `plugins/`, `lib/` and `http/` off the modules; this keeps the modules off each other in
 * a loop, which the rule cannot see.
 */
const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src');

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each file's imports of files of the same tree (`import`, `import type`, `export … from`, `import()`). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (from: string, specifier: string): string | null => {
    if (!specifier.startsWith('.')) return null;
    const base = path.resolve(path.dirname(from), specifier);
    const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
    return candidates.find((candidate) => known.has(candidate)) ?? null;
  };
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((imported) => resolve(file, imported.fileName))
        .filter((target): target is string => target !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The groups of nodes that reach each other (Tarjan's strongly connected components). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** `modules/<feature>` of a file of a module, null elsewhere. */
function moduleOf(file: string): string | null {
  const [top, feature] = path.relative(SOURCE, file).split(path.sep);
  return top === 'modules' && feature ? feature : null;
}

describe('the import graph of apps/api/src', () => {
  const files = importGraph(sourceFiles(SOURCE));
  const relative = (file: string) => path.relative(SOURCE, file);

  it('finds a loop when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads the modules', () => {
    const modules = new Set([...files.keys()].map(moduleOf).filter(Boolean));
    expect(modules.has('order')).toBe(true);
    expect(modules.size).toBeGreaterThan(30);
  });

  it('has no cycle between files', () => {
    expect(cyclesOf(files).map((cycle) => cycle.map(relative))).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const modules = new Map<string, Set<string>>();
    for (const [file, targets] of files) {
      const from = moduleOf(file);
      if (!from) continue;
      const uses = modules.get(from) ?? new Set<string>();
      for (const target of targets) {
        const to = moduleOf(target);
        if (to && to !== from) uses.add(to);
      }
      modules.set(from, uses);
    }
    const graph = new Map([...modules].map(([name, uses]) => [name, [...uses]]));
    expect(cyclesOf(graph)).toEqual([]);
  });
});
