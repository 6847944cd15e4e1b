import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { storedFiles } from '../db/schema';
import { dispositionFilename } from '../http/content-disposition';
import { bearer } from '../test/accounts';
import { FAKE_S3_KEYS, startFakeS3 } from '../test/fake-s3';
import { siteRequest } from '../test/http';
import { createUserWithSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';
import { PNG } from '../test/uploads';
import { createS3Storage } from './s3-storage';
import { InvalidStorageKeyError } from './storage';

let fakeS3: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  fakeS3 = await startFakeS3();
});
afterAll(async () => {
  await fakeS3?.close();
});

const settings = (bucket = 'comptoir-uploads') => ({
  endpoint: fakeS3.endpoint,
  bucket,
  region: 'us-east-1',
  credentials: FAKE_S3_KEYS,
});

describe('S3 file storage', () => {
  it('saves under a new random key, reads back and deletes', async () => {
    const { storage, dispose } = createS3Storage(settings());
    try {
      const first = await storage.save(Buffer.from('aperçu'), 'png');
      const second = await storage.save(Buffer.from('aperçu'), 'png');
      expect(first).toMatch(/^[0-9a-f]{32}\.png$/);
      expect(second).not.toBe(first);
      expect((await storage.read(first)).toString()).toBe('aperçu');
      await storage.delete(first);
      await storage.delete(first);
      await expect(storage.read(first)).rejects.toThrow();
      expect((await storage.read(second)).toString()).toBe('aperçu');
      await storage.check();
    } finally {
      await dispose();
    }
  });

  it('refuses keys it did not make, and a bucket that does not exist is not ready', async () => {
    const { storage, dispose } = createS3Storage(settings('missing-bucket'));
    try {
      for (const key of ['../secret.png', 'a/b.png', 'ABC.png', '']) {
        await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
      await expect(storage.save(Buffer.from('x'), '../png')).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(storage.check()).rejects.toThrow();
    } finally {
      await dispose();
    }
  });
});

describe('two API instances on one bucket', () => {
  let first: TestApp;
  let second: ReturnType<typeof buildApp>;
  beforeAll(async () => {
    first = await createTestApp({ env: fakeS3.env });
    second = buildApp({ database: first.database, config: loadConfig(fakeS3.env) });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('serves through one instance a file written through the other, with the same headers', async () => {
    const storageKey = await first.app.storage.save(PNG, 'png');
    await first.database.db.insert(storedFiles).values({
      siteId: 91,
      storageKey,
      size: PNG.length,
      originalName: 'portrait été.png',
      mimeType: 'image/png',
      isCheckedImage: true,
    });
    const { token } = await createUserWithSession(first.database.db, {
      siteId: 91,
      role: 'ADMIN',
    });
    const response = await siteRequest(second, 91, {
      method: 'GET',
      url: `/file/${storageKey}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(
      `inline; ${dispositionFilename('portrait été.png')}`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload).toEqual(PNG);
  });

  it('reports the bucket on /ready', async () => {
    const response = await second.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.storage).toBe('ok');
  });
});
