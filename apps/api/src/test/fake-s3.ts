import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const FAKE_S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server on a free local port (s3rver), with one bucket, its objects in a
 * temporary folder removed on close: the environment an API instance needs to use it. `stop()`
 * and `start()` take it down and bring it back on the same port with the same objects (the
 * outage of s3-outage.faults.test.ts).
 */
export async function startFakeS3(bucket = 'comptoir-uploads', port = 0) {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'comptoir-fake-s3-'));
  const listen = async (on: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port: on,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    const address = (await server.run()) as AddressInfo;
    return { server, port: address.port };
  };
  let running: Awaited<ReturnType<typeof listen>> | null = await listen(port);
  const boundPort = running.port;
  const endpoint = `http://127.0.0.1:${boundPort}`;
  const stop = async () => {
    const server = running?.server;
    running = null;
    await server?.close();
  };
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: FAKE_S3_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3_KEYS.secretAccessKey,
    },
    /** Takes the server down; its objects stay for start(). */
    stop,
    /** Brings it back on the same port, with the objects it had. */
    async start() {
      running ??= await listen(boundPort);
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
