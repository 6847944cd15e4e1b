import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataFolder } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * What every embedded database loads, the extensions the migrations create, as PostgreSQL ships
 * them in its contrib: btree_gist for the reservations' exclusion constraint (decision 0124),
 * pg_trgm for the trigram indexes of the back office's searches (decision 0127).
 */
export const PGLITE_OPTIONS = { extensions: { btree_gist, pg_trgm } } satisfies PGliteOptions;

/** The Drizzle handle repositories use; the same type for both drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

interface DatabaseBase {
  db: Db;
  /** Where the data lives, for start-up messages: a folder, 'memory' or the server's host. */
  location: string;
  /** Closes the connection(s); calling it again waits for the same close. */
  close(): Promise<void>;
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

export type Database =
  | (DatabaseBase & { kind: 'pglite'; driver: PgliteDatabase<Schema> })
  | (DatabaseBase & {
      kind: 'postgres';
      driver: NodePgDatabase<Schema>;
      /** The connection pool, whose use the metrics report (decision 0118). */
      pool: pg.Pool;
    });

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, node-postgres is used instead of PGlite. */
  databaseUrl?: string;
  /** Folder holding the embedded database (in `${dataDir}/db`). */
  dataDir?: string;
  /** Embedded database in memory only (tests). */
  inMemory?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection can be cut by the server (restart, or a dropped database at close); without
    // a listener the pool's 'error' event would crash the process. The pool opens a new connection.
    // A restart cuts every idle connection at once: one line per outage, not one per connection;
    // a connection made again ends the outage (decision 0116).
    let closing = false;
    let idleCutReported = false;
    pool.on('error', (error) => {
      if (closing || idleCutReported) return;
      idleCutReported = true;
      console.error(
        `PostgreSQL closed the idle connections (${error.message}); the next query reconnects.`,
      );
    });
    pool.on('connect', (client) => {
      idleCutReported = false;
      // A client in use that the server cuts (a transaction between two statements when it stops)
      // emits 'error' while the pool is not listening to it: unheard, the process would stop.
      // Heard here, its next statement fails instead and the request answers 503.
      client.on('error', () => undefined);
    });
    // Fail now with a clear error rather than on the first request.
    const connection = await pool.connect().catch(async (error: unknown) => {
      await pool.end();
      throw error;
    });
    connection.release();
    const driver = drizzleNodePg({ client: pool, schema });
    const url = new URL(options.databaseUrl);
    return {
      kind: 'postgres',
      driver,
      pool,
      db: driver,
      location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
      close: once(() => {
        closing = true;
        return pool.end();
      }),
    };
  }

  if (options.inMemory) return wrapPglite(await PGlite.create(PGLITE_OPTIONS), 'memory');
  if (!options.dataDir) throw new Error('openDatabase needs a databaseUrl, a dataDir or inMemory');
  const location = path.join(options.dataDir, 'db');
  await mkdir(location, { recursive: true });
  const unlock = await lockDataFolder(path.join(options.dataDir, 'db.lock'), location);
  try {
    return wrapPglite(await PGlite.create(location, PGLITE_OPTIONS), location, unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** A Database over an open PGlite client; closing it closes the client, then runs `afterClose`. */
export function wrapPglite(
  client: PGlite,
  location: string,
  afterClose: () => Promise<void> = async () => {},
): Database {
  const driver = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    driver,
    db: driver,
    location,
    close: once(async () => {
      try {
        await client.close();
      } finally {
        await afterClose();
      }
    }),
  };
}
