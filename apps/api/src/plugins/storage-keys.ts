/**
 * What every file storage shares (the local folder of storage.ts, the bucket of s3-storage.ts):
 * the interface and the check of keys and extensions, in a file of their own so that neither
 * storage imports the other.
 */

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
