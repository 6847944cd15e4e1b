import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { REVALIDATE_SECRET_HEADER } from '@comptoir/contract/admin-content';
import { FANOUT_HEADER, listenForRevalidations, publishRevalidation } from './revalidation-fanout';

const redisUrl = process.env.TEST_REDIS_URL;
const SECRET = 'un-secret-de-test-assez-long';

interface HookCall {
  secret: string | undefined;
  fanout: string | undefined;
  body: string;
  at: number;
}

/** Stands for one storefront instance's revalidation hook. */
async function startHook(): Promise<{ server: Server; url: string; calls: HookCall[] }> {
  const calls: HookCall[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({
        secret: request.headers[REVALIDATE_SECRET_HEADER] as string | undefined,
        fanout: request.headers[FANOUT_HEADER] as string | undefined,
        body,
        at: Date.now(),
      });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/_comptoir/revalidate`, calls };
}

describe.skipIf(!redisUrl)('revalidation fan-out through Redis', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it("calls every instance's own hook with the tags, within 2 s", async () => {
    const hooks = [await startHook(), await startHook()];
    for (const hook of hooks) {
      const stop = await listenForRevalidations({
        redisUrl: redisUrl as string,
        hookUrl: hook.url,
        secret: SECRET,
        onError: (error) => {
          throw error;
        },
      });
      cleanups.push(stop, () => new Promise((resolve) => hook.server.close(() => resolve())));
    }
    const sentAt = Date.now();
    await publishRevalidation(redisUrl as string, ['site:91:page:12', 'site:91:menu']);
    const deadline = Date.now() + 2_000;
    while (hooks.some((hook) => hook.calls.length === 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const hook of hooks) {
      expect(hook.calls).toHaveLength(1);
      expect(hook.calls[0]).toMatchObject({ secret: SECRET, fanout: '1' });
      expect(JSON.parse(hook.calls[0]!.body)).toEqual({
        tags: ['site:91:page:12', 'site:91:menu'],
      });
      expect(hook.calls[0]!.at - sentAt).toBeLessThan(2_000);
    }
  });
});
