import { ApiError, createApiClient } from '@comptoir/contract/client';
import {
  ANALYTICS_APPS,
  getExternalAppPublicConfig,
  type ExternalAppPublicConfig,
} from '@comptoir/contract/external-app';
import { DEFAULT_LANG } from '@comptoir/contract/headers';
import { stripePublicKey } from '@comptoir/contract/payment';
import { readParameters } from './parameters';
import { siteContentSecurityPolicy } from './content-security-policy';

export interface SiteCspSourceOptions {
  apiUrl: string;
  /** How long a site's policy is reused, in milliseconds (its pages refresh within a minute too). */
  ttlMs?: number;
  /** How soon to ask again after the API could not answer. */
  retryMs?: number;
  /** Upper bound of remembered sites (the least recently used go first; decision 0123). */
  maxSites?: number;
  now?: () => number;
  fetch?: typeof fetch;
}

interface CachedPolicy {
  /** null: the API knows no site with this id. */
  policy: string | null;
  expiresAt: number;
}

/**
 * The Content-Security-Policy of each site's pages, built from the site's analytics services and
 * custom script as the API describes them, remembered per site for a short time. server.ts sets
 * it on every page response: the site is known there, and the cached pages stay the same for
 * every site (a header, not part of the page). Null when no site has this id (SITE_ID naming a
 * removed site): server.ts then answers 404 instead of rendering pages that cannot load.
 */
export function createSiteCspSource(options: SiteCspSourceOptions) {
  const ttlMs = options.ttlMs ?? 60_000;
  const retryMs = options.retryMs ?? 5_000;
  const maxSites = options.maxSites ?? 2_000;
  const now = options.now ?? Date.now;
  /** In order of last use, oldest first. */
  const cache = new Map<number, CachedPolicy>();
  const pending = new Map<number, Promise<string | null>>();

  async function build(siteId: number): Promise<CachedPolicy> {
    const api = createApiClient({
      baseUrl: options.apiUrl,
      siteId,
      lang: DEFAULT_LANG,
      fetch: options.fetch,
    });
    try {
      const [parameters, cardPayment, ...analytics] = await Promise.all([
        api.getParameters(),
        // A site takes cards when it has a Stripe key (404 otherwise): its pages may load Stripe.
        api.call(stripePublicKey).then(
          () => true,
          (error: unknown) => {
            if (error instanceof ApiError && error.status === 404) return false;
            throw error;
          },
        ),
        ...ANALYTICS_APPS.map(async (app): Promise<ExternalAppPublicConfig | null> => {
          try {
            return await api.call(getExternalAppPublicConfig, { params: { app } });
          } catch (error) {
            // A service the site has not connected answers 404.
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          }
        }),
      ]);
      const policy = siteContentSecurityPolicy({
        analytics: analytics.filter((entry): entry is ExternalAppPublicConfig => entry !== null),
        scriptToLoad: readParameters(parameters).text('SCRIPT_TO_LOAD'),
        cardPayment,
      });
      return { policy, expiresAt: now() + ttlMs };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        return { policy: null, expiresAt: now() + ttlMs };
      }
      // The API is failing: keep the last known policy, or the strictest one (the storefront's
      // own scripts only), and ask again soon.
      console.warn(`[storefront] security policy of site ${siteId}: ${(error as Error).message}`);
      const policy =
        cache.get(siteId)?.policy ??
        siteContentSecurityPolicy({ analytics: [], scriptToLoad: null });
      return { policy, expiresAt: now() + retryMs };
    }
  }

  return async function policyOf(siteId: number): Promise<string | null> {
    const cached = cache.get(siteId);
    if (cached && cached.expiresAt > now()) {
      cache.delete(siteId);
      cache.set(siteId, cached);
      return cached.policy;
    }
    let request = pending.get(siteId);
    if (!request) {
      request = build(siteId).then((entry) => {
        cache.delete(siteId);
        cache.set(siteId, entry);
        if (cache.size > maxSites) cache.delete(cache.keys().next().value as number);
        return entry.policy;
      });
      request.finally(() => pending.delete(siteId)).catch(() => undefined);
      pending.set(siteId, request);
    }
    return request;
  };
}
