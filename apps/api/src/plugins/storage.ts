import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createS3Storage, type S3StorageSettings } from './s3-storage';
import { checkExtension, checkKey, type FileStorage } from './storage-keys';

export {
  checkExtension,
  checkKey,
  InvalidStorageKeyError,
  isStorageUnavailable,
  StorageUnavailableError,
  type FileStorage,
} from './storage-keys';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/**
 * A FileStorage over a local folder. Without a folder (tests), a temporary one is created on the
 * first write and removed when the app closes.
 */
export function createLocalStorage(directory: string | undefined) {
  let folder: Promise<string> | undefined;
  const ownsFolder = directory === undefined;
  const resolveFolder = () =>
    (folder ??= directory
      ? mkdir(directory, { recursive: true }).then(() => directory)
      : mkdtemp(path.join(os.tmpdir(), 'comptoir-uploads-')));

  const storage: FileStorage = {
    async save(content, extension) {
      const key = `${randomBytes(16).toString('hex')}.${checkExtension(extension)}`;
      // 'wx': never overwrite, even in the unthinkable event of a key collision.
      await writeFile(path.join(await resolveFolder(), key), content, { flag: 'wx' });
      return key;
    },
    async read(key) {
      return readFile(path.join(await resolveFolder(), checkKey(key)));
    },
    async delete(key) {
      await rm(path.join(await resolveFolder(), checkKey(key)), { force: true });
    },
    async check() {
      await access(await resolveFolder(), constants.R_OK | constants.W_OK);
    },
  };

  return {
    storage,
    async dispose() {
      if (ownsFolder && folder) await rm(await folder, { recursive: true, force: true });
    },
  };
}

/** The local folder by default; an S3 bucket when S3_BUCKET is set (several API instances). */
export function registerStorage(
  app: FastifyInstance,
  options: { directory?: string; s3?: S3StorageSettings },
): void {
  const { storage, dispose } = options.s3
    ? createS3Storage(options.s3, { log: app.log })
    : createLocalStorage(options.directory);
  app.decorate<FileStorage>('storage', storage);
  app.addHook('onClose', dispose);
}
