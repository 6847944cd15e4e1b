import { findParameterDefinition, type ParameterValue } from '@comptoir/domain/site-parameters';
import type { Db } from '../db/client';
import { createParameterRepository } from '../modules/parameter/parameter-repository';
import { createParameterService } from '../modules/parameter/parameter-service';
import type { SiteCache } from './site-cache';

export interface SiteParameterValues {
  /**
   * True for a BOOLEAN parameter set to true; an unset (null) value takes the catalogue default,
   * as the storefront does, so that API and storefront agree (IS_BLOG_ACTIVATED null is on).
   */
  isOn(type: string): boolean;
  /** A non-blank text value, trimmed, or null. */
  text(type: string): string | null;
}

/** Reads a site's parameters from the per-site cache (the same data GET /parameter serves). */
export function createSiteParameterReader(db: Db, cache: SiteCache) {
  const parameters = createParameterService(createParameterRepository(db), cache);
  return async (siteId: number): Promise<SiteParameterValues> => {
    const values = new Map<string, ParameterValue>(
      (await parameters.list(siteId, {})).map((parameter) => [parameter.type, parameter.value]),
    );
    return {
      isOn: (type) =>
        (values.get(type) ?? findParameterDefinition(type)?.defaultValue ?? null) === true,
      text: (type) => {
        const value = values.get(type);
        return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
      },
    };
  };
}

export type SiteParameterReader = ReturnType<typeof createSiteParameterReader>;
