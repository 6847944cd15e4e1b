import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { draining: boolean };
  }
}

export function registerLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false });
}

/**
 * A graceful stop (SIGTERM): /ready answers 503 at once while the instance keeps serving for
 * `drainMs`, long enough for the load balancer to see it and send new requests elsewhere; then
 * the server stops accepting connections, lets the requests in flight finish, and the onClose
 * hooks stop the jobs (waiting for the runs under way) and close Redis (decision 0067).
 */
export async function shutDown(app: FastifyInstance, drainMs: number): Promise<void> {
  app.lifecycle.draining = true;
  if (drainMs > 0) await sleep(drainMs);
  await app.close();
}
