import { createServer, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentImages } from '../db/schema';
import { bearer } from '../test/accounts';
import { FAKE_S3_KEYS, startFakeS3 } from '../test/fake-s3';
import { siteRequest } from '../test/http';
import { createUserWithSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { multipart, PNG } from '../test/uploads';
import { createS3Storage, S3_RETRY_AFTER_MS, S3_TIMEOUTS } from './s3-storage';
import {
  STORAGE_READ_UNAVAILABLE_MESSAGE,
  STORAGE_SAVE_UNAVAILABLE_MESSAGE,
  StorageUnavailableError,
} from './storage-keys';

/*
 * Issue 32, item 2: S3 stops while the shop runs (decision 0114). The fake S3 is a real server on
 * a port of its own, stopped and started again by the test on the same port with the same
 * objects. An upload during the outage answers 503 in French and writes no row; an image shown
 * before the outage is still served from memory, one never shown answers a clean 503; the
 * storefront's reads answer; once S3 is back, uploads work again.
 */

const SITE = 91;
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

let fakeS3: Awaited<ReturnType<typeof startFakeS3>>;
let testApp: TestApp;
let token: string;

beforeAll(async () => {
  fakeS3 = await startFakeS3();
  testApp = await createTestApp({ env: fakeS3.env, logger: { level: 'info', stream: logStream } });
  ({ token } = await createUserWithSession(testApp.database.db, { siteId: SITE, role: 'ADMIN' }));
});
afterAll(async () => {
  await testApp?.close();
  await fakeS3?.close();
});

function upload() {
  const body = multipart({ image: { filename: 'photo.png', contentType: 'image/png', data: PNG } });
  return siteRequest(testApp.app, SITE, {
    method: 'POST',
    url: '/admin/content-image',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const imagePath = (url: string) => url.replace(/^\/api/, '');

async function imageRows(): Promise<number> {
  const [row] = await testApp.database.db.select({ n: count() }).from(contentImages);
  return row!.n;
}

function storageLines(message: string): number {
  return logLines.filter((line) => line.includes(message)).length;
}

describe('S3 down, then back', () => {
  it('refuses uploads in French without a row, keeps serving shown images, and recovers', async () => {
    // Before: two uploads stored, the first one shown (read once through the public route).
    const shown = await upload();
    expect(shown.statusCode).toBe(200);
    const shownUrl = imagePath(shown.json<{ data: { url: string } }>().data.url);
    const neverShown = await upload();
    expect(neverShown.statusCode).toBe(200);
    const neverShownUrl = imagePath(neverShown.json<{ data: { url: string } }>().data.url);
    const firstRead = await testApp.app.inject({ method: 'GET', url: shownUrl });
    expect(firstRead.statusCode).toBe(200);
    const shownBytes = firstRead.rawPayload;
    const rowsBefore = await imageRows();

    // The outage.
    await fakeS3.stop();
    const outageStart = performance.now();
    const answers: { what: string; response: LightMyRequestResponse; ms: number }[] = [];
    const timed = async (what: string, send: () => Promise<LightMyRequestResponse>) => {
      const start = performance.now();
      const response = await send();
      answers.push({ what, response, ms: performance.now() - start });
      return response;
    };

    // Spread over more than one retry window, so that S3 is really tried again meanwhile.
    const outageMs = S3_RETRY_AFTER_MS + 1_000;
    while (performance.now() - outageStart < outageMs) {
      const refused = await timed('upload', upload);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        success: false,
        message: STORAGE_SAVE_UNAVAILABLE_MESSAGE,
      });
      expect(refused.headers['retry-after']).toBe('30');

      const kept = await timed('shown image', () =>
        testApp.app.inject({ method: 'GET', url: shownUrl }),
      );
      expect(kept.statusCode).toBe(200);
      expect(kept.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(kept.rawPayload).toEqual(shownBytes);

      const missing = await timed('never shown image', () =>
        testApp.app.inject({ method: 'GET', url: neverShownUrl }),
      );
      // Not a 404 that a cache would keep: a 503 no cache keeps.
      expect(missing.statusCode).toBe(503);
      expect(missing.json().message).toBe(STORAGE_READ_UNAVAILABLE_MESSAGE);
      expect(missing.headers['cache-control']).toBe('no-store');

      const parameters = await timed('storefront parameters', () =>
        siteRequest(testApp.app, SITE, { method: 'GET', url: '/parameter' }),
      );
      expect(parameters.statusCode).toBe(200);
      const products = await timed('storefront products', () =>
        siteRequest(testApp.app, SITE, { method: 'GET', url: '/product' }),
      );
      expect(products.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ready = await timed('ready', () => testApp.app.inject({ method: 'GET', url: '/ready' }));
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toContain('storage');

    expect(await imageRows()).toBe(rowsBefore);
    const fiveHundreds = answers.filter(({ response }) => response.statusCode === 500);
    expect(fiveHundreds).toEqual([]);
    const slowest = Math.max(...answers.map(({ ms }) => ms));
    // Fails fast: no request waits on the S3 that is gone.
    expect(slowest).toBeLessThan(2_500);
    // One line when S3 went away, whatever the number of requests.
    expect(storageLines('File storage (S3) does not answer: uploads answer 503')).toBe(1);

    // S3 comes back on the same port, with its objects.
    await fakeS3.start();
    const backAt = performance.now();
    let recovered: LightMyRequestResponse | undefined;
    let attemptsToRecover = 0;
    while (performance.now() - backAt < 10_000) {
      attemptsToRecover += 1;
      const response = await upload();
      expect(response.statusCode === 200 || response.statusCode === 503).toBe(true);
      if (response.statusCode === 200) {
        recovered = response;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const recoveryMs = performance.now() - backAt;
    expect(recovered?.statusCode).toBe(200);
    expect(await imageRows()).toBe(rowsBefore + 1);
    expect((await testApp.app.inject({ method: 'GET', url: neverShownUrl })).statusCode).toBe(200);
    expect((await testApp.app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    expect(storageLines('File storage (S3) answers again')).toBe(1);

    const byWhat = new Map<string, number[]>();
    for (const { what, response } of answers) {
      byWhat.set(what, [...(byWhat.get(what) ?? []), response.statusCode]);
    }
    const uploadMs = answers
      .filter(({ what }) => what === 'upload')
      .map(({ ms }) => ms)
      .sort((a, b) => a - b);
    const figures = {
      outageMs: Math.round(performance.now() - outageStart - recoveryMs),
      requestsDuringOutage: answers.length,
      status5xx: answers.filter(({ response }) => response.statusCode >= 500).length,
      status500: fiveHundreds.length,
      slowestMs: Math.round(slowest),
      uploadMedianMs: Math.round(uploadMs[Math.floor(uploadMs.length / 2)] ?? 0),
      answers: Object.fromEntries(
        [...byWhat].map(([what, statuses]) => [
          what,
          `${statuses.length}× ${[...new Set(statuses)].join('/')}`,
        ]),
      ),
      recoveryMs: Math.round(recoveryMs),
      uploadsToRecover: attemptsToRecover,
    };
    console.log(`S3 outage figures: ${JSON.stringify(figures, null, 2)}`);
  });
});

describe('an S3 that accepts connections and never answers', () => {
  it('fails a save within the timeouts, then at once while it stays silent', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const warnings: string[] = [];
    const { storage, dispose } = createS3Storage(
      {
        endpoint: `http://127.0.0.1:${port}`,
        bucket: 'comptoir-uploads',
        region: 'us-east-1',
        credentials: FAKE_S3_KEYS,
      },
      {
        log: {
          warn: (_details, message) => void warnings.push(message),
          info: () => undefined,
        },
      },
    );
    try {
      let start = performance.now();
      await expect(storage.save(PNG, 'png')).rejects.toBeInstanceOf(StorageUnavailableError);
      const firstMs = performance.now() - start;
      // Two attempts of 3 s of silence each, and the backoff between them.
      expect(firstMs).toBeLessThan(2 * S3_TIMEOUTS.socketTimeout + 2_000);
      start = performance.now();
      await expect(storage.read('0'.repeat(32) + '.png')).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
      const nextMs = performance.now() - start;
      expect(nextMs).toBeLessThan(50);
      expect(warnings).toHaveLength(1);
      console.log(
        `Silent S3: first save refused after ${Math.round(firstMs)} ms, the next read after ${nextMs.toFixed(1)} ms`,
      );
    } finally {
      await dispose();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
