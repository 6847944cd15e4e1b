import type { ParameterKey } from '@comptoir/domain/site-parameters';

/** What the API's services read of a site's parameters, through the domain's default rule. */
export interface SiteParameterValues {
  /** True for a BOOLEAN parameter that is on, its catalogue default when unset. */
  isOn(type: ParameterKey): boolean;
  /** A non-blank text value, trimmed, or null. */
  text(type: ParameterKey): string | null;
  /** A finite NUMBER value, or null. */
  number(type: ParameterKey): number | null;
}

/**
 * Reads a site's parameters from the per-site cache (the same data GET /parameter serves). Built
 * once by the parameter module (modules/parameter) and handed to every module by compose.ts.
 */
export type SiteParameterReader = (siteId: number) => Promise<SiteParameterValues>;
