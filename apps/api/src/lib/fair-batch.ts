import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * Fair batches of the background jobs (issue 31, decision 0123): a job that takes a batch of due
 * rows across all sites takes them in turns, each site's first due row, then each site's second…
 * so that one site with 100,000 due rows fills no batch on its own, and another site's single
 * row goes in the next run rather than after the large site's backlog.
 */

/**
 * The row's turn within its site's due rows, in the job's own order (1 for each site's first):
 * a batch ordered by this turn, then the job's order, is round-robin across sites.
 */
export function siteTurn(siteId: AnyPgColumn, ...order: SQL[]): SQL<number> {
  return sql<number>`row_number() over (partition by ${siteId} order by ${sql.join(order, sql`, `)})`;
}
