import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { componentConfs } from '../../db/schema';

export function createComponentConfRepository(db: Db) {
  return {
    async findBySlug(siteId: number, slug: string) {
      const [conf] = await db
        .select({ slug: componentConfs.slug, config: componentConfs.config })
        .from(componentConfs)
        .where(and(eq(componentConfs.siteId, siteId), eq(componentConfs.slug, slug)));
      return conf;
    },
  };
}

export type ComponentConfRepository = ReturnType<typeof createComponentConfRepository>;
