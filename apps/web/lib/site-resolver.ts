import { ApiError, createApiClient } from '@comptoir/contract/client';

export interface SiteResolverOptions {
  apiUrl: string;
  fallbackSiteId: number;
  /** How long an answer (found or not) is reused, in milliseconds. */
  ttlMs?: number;
  /** Upper bound of remembered hosts, so random Host headers cannot grow memory without limit. */
  maxHosts?: number;
  now?: () => number;
  fetch?: typeof fetch;
  /** Told whether each lookup found a remembered answer (the storefront's metrics). */
  onLookup?: (hit: boolean) => void;
}

interface CachedSite {
  siteId: number;
  expiresAt: number;
}

/**
 * Maps a request host to its site id through the API (GET /site/resolve), remembering each answer
 * for a short time. A host no site claims, or an API that cannot answer, gets the fallback site.
 */
export function createSiteResolver(options: SiteResolverOptions) {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxHosts = options.maxHosts ?? 1_000;
  const now = options.now ?? Date.now;
  const client = createApiClient({ baseUrl: options.apiUrl, fetch: options.fetch });
  const cache = new Map<string, CachedSite>();
  const pending = new Map<string, Promise<number>>();

  async function ask(host: string): Promise<number> {
    try {
      return (await client.resolveSite(host)).id;
    } catch (error) {
      // 404: no site has this host. Anything else: the API is unreachable or failing; the
      // fallback keeps the storefront answering, and the short TTL retries soon.
      if (!(error instanceof ApiError && error.status === 404)) {
        console.warn(
          `[storefront] site resolution for ${host} failed: ${(error as Error).message}`,
        );
      }
      return options.fallbackSiteId;
    }
  }

  return async function resolve(host: string): Promise<number> {
    const key = host.trim().toLowerCase();
    if (key === '') return options.fallbackSiteId;
    const cached = cache.get(key);
    if (cached && cached.expiresAt > now()) {
      options.onLookup?.(true);
      return cached.siteId;
    }
    options.onLookup?.(false);

    let request = pending.get(key);
    if (!request) {
      request = ask(key).then((siteId) => {
        if (cache.size >= maxHosts) cache.delete(cache.keys().next().value as string);
        cache.set(key, { siteId, expiresAt: now() + ttlMs });
        return siteId;
      });
      request.finally(() => pending.delete(key)).catch(() => undefined);
      pending.set(key, request);
    }
    return request;
  };
}
