import { notFound } from 'next/navigation';
import { ApiError } from '@comptoir/contract/client';
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
 * What every page of a site needs (spec §7, "on server start"), fetched in parallel. Each read
 * is cached on its own, so the layout, the page and their metadata share one API call per site.
 */
export async function loadSiteShell(siteId: number): Promise<SiteShell> {
  try {
    const [info, parameters, pages] = await Promise.all([
      getSiteInfo(siteId),
      getParameters(siteId),
      getPageTree(siteId),
    ]);
    return { siteId, info, parameters: readParameters(parameters), pages };
  } catch (error) {
    // A site id no site has (SITE_ID set to a removed site): a 404 page, not a server error.
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}
