import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listPublicFiles } from './public-files';

const dir = mkdtempSync(path.join(os.tmpdir(), 'comptoir-public-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the files of public/', () => {
  it('lists every file, nested ones included, as a URL path, and no folder', () => {
    mkdirSync(path.join(dir, 'vendor/tarteaucitron'), { recursive: true });
    writeFileSync(path.join(dir, 'favicon.ico'), '');
    writeFileSync(path.join(dir, 'vendor/tarteaucitron/tarteaucitron.js'), '');
    expect([...listPublicFiles(dir)].sort()).toEqual([
      '/favicon.ico',
      '/vendor/tarteaucitron/tarteaucitron.js',
    ]);
  });

  it('is empty when there is no public folder', () => {
    expect(listPublicFiles(path.join(dir, 'missing')).size).toBe(0);
  });
});
