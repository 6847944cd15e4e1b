import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createS3Storage, type S3StorageSettings } from './s3-storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Uploaded files, known by an opaque random key. Nothing serves this folder over HTTP. */
export interface FileStorage {
  /** Stores the bytes under a new random key ending in `.${extension}` and returns the key. */
  save(content: Uint8Array, extension: string): Promise<string>;
  read(key: string): Promise<Buffer>;
  /** Removes the file; a key that is already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Rejects when the storage cannot be reached (GET /ready). */
  check(): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{32}\.[a-z0-9]{1,8}$/;

export class InvalidStorageKeyError extends Error {
  override name = 'InvalidStorageKeyError';
}

/** Keys come from save(); anything else (a path, '..') is refused before touching the disk. */
export function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new InvalidStorageKeyError(`Invalid storage key ${key}`);
  return key;
}

export function checkExtension(extension: string): string {
  if (!/^[a-z0-9]{1,8}$/.test(extension))
    throw new InvalidStorageKeyError(`Invalid extension ${extension}`);
  return extension;
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
    ? createS3Storage(options.s3)
    : createLocalStorage(options.directory);
  app.decorate<FileStorage>('storage', storage);
  app.addHook('onClose', dispose);
}
