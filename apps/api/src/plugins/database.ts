import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { SiteCache } from '../lib/site-cache';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    siteCache: SiteCache;
    databaseOutage: DatabaseOutage;
  }
}

/** What a visitor or an administrator reads while PostgreSQL does not answer (decision 0116). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Le service est momentanément indisponible. Réessayez dans quelques instants.';

/** How often, during an outage, the database is asked whether it answers again. */
export const DATABASE_PROBE_INTERVAL_MS = 500;

/**
 * PostgreSQL's outages as the operator reads them (decision 0116): one warning when the first
 * request meets a database that does not answer, one note with the outage's length and the
 * requests refused when a probe finds it answering again; nothing per request in between. The
 * pool reconnects by itself: the probe only tells when.
 */
export class DatabaseOutage {
  private outage: { since: number; refused: number; probe: NodeJS.Timeout } | null = null;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  get down(): boolean {
    return this.outage !== null;
  }

  /** A request met the outage (its answer is a 503); the first one of an outage says so. */
  report(error: unknown): void {
    if (this.outage) {
      this.outage.refused += 1;
      return;
    }
    if (this.closed) return;
    const code = (error as { code?: unknown }).code;
    this.log.warn(
      { database: this.database.kind, ...(typeof code === 'string' ? { code } : {}) },
      'PostgreSQL does not answer: requests that need it answer 503 until it is back',
    );
    const probe = setInterval(() => void this.probe(), DATABASE_PROBE_INTERVAL_MS);
    // The probe never keeps the process alive on its own.
    probe.unref();
    this.outage = { since: Date.now(), refused: 1, probe };
  }

  private probing = false;

  private async probe(): Promise<void> {
    if (this.probing || !this.outage) return;
    this.probing = true;
    try {
      await this.database.db.execute(sql`select 1`);
    } catch {
      return;
    } finally {
      this.probing = false;
    }
    const outage = this.outage;
    if (!outage) return;
    clearInterval(outage.probe);
    this.outage = null;
    this.log.info(
      { downMs: Date.now() - outage.since, refused: outage.refused },
      'PostgreSQL answers again',
    );
  }

  /** The app closes: no probe outlives it. */
  close(): void {
    this.closed = true;
    if (this.outage) clearInterval(this.outage.probe);
    this.outage = null;
  }
}

/**
 * Makes the database and the per-site cache available to every module. The caller opened the
 * database and closes it (server.ts, the test harness): the app only borrows it.
 */
export function registerDatabase(app: FastifyInstance, database: Database): void {
  app.decorate<Database>('database', database);
  app.decorate('siteCache', new SiteCache());
  app.decorate('databaseOutage', new DatabaseOutage(database, app.log));
  app.addHook('onClose', async () => app.databaseOutage.close());
}
