import { readSiteParameters, type ParameterKey } from '@comptoir/domain/site-parameters';
import type { Db } from '../db/client';
import { createParameterRepository } from '../modules/parameter/parameter-repository';
import { createParameterService } from '../modules/parameter/parameter-service';
import type { SiteCache } from './site-cache';

/** What the API's services read of a site's parameters, through the domain's default rule. */
export interface SiteParameterValues {
  /** True for a BOOLEAN parameter that is on, its catalogue default when unset. */
  isOn(type: ParameterKey): boolean;
  /** A non-blank text value, trimmed, or null. */
  text(type: ParameterKey): string | null;
  /** A finite NUMBER value, or null. */
  number(type: ParameterKey): number | null;
}

/** Reads a site's parameters from the per-site cache (the same data GET /parameter serves). */
export function createSiteParameterReader(db: Db, cache: SiteCache) {
  const parameters = createParameterService(createParameterRepository(db), cache);
  return async (siteId: number): Promise<SiteParameterValues> => {
    const reader = readSiteParameters(await parameters.list(siteId, {}));
    return { isOn: reader.flag, text: reader.text, number: reader.number };
  };
}

export type SiteParameterReader = ReturnType<typeof createSiteParameterReader>;
