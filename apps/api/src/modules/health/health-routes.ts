import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { getHealth, getReadiness } from '@comptoir/contract/site';
import { EngineUnavailableError, HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';

/** A check that hangs counts as a failure: a load balancer must not wait on /ready. */
const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout(check: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check.then(() => undefined), timeout]).finally(() => clearTimeout(timer));
}

/**
 * /health says the process is alive; /ready says this instance can serve: its database, Redis
 * and file storage answer and it is not draining for a shutdown (decision 0067).
 */
export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, getHealth, () => ({ status: 'ok' as const }));
  // A load balancer asks every few seconds: one warning when the failing engines change, not one
  // per question (decision 0113).
  let reported = '';

  registerEndpoint(app, getReadiness, async () => {
    if (app.lifecycle.draining) throw new HttpError(503, 'The instance is shutting down.');
    const redis = app.redis;
    const checks = {
      database: withinTimeout(db.execute(sql`select 1`)),
      redis: redis ? withinTimeout(redis.ping()) : null,
      storage: withinTimeout(app.storage.check()),
    };
    // Each check's failure is caught as soon as the check starts: awaited one after the other, a
    // Redis ping that timed out while the database check was still running was a rejection
    // nobody handled yet, and close-with-grace stopped the process for it (seen under load).
    const failing = (
      await Promise.all(
        Object.entries(checks).map(([name, check]) =>
          check
            ? check.then(
                () => null,
                () => name,
              )
            : null,
        ),
      )
    ).filter((name): name is string => name !== null);
    if (failing.join() !== reported) {
      reported = failing.join();
      if (failing.length > 0) app.log.warn({ failing }, 'Not ready');
      else app.log.info('Ready again');
    }
    if (failing.length > 0) {
      throw new EngineUnavailableError(`Does not answer: ${failing.join(', ')}.`);
    }
    return {
      status: 'ready' as const,
      database: 'ok' as const,
      redis: redis ? ('ok' as const) : ('absent' as const),
      storage: 'ok' as const,
    };
  });
}
