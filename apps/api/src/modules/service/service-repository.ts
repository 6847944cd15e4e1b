import { and, arrayOverlaps, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { services } from '../../db/schema';
import type { Paging } from '../../lib/list-query';

const summaryColumns = {
  id: services.id,
  title: services.title,
  slug: services.slug,
  summary: services.summary,
  imageUrl: services.imageUrl,
  priceCents: services.priceCents,
  durationMinutes: services.durationMinutes,
  tags: services.tags,
};

export function createServiceRepository(db: Db) {
  const published = (siteId: number) =>
    and(eq(services.siteId, siteId), eq(services.isPublished, true));

  return {
    /**
     * One page of the site's published services by position; with tags, only those carrying at
     * least one of them (array overlap).
     */
    async listPublished(siteId: number, tags: readonly string[], paging: Paging) {
      const where =
        tags.length > 0
          ? and(published(siteId), arrayOverlaps(services.tags, [...tags]))
          : published(siteId);
      const rows = await db
        .select(summaryColumns)
        .from(services)
        .where(where)
        .orderBy(asc(services.position), asc(services.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [counted] = await db.select({ total: count() }).from(services).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    async findPublished(siteId: number, id: number) {
      const [service] = await db
        .select({ ...summaryColumns, content: services.content })
        .from(services)
        .where(and(published(siteId), eq(services.id, id)));
      return service;
    },
  };
}

export type ServiceRepository = ReturnType<typeof createServiceRepository>;
