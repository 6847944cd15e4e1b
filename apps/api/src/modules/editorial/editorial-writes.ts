import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CONTENT_ORDER_MESSAGE, CONTENT_SLUG_TAKEN_MESSAGE } from '@comptoir/contract/admin-editorial';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/http-error';
import { INVALID_BODY_MESSAGE } from '../../plugins/errors';
import type { SiteContentGroup, StorefrontRevalidation } from '../../plugins/storefront-revalidation';
import type { AuditActor } from '../audit';
import { recordAudit, type AuditRecord } from '../audit';

/*
 * What the blog, news and album writes of the back office share: one transaction holding the
 * change and its journal entry, then the storefront's tag of that content refreshed; the slug
 * rule (unique within the site); and reordering by a full list of ids.
 */

export type JournalEntry = Omit<AuditRecord, 'siteId' | 'actor'>;

export function createEditorialWriter(
  db: Db,
  storefront: StorefrontRevalidation,
  group: SiteContentGroup,
) {
  return async function write<T>(
    siteId: number,
    actor: AuditActor,
    work: (tx: Db) => Promise<{ result: T; journal: JournalEntry }>,
  ): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const { result, journal } = await work(tx);
      await recordAudit(tx, { siteId, actor, ...journal });
      return result;
    });
    storefront.revalidate(siteId, [group]);
    return result;
  };
}

export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}

export function invalidField(key: string, message: string, status = 422): HttpError {
  return new HttpError(status, INVALID_BODY_MESSAGE, [{ key, error: message }]);
}

interface SluggedTable {
  table: PgTable;
  id: PgColumn;
  siteId: PgColumn;
  slug: PgColumn;
}

/** 409 on `slug` when another row of the site already has this address. */
export async function ensureSlugFree(
  tx: Db,
  { table, id, siteId: siteColumn, slug: slugColumn }: SluggedTable,
  siteId: number,
  slug: string,
  exceptId: number | null,
): Promise<void> {
  const conditions: SQL[] = [eq(siteColumn, siteId), eq(slugColumn, slug)];
  if (exceptId !== null) conditions.push(ne(id, exceptId));
  const taken = await tx
    .select({ id })
    .from(table)
    .where(and(...conditions))
    .limit(1);
  if (taken.length > 0) throw invalidField('slug', CONTENT_SLUG_TAKEN_MESSAGE, 409);
}

/** 422 unless `ids` names exactly the rows of `current`, each once. */
export function checkFullOrder(current: readonly number[], ids: readonly number[]): void {
  const known = new Set(current);
  if (ids.length !== known.size || !ids.every((id) => known.has(id))) {
    throw invalidField('ids', CONTENT_ORDER_MESSAGE);
  }
}
