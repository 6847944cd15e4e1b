import { asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { logos, sites } from '../../db/schema';

export type SiteRecord = typeof sites.$inferSelect;
export type LogoRecord = typeof logos.$inferSelect;

/** The host (with its port, if any) of a URL column, lower-cased, computed by the database. */
function hostOf(column: AnyPgColumn): SQL {
  return sql`lower(substring(${column} from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#]+)'))`;
}

export function createSiteRepository(db: Db) {
  return {
    async findById(siteId: number): Promise<SiteRecord | null> {
      const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
      return site ?? null;
    },

    async listLogos(siteId: number): Promise<LogoRecord[]> {
      return db.select().from(logos).where(eq(logos.siteId, siteId)).orderBy(asc(logos.id));
    },

    /**
     * The site whose dev or prod URL has this host (case-insensitive): the exact host with its
     * port first, else the same host name on another port, so that a storefront started on a
     * non-default port (tests, a second instance) still tells its sites apart.
     */
    async findIdByHost(host: string): Promise<number | null> {
      const wanted = host.toLowerCase();
      const wantedName = wanted.replace(/:\d+$/, '');
      const nameOf = (column: AnyPgColumn) => sql`split_part(${hostOf(column)}, ':', 1)`;
      const [site] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(
          or(
            sql`${hostOf(sites.devUrl)} = ${wanted}`,
            sql`${hostOf(sites.prodUrl)} = ${wanted}`,
            sql`${nameOf(sites.devUrl)} = ${wantedName}`,
            sql`${nameOf(sites.prodUrl)} = ${wantedName}`,
          ),
        )
        .orderBy(
          sql`case when ${hostOf(sites.devUrl)} = ${wanted} or ${hostOf(sites.prodUrl)} = ${wanted} then 0 else 1 end`,
          asc(sites.id),
        )
        .limit(1);
      return site?.id ?? null;
    },
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
