import type { SiteVisit } from '@comptoir/contract/site-visit';
import type { SiteVisitRepository } from './site-visit-repository';

export function createSiteVisitService(repository: SiteVisitRepository) {
  return {
    /** Records one landing from this source and tells how many the source has brought so far. */
    async record(siteId: number, source: string): Promise<SiteVisit> {
      await repository.insert(siteId, source);
      return { source, visits: await repository.countBySource(siteId, source) };
    },
  };
}

export type SiteVisitService = ReturnType<typeof createSiteVisitService>;
