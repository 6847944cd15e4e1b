import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { urlHostNameOf, urlHostOf } from '../../db/site-host';
import { logos, sites } from '../../db/schema';

export type SiteRecord = typeof sites.$inferSelect;
export type LogoRecord = typeof logos.$inferSelect;

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
     * non-default port (tests, a second instance) still tells its sites apart. Each condition
     * is served by an index on its expression (migration 0030).
     */
    async findIdByHost(host: string): Promise<number | null> {
      const wanted = host.toLowerCase();
      const wantedName = wanted.replace(/:\d+$/, '');
      const [site] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(
          or(
            sql`${urlHostOf(sites.devUrl)} = ${wanted}`,
            sql`${urlHostOf(sites.prodUrl)} = ${wanted}`,
            sql`${urlHostNameOf(sites.devUrl)} = ${wantedName}`,
            sql`${urlHostNameOf(sites.prodUrl)} = ${wantedName}`,
          ),
        )
        .orderBy(
          sql`case when ${urlHostOf(sites.devUrl)} = ${wanted} or ${urlHostOf(sites.prodUrl)} = ${wanted} then 0 else 1 end`,
          asc(sites.id),
        )
        .limit(1);
      return site?.id ?? null;
    },
  };
}

export type SiteRepository = ReturnType<typeof createSiteRepository>;
