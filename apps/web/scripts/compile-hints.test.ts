import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from './compile-hints.mjs';

/** A build folder with two framework chunks, one polyfill and one route's own chunk. */
function fakeBuild(): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'compile-hints-'));
  mkdirSync(path.join(distDir, 'static/chunks'), { recursive: true });
  const files: Record<string, string> = {
    'static/chunks/react.js': 'console.log("react");\n//# sourceMappingURL=react.js.map',
    'static/chunks/runtime.js': 'console.log("runtime");',
    'static/chunks/polyfills.js': 'console.log("polyfills");',
    'static/chunks/route.js': 'console.log("route");',
  };
  for (const [file, code] of Object.entries(files)) writeFileSync(path.join(distDir, file), code);
  writeFileSync(
    path.join(distDir, 'build-manifest.json'),
    JSON.stringify({
      polyfillFiles: ['static/chunks/polyfills.js'],
      rootMainFiles: ['static/chunks/react.js', 'static/chunks/runtime.js'],
    }),
  );
  return distDir;
}

const read = (distDir: string, file: string) =>
  readFileSync(path.join(distDir, 'static/chunks', file), 'utf8');

describe('compile hints on the framework chunks', () => {
  it('opens every chunk a page runs before hydrating with the hint, and leaves the code as it was', () => {
    const distDir = fakeBuild();
    expect(addCompileHints(distDir)).toEqual([
      'static/chunks/react.js',
      'static/chunks/runtime.js',
    ]);
    // The comment V8 reads, exactly: a line of its own at the very start of the file.
    expect(read(distDir, 'react.js')).toBe(
      '//# allFunctionsCalledOnLoad\nconsole.log("react");\n//# sourceMappingURL=react.js.map',
    );
    expect(read(distDir, 'runtime.js')).toBe(`${COMPILE_HINT}console.log("runtime");`);
  });

  it("leaves the routes' own chunks and the polyfills lazily compiled", () => {
    const distDir = fakeBuild();
    addCompileHints(distDir);
    expect(read(distDir, 'route.js')).toBe('console.log("route");');
    expect(read(distDir, 'polyfills.js')).toBe('console.log("polyfills");');
  });

  it('adds the hint once, however often the build step runs', () => {
    const distDir = fakeBuild();
    addCompileHints(distDir);
    addCompileHints(distDir);
    expect(read(distDir, 'runtime.js')).toBe(`${COMPILE_HINT}console.log("runtime");`);
  });
});
