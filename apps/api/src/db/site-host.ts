import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * The host of a site's URL column as the database computes it: one expression for the site
 * resolution's query (modules/site) and for the indexes that serve it (schema/platform.ts,
 * migration 0030). PostgreSQL uses an expression index only for the very same expression.
 */

/** The host (with its port, if any) of a URL column, lower-cased. */
export function urlHostOf(column: AnyPgColumn): SQL {
  return sql`lower(substring(${column} from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)'))`;
}

/** The host name without its port. */
export function urlHostNameOf(column: AnyPgColumn): SQL {
  return sql`split_part(${urlHostOf(column)}, ':', 1)`;
}
