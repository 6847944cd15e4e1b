// Writes a Brotli copy (`x.js.br`) beside each script and stylesheet of a production build, which
// the storefront's server sends to browsers that accept Brotli (lib/precompressed-assets.ts,
// decision 0078). Next's own server compresses them with gzip on every request; Brotli at its
// highest quality is about 13 % smaller and too slow to run per request, so it runs once, here.
// Plain JavaScript: next.config.ts imports it, and runs it after every production compile.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** The files worth compressing: the rest of the build's static folder is already compressed. */
const COMPRESSIBLE = /\.(js|css)$/;

export function brotli(content) {
  return brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

/**
 * Compresses every script and stylesheet under `distDir/static` that Brotli makes smaller, and
 * returns how many it wrote. A copy is made from the file as it is now, so this runs last.
 */
export function precompressStaticAssets(distDir) {
  const staticDir = path.join(distDir, 'static');
  let written = 0;
  for (const entry of readdirSync(staticDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = readFileSync(file);
    const compressed = brotli(content);
    if (compressed.length >= content.length) continue;
    writeFileSync(`${file}.br`, compressed);
    written += 1;
  }
  return written;
}
