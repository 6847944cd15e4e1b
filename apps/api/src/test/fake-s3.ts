import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const FAKE_S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server on a free local port (s3rver), with one bucket, its objects in a
 * temporary folder removed on close: the environment an API instance needs to use it.
 */
export async function startFakeS3(bucket = 'comptoir-uploads', port = 0) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'comptoir-fake-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: FAKE_S3_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3_KEYS.secretAccessKey,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
