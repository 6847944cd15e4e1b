import type { Parameter } from '@comptoir/contract/parameter';
import { readSiteParameters, type SiteParameterReader } from '@comptoir/domain/site-parameters';

/** Typed access to a site's parameters; an unset value falls back to the catalogue default. */
export interface ParameterReader extends Omit<SiteParameterReader, 'value'> {
  /** The raw list, for the theme builder. */
  readonly all: readonly Parameter[];
}

export function readParameters(parameters: readonly Parameter[]): ParameterReader {
  const { text, flag, number } = readSiteParameters(parameters);
  return { all: parameters, text, flag, number };
}
