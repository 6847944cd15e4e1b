import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { createRecentFiles } from './recent-files';
import {
  checkExtension,
  checkKey,
  StorageUnavailableError,
  type FileStorage,
} from './storage-keys';

export interface S3StorageSettings {
  /** An S3-compatible service's address (MinIO, Garage, s3rver…); unset, AWS itself. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset, the SDK's own chain (instance role, AWS_* variables). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function s3StorageSettings(config: Config, bucket: string): S3StorageSettings {
  return {
    bucket,
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  };
}

/**
 * How long the API waits on S3 before it says the storage is unavailable (decision 0114): a
 * connection that does not open in 1 s, a socket silent for 3 s, a request longer than 30 s (a
 * 10 MB upload takes far less), and one retry: about 7 s at worst for an S3 that accepts and never
 * answers, a few milliseconds for one that refuses. A request never hangs on an S3 that is down.
 */
export const S3_TIMEOUTS = {
  connectionTimeout: 1_000,
  socketTimeout: 3_000,
  requestTimeout: 30_000,
  maxAttempts: 2,
} as const;

/**
 * While S3 is known to be down, saves and reads fail at once for this long after the last real
 * attempt rather than each waiting for its own timeout; then the next call tries S3 again.
 * GET /ready always tries.
 */
export const S3_RETRY_AFTER_MS = 2_000;

/** Shown files kept in memory to be served while S3 is down: 32 MB, files of 2 MB at most. */
export const SHOWN_FILES_CACHE = { maxBytes: 32 * 1024 * 1024, maxFileBytes: 2 * 1024 * 1024 };

/** The two log calls the storage makes (Fastify's logger has them). */
export interface StorageLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

interface S3Failure {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

/**
 * What S3 answered that is about the object, not about S3: the object is not there (404) or a
 * condition of the request was refused (412). Anything else (no answer, a timeout, 5xx, a bucket
 * or credentials S3 refuses) means the storage cannot be used now.
 */
function isAboutTheObject(error: unknown): boolean {
  const failure = error as S3Failure;
  const status = failure?.$metadata?.httpStatusCode;
  if (failure?.name === 'NoSuchBucket') return false;
  return status === 404 || status === 412 || failure?.name === 'NoSuchKey';
}

/** What the log may say of an S3 failure: its kind, never a request or a credential. */
function failureSummary(error: unknown) {
  const failure = error as S3Failure;
  return {
    name: failure?.name,
    code: failure?.code,
    status: failure?.$metadata?.httpStatusCode,
  };
}

/**
 * Uploads in an S3 bucket (decision 0067): every API instance reads what another wrote. Same
 * random keys as the local folder, so that a key stored in the database means the same file
 * whichever storage wrote it. Files are served through the API (GET /file/:key) with the same
 * headers as before; the bucket stays private.
 *
 * When S3 does not answer (decision 0114), a save or a read rejects with StorageUnavailableError
 * (503 in French), a shown file read recently is served from this process's memory, a delete
 * leaves the file behind with its key in the log, and the log says once that S3 is gone and once
 * that it is back.
 */
export function createS3Storage(
  settings: S3StorageSettings,
  options: { log?: StorageLog; now?: () => number } = {},
): {
  storage: FileStorage;
  dispose(): Promise<void>;
} {
  const { log, now = Date.now } = options;
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    maxAttempts: S3_TIMEOUTS.maxAttempts,
    requestHandler: {
      connectionTimeout: S3_TIMEOUTS.connectionTimeout,
      socketTimeout: S3_TIMEOUTS.socketTimeout,
      requestTimeout: S3_TIMEOUTS.requestTimeout,
      throwOnRequestTimeout: true,
    },
  });
  const Bucket = settings.bucket;
  const shown = createRecentFiles(SHOWN_FILES_CACHE);

  /** Since when S3 has been failing, and how long since the last real attempt. */
  let outage: { since: number; lastAttempt: number; refused: number; fromMemory: number } | null =
    null;

  const failed = (error: unknown) => {
    const at = now();
    if (outage) {
      outage.lastAttempt = at;
      return;
    }
    outage = { since: at, lastAttempt: at, refused: 0, fromMemory: 0 };
    log?.warn(
      { storage: 's3', failure: failureSummary(error) },
      'File storage (S3) does not answer: uploads answer 503, shown files are served from memory until it is back',
    );
  };
  const answered = () => {
    if (!outage) return;
    const { since, refused, fromMemory } = outage;
    outage = null;
    log?.info(
      { storage: 's3', downForMs: now() - since, refused, fromMemory },
      'File storage (S3) answers again',
    );
  };
  /** While S3 is down and was tried less than S3_RETRY_AFTER_MS ago, calls fail at once. */
  const waitingToRetry = () => outage !== null && now() - outage.lastAttempt < S3_RETRY_AFTER_MS;

  async function attempt<T>(
    operation: StorageUnavailableError['operation'],
    send: () => Promise<T>,
  ): Promise<T> {
    if (operation !== 'check' && waitingToRetry()) {
      if (operation === 'save') outage!.refused += 1;
      throw new StorageUnavailableError(operation);
    }
    try {
      const result = await send();
      answered();
      return result;
    } catch (error) {
      if (isAboutTheObject(error)) {
        answered();
        throw error;
      }
      failed(error);
      if (operation === 'save') outage!.refused += 1;
      throw new StorageUnavailableError(operation, { cause: error });
    }
  }

  const storage: FileStorage = {
    async save(content, extension) {
      const key = `${randomBytes(16).toString('hex')}.${checkExtension(extension)}`;
      // IfNoneMatch: never overwrite, even in the unthinkable event of a key collision.
      await attempt('save', () =>
        client.send(new PutObjectCommand({ Bucket, Key: key, Body: content, IfNoneMatch: '*' })),
      );
      return key;
    },
    async read(key, readOptions) {
      checkKey(key);
      const kept = readOptions?.shown ? shown.get(key) : undefined;
      if (kept) {
        if (outage) outage.fromMemory += 1;
        return kept;
      }
      const content = await attempt('read', async () => {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new Error(`Empty object ${key}`);
        return Buffer.from(await object.Body.transformToByteArray());
      });
      if (readOptions?.shown) shown.keep(key, content);
      return content;
    },
    async delete(key) {
      checkKey(key);
      shown.drop(key);
      try {
        // S3 answers success for a key that is already gone.
        await attempt('delete', () => client.send(new DeleteObjectCommand({ Bucket, Key: key })));
      } catch (error) {
        if (!(error instanceof StorageUnavailableError)) throw error;
        // The row that used it is gone or was never written: an orphan in a private bucket.
        log?.warn({ storage: 's3', key }, 'File storage (S3) does not answer: file left behind');
      }
    },
    async check() {
      await attempt('check', () => client.send(new HeadBucketCommand({ Bucket })));
    },
  };
  return {
    storage,
    async dispose() {
      client.destroy();
    },
  };
}
