import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import {
  REVALIDATE_SECRET_HEADER,
  STOREFRONT_REVALIDATE_PATH,
} from '@comptoir/contract/admin-content';
import { BackgroundTasks } from './background-tasks';
import { createStorefrontRevalidation } from './storefront-revalidation';

const SECRET = 'un-secret-de-seize-caracteres';

function fakeLog() {
  const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
  return { log, logger: log as unknown as FastifyBaseLogger };
}

function setUp(fetchImpl: typeof fetch, options: { url?: string; secret?: string } = {}) {
  const { log, logger } = fakeLog();
  const tasks = new BackgroundTasks(logger);
  const revalidation = createStorefrontRevalidation(
    { url: 'http://127.0.0.1:3000', secret: SECRET, ...options, fetch: fetchImpl },
    tasks,
    logger,
  );
  return { revalidation, tasks, log };
}

describe('createStorefrontRevalidation', () => {
  it("posts the site's tags, once each, with the secret header", async () => {
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 200 }));
    const { revalidation, tasks, log } = setUp(fetchImpl, { url: 'http://127.0.0.1:3000/' });
    revalidation.revalidate(91, ['pages', 'elements', 'pages']);
    await tasks.idle();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`http://127.0.0.1:3000${STOREFRONT_REVALIDATE_PATH}`);
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)[REVALIDATE_SECRET_HEADER]).toBe(SECRET);
    expect(JSON.parse(init.body as string)).toEqual({
      tags: ['site:91:pages', 'site:91:elements'],
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('does nothing without a storefront URL or without a secret', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}'));
    for (const options of [{ url: '' }, { secret: '' }]) {
      const { revalidation, tasks } = setUp(fetchImpl, options);
      expect(revalidation.enabled).toBe(false);
      revalidation.revalidate(91, ['pages']);
      await tasks.idle();
    }
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('returns at once and only logs a warning when the storefront cannot be reached', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    const { revalidation, tasks, log } = setUp(fetchImpl);
    expect(() => revalidation.revalidate(91, ['parameters'])).not.toThrow();
    await tasks.idle();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![1]).toMatch(/could not be asked to revalidate/);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('logs a warning naming the secret when the storefront refuses the request', async () => {
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 401 }));
    const { revalidation, tasks, log } = setUp(fetchImpl);
    revalidation.revalidate(92, ['elements']);
    await tasks.idle();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![1]).toMatch(/REVALIDATE_SECRET/);
  });
});
