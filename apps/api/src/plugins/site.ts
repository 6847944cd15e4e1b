import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANG, SITE_ID_HEADER, USER_LANG_HEADER } from '@comptoir/contract/headers';
import { HttpError } from '../http/http-error';
import type { sites as sitesTable } from '../db/schema';

/** A site, as the sites table keeps it (the site module's SiteRecord). */
type SiteRecord = typeof sitesTable.$inferSelect;

/** How a site is found: the site module's service (kept in memory), from compose.ts. */
export interface SiteLookup {
  keptSite(siteId: number): SiteRecord | undefined;
  getSite(siteId: number): Promise<SiteRecord>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Platform routes (health, site resolution) answer without a siteId header. */
    withoutSite?: boolean;
  }
  interface FastifyRequest {
    /** The site named by the siteId header; set on every route not marked withoutSite. */
    site: SiteRecord;
    /** The visitor's locale from the userLang header, fr_FR by default. */
    lang: string;
  }
}

const SITE_ID_PATTERN = /^[1-9][0-9]{0,8}$/;
const SITE_ID_HEADER_NAME = SITE_ID_HEADER.toLowerCase();
const LOCALE_PATTERN = /^[a-z]{2}_[A-Z]{2}$/;
export const MISSING_SITE_ID_MESSAGE =
  "Missing or invalid siteId header: send the site's id as a positive integer.";

/** The site id a request names in its siteId header, or null when the header is missing or bad. */
export function siteIdOf(headers: IncomingHttpHeaders): number | null {
  const raw = headers[SITE_ID_HEADER_NAME];
  return typeof raw === 'string' && SITE_ID_PATTERN.test(raw.trim()) ? Number(raw.trim()) : null;
}

/**
 * Tenant resolution (docs/architecture.md#multi-tenancy), for the routes of the scope it is installed in: the siteId
 * header must name an existing site before anything else runs. Requiring this custom header also
 * blocks cross-site form posts.
 */
export function registerSiteResolution(app: FastifyInstance, sites: SiteLookup): void {
  const langHeaderName = USER_LANG_HEADER.toLowerCase();

  app.decorateRequest('site', null as unknown as SiteRecord);
  app.decorateRequest('lang', DEFAULT_LANG);

  // Runs on every request: once the site is kept in memory, without a promise (`done`).
  app.addHook('onRequest', (request, _reply, done) => {
    const lang = request.headers[langHeaderName];
    request.lang = typeof lang === 'string' && LOCALE_PATTERN.test(lang) ? lang : DEFAULT_LANG;

    if (request.routeOptions.config.withoutSite) {
      done();
      return;
    }
    const siteId = siteIdOf(request.headers);
    if (siteId === null) {
      done(new HttpError(400, MISSING_SITE_ID_MESSAGE));
      return;
    }
    const kept = sites.keptSite(siteId);
    if (kept) {
      request.site = kept;
      done();
      return;
    }
    sites.getSite(siteId).then((site) => {
      request.site = site;
      done();
    }, done);
  });
}
