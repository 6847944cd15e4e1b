import 'server-only';
import type { Page } from '@comptoir/contract/page';
import type { SiteInfo } from '@comptoir/contract/site';
import { readParameters, type ParameterReader } from '../parameters';
import { getPageTree } from './pages.server';
import { getParameters } from './parameters.server';
import { getSiteInfo } from './site-info.server';

export interface SiteShell {
  siteId: number;
  info: SiteInfo;
  parameters: ParameterReader;
  pages: Page[];
}

/**
 * What every page of a site needs (docs/requirements/platform.md, "on server start"), fetched in parallel. Each read
 * is cached on its own, so the layout, the page and their metadata share one API call per site.
 */
export async function loadSiteShell(siteId: number): Promise<SiteShell> {
  const [info, parameters, pages] = await Promise.all([
    getSiteInfo(siteId),
    getParameters(siteId),
    getPageTree(siteId),
  ]);
  return { siteId, info, parameters: readParameters(parameters), pages };
}
