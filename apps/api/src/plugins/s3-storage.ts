import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { checkExtension, checkKey, type FileStorage } from './storage-keys';

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
 * Uploads in an S3 bucket (decision 0067): every API instance reads what another wrote. Same
 * random keys as the local folder, so that a key stored in the database means the same file
 * whichever storage wrote it. Files are served through the API (GET /file/:key) with the same
 * headers as before; the bucket stays private.
 */
export function createS3Storage(settings: S3StorageSettings): {
  storage: FileStorage;
  dispose(): Promise<void>;
} {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
  const Bucket = settings.bucket;

  const storage: FileStorage = {
    async save(content, extension) {
      const key = `${randomBytes(16).toString('hex')}.${checkExtension(extension)}`;
      // IfNoneMatch: never overwrite, even in the unthinkable event of a key collision.
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: content, IfNoneMatch: '*' }),
      );
      return key;
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
      if (!object.Body) throw new Error(`Empty object ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async delete(key) {
      // S3 answers success for a key that is already gone.
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
  return {
    storage,
    async dispose() {
      client.destroy();
    },
  };
}
