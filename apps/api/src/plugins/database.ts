import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { SiteCache } from '../lib/site-cache';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    siteCache: SiteCache;
  }
}

/**
 * Makes the database and the per-site cache available to every module. The caller opened the
 * database and closes it (server.ts, the test harness): the app only borrows it.
 */
export function registerDatabase(app: FastifyInstance, database: Database): void {
  app.decorate<Database>('database', database);
  app.decorate('siteCache', new SiteCache());
}
