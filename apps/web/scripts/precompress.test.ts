import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressStaticAssets } from './precompress.mjs';

const script = `${'export function add(a, b) { return a + b; }\n'.repeat(200)}`;
const stylesheet = `${'.card { display: grid; gap: 1rem; }\n'.repeat(100)}`;

function fakeBuild(): string {
  const distDir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
  mkdirSync(path.join(distDir, 'static/chunks'), { recursive: true });
  mkdirSync(path.join(distDir, 'static/media'), { recursive: true });
  writeFileSync(path.join(distDir, 'static/chunks/app.js'), script);
  writeFileSync(path.join(distDir, 'static/chunks/app.css'), stylesheet);
  writeFileSync(path.join(distDir, 'static/chunks/tiny.js'), '1');
  writeFileSync(path.join(distDir, 'static/media/font.woff2'), script);
  return distDir;
}

describe("Brotli copies of the build's scripts and stylesheets", () => {
  it('writes beside each script and stylesheet a copy that decompresses to the same bytes', () => {
    const distDir = fakeBuild();
    expect(precompressStaticAssets(distDir)).toBe(2);
    for (const [file, content] of [
      ['static/chunks/app.js', script],
      ['static/chunks/app.css', stylesheet],
    ] as const) {
      const copy = readFileSync(path.join(distDir, `${file}.br`));
      expect(copy.length).toBeLessThan(content.length / 10);
      expect(brotliDecompressSync(copy).toString('utf8')).toBe(content);
    }
  });

  it('leaves out the files Brotli would not make smaller, and those that are not code', () => {
    const distDir = fakeBuild();
    precompressStaticAssets(distDir);
    expect(existsSync(path.join(distDir, 'static/chunks/tiny.js.br'))).toBe(false);
    expect(existsSync(path.join(distDir, 'static/media/font.woff2.br'))).toBe(false);
  });
});
