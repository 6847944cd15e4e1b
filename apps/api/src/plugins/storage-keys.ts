/**
 * What every file storage shares (the local folder of storage.ts, the bucket of s3-storage.ts):
 * the interface and the check of keys and extensions, in a file of their own so that neither
 * storage imports the other.
 */

/** Uploaded files, known by an opaque random key. Nothing serves this folder over HTTP. */
export interface FileStorage {
  /** Stores the bytes under a new random key ending in `.${extension}` and returns the key. */
  save(content: Uint8Array, extension: string): Promise<string>;
  /**
   * The stored bytes. `shown: true` marks a file the public sees (a logo, a catalogue or content
   * image): a storage that can go away (S3) keeps a copy of the recently shown ones in memory and
   * serves it while it is down (decision 0114). Visitors' documents are never kept.
   */
  read(key: string, options?: { shown?: boolean }): Promise<Buffer>;
  /**
   * Removes the file; a key that is already gone is not an error, nor is a storage that cannot be
   * reached: the file stays behind as an orphan, its key in the log (decision 0114).
   */
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

/** Said with 503 when an upload could not be stored because the storage does not answer. */
export const STORAGE_SAVE_UNAVAILABLE_MESSAGE =
  'Le fichier n’a pas pu être enregistré : le stockage des fichiers est momentanément indisponible. Réessayez dans quelques minutes.';
/** Said with 503 when a stored file cannot be read because the storage does not answer. */
export const STORAGE_READ_UNAVAILABLE_MESSAGE =
  'Ce fichier est momentanément indisponible. Réessayez dans quelques minutes.';

/**
 * The storage did not answer (S3 down, unreachable, timed out, answering 5xx): not the caller's
 * fault and not a bug. The error handler answers 503 with the French message of the operation,
 * never 500; a missing file is not this error.
 */
export class StorageUnavailableError extends Error {
  override name = 'StorageUnavailableError';
  constructor(
    readonly operation: 'save' | 'read' | 'delete' | 'check',
    options?: ErrorOptions,
  ) {
    super(`File storage unavailable (${operation})`, options);
  }
}

export function isStorageUnavailable(error: unknown): error is StorageUnavailableError {
  return error instanceof StorageUnavailableError;
}
