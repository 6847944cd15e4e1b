import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { KEYSET_ROW_UNKNOWN_MESSAGE } from '@comptoir/contract/list-query';
import type { Db } from '../db/client';
import { HttpError } from '../http/http-error';

/*
 * Keyset paging of a site's growing lists (issue 31, decision 0123). A list ordered by some
 * columns then its id continues after a row by comparing the rows' keys with the row's own,
 * read by the database in the same statement: a timestamp carried through JavaScript would lose
 * its microseconds and skip or repeat rows. With an index on (site_id, the keys…, id), a page deep
 * in the list costs what the first one does, where an offset reads every row before it.
 */

/** A site's table with an id, and the columns its list is ordered by, id last. */
export interface KeysetOrder {
  table: PgTable;
  siteId: AnyPgColumn;
  id: AnyPgColumn;
  /** The ordering columns, id last; all in one direction. */
  keys: readonly AnyPgColumn[];
  direction: 'asc' | 'desc';
}

/**
 * The condition keeping the rows after the row `afterId` of the site in this order, or a 400 in
 * French when the site has no such row (another site's id, or none).
 */
export async function rowsAfter(
  db: Db,
  order: KeysetOrder,
  siteId: number,
  afterId: number,
): Promise<SQL> {
  const [found] = await db
    .select({ id: order.id })
    .from(order.table)
    .where(and(eq(order.siteId, siteId), eq(order.id, afterId)));
  if (!found) {
    throw new HttpError(400, KEYSET_ROW_UNKNOWN_MESSAGE, [
      { key: 'after', error: KEYSET_ROW_UNKNOWN_MESSAGE },
    ]);
  }
  // The key columns by name in a subquery of the same table: its own table's columns there.
  const tableName = sql.identifier(getTableName(order.table));
  const keys = sql.join(
    order.keys.map((column) => sql`${column}`),
    sql`, `,
  );
  const cursorKeys = sql.join(
    order.keys.map((column) => sql`cursor_row.${sql.identifier(column.name)}`),
    sql`, `,
  );
  const siteColumn = sql.identifier(order.siteId.name);
  const idColumn = sql.identifier(order.id.name);
  const comparison = order.direction === 'desc' ? sql`<` : sql`>`;
  return sql`(${keys}) ${comparison} (select ${cursorKeys} from ${tableName} cursor_row where cursor_row.${siteColumn} = ${siteId} and cursor_row.${idColumn} = ${afterId})`;
}
