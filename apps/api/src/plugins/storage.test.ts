import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, InvalidStorageKeyError } from './storage';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'comptoir-storage-test-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('local file storage', () => {
  it('saves under a new random key, reads back and deletes', async () => {
    const { storage } = createLocalStorage(path.join(folder, 'uploads'));
    const first = await storage.save(Buffer.from('aperçu'), 'png');
    const second = await storage.save(Buffer.from('aperçu'), 'png');
    expect(first).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(second).not.toBe(first);
    expect((await storage.read(first)).toString()).toBe('aperçu');
    await storage.delete(first);
    await storage.delete(first);
    expect(await readdir(path.join(folder, 'uploads'))).toEqual([second]);
  });

  it('refuses keys it did not make, so that no path can reach outside its folder', async () => {
    const { storage } = createLocalStorage(path.join(folder, 'uploads'));
    for (const key of ['../secret.png', '/etc/passwd', 'a/b.png', 'ABC.png', '']) {
      await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    await expect(storage.save(Buffer.from('x'), '../png')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
  });

  it('uses a temporary folder when none is configured, removed on dispose', async () => {
    const { storage, dispose } = createLocalStorage(undefined);
    const key = await storage.save(Buffer.from('x'), 'webp');
    expect((await storage.read(key)).toString()).toBe('x');
    await dispose();
    await expect(storage.read(key)).rejects.toThrow(/ENOENT/);
  });
});
