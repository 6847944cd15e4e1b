import { readSiteParameters } from '@comptoir/domain/site-parameters';
import type { SiteParameterReader } from '../../lib/site-parameter-values';
import type { ParameterService } from './parameter-service';

/** Reads a site's parameters from the per-site cache (the same data GET /parameter serves). */
export function createSiteParameterReader(parameters: ParameterService): SiteParameterReader {
  return async (siteId) => {
    const reader = readSiteParameters(await parameters.list(siteId, {}));
    return { isOn: reader.flag, text: reader.text, number: reader.number };
  };
}
