import type { Logo, SiteInfo } from '@comptoir/contract/site';
import { HttpError } from '../../http/http-error';
import type { SiteCache } from '../../lib/site-cache';
import type { LogoRecord, SiteRecord, SiteRepository } from './site-repository';

export function toLogo(logo: LogoRecord): Logo {
  return {
    id: logo.id,
    filename: logo.filename,
    type: logo.type,
    alt: logo.alt,
    // A logo's image is stored with the logo, so the image shares the logo's id.
    onlineImage: {
      id: logo.id,
      externalId: logo.imageExternalId,
      externalType: logo.imageExternalType,
      externalPath: logo.imageExternalPath,
      url: logo.imageUrl,
    },
  };
}

function toSiteInfo(site: SiteRecord, logos: LogoRecord[]): SiteInfo {
  return {
    id: site.id,
    name: site.name,
    url: site.prodUrl ?? site.devUrl ?? '',
    devUrl: site.devUrl,
    prodUrl: site.prodUrl,
    fonts: site.fonts,
    logos: logos.map(toLogo),
    isWinemaker: site.isWinemaker,
    isECommerce: site.isECommerce,
    isBuilding: site.isBuilding,
    dashboardType: site.dashboardType,
    defaultLang: site.defaultLang,
  };
}

export function createSiteService(repository: SiteRepository, cache: SiteCache) {
  return {
    /** The site, or a 404 for an id no site has. */
    async getSite(siteId: number): Promise<SiteRecord> {
      return cache.get(siteId, 'site', async () => {
        const site = await repository.findById(siteId);
        if (!site) throw new HttpError(404, `Unknown site ${siteId}.`);
        return site;
      });
    },

    /** The site when it is already kept in memory (no promise), else undefined: see getSite. */
    keptSite(siteId: number): SiteRecord | undefined {
      return cache.peek<SiteRecord>(siteId, 'site');
    },

    async getSiteInfo(site: SiteRecord): Promise<SiteInfo> {
      return cache.get(site.id, 'info', async () =>
        toSiteInfo(site, await repository.listLogos(site.id)),
      );
    },

    async resolveHost(host: string): Promise<{ id: number }> {
      const id = await repository.findIdByHost(host.trim());
      if (id === null) throw new HttpError(404, `No site is configured for the host ${host}.`);
      return { id };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
