// Marks the framework's chunks for eager compilation (decision 0077). V8 compiles a function the
// first time it runs, on the page's main thread, unless the file asks otherwise: a file starting
// with the magic comment below is compiled whole while it downloads, on a background thread
// (Chrome 136 and later; other browsers read it as a comment). The chunks every page runs at load
// (React, Next's router, Turbopack's runtime) ran almost all their functions during hydration,
// and compiling them there was most of the one long task a visitor's page had.
// Plain JavaScript: next.config.ts imports it, and runs it after every production compile.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** https://v8.dev/blog/explicit-compile-hints: must open the file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The scripts every page loads before it hydrates, relative to the build's folder. */
export function frameworkChunks(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  return manifest.rootMainFiles.filter((file) => file.endsWith('.js'));
}

/**
 * Opens each framework chunk of the build in `distDir` with the compile hint (once: running it
 * again changes nothing) and returns the chunks marked.
 */
export function addCompileHints(distDir) {
  const chunks = frameworkChunks(distDir);
  for (const chunk of chunks) {
    const file = path.join(distDir, chunk);
    const code = readFileSync(file, 'utf8');
    if (!code.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + code);
  }
  return chunks;
}
