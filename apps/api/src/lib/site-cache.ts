/** The per-site reference data kept in memory (DESIGN.md §4). */
export type SiteCacheKey = 'site' | 'info' | 'parameters' | 'page-tree' | 'variations';

/**
 * Per-site in-memory cache of reference data. Loads are shared: concurrent requests for a missing
 * entry wait on one query. A failed load (an unknown site, a database error) is not kept, so
 * requests for random site ids leave nothing behind. Every write path of cached data calls
 * invalidateSite.
 */
export class SiteCache {
  private readonly entries = new Map<number, Map<SiteCacheKey, Promise<unknown>>>();

  get<T>(siteId: number, key: SiteCacheKey, load: () => Promise<T>): Promise<T> {
    let siteEntries = this.entries.get(siteId);
    const cached = siteEntries?.get(key);
    if (cached) return cached as Promise<T>;
    if (!siteEntries) {
      siteEntries = new Map();
      this.entries.set(siteId, siteEntries);
    }
    const loading = load();
    siteEntries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(siteId)?.get(key) === loading) this.invalidateSite(siteId, key);
    });
    return loading;
  }

  /** Forgets one entry of a site, or all of them when no key is given. */
  invalidateSite(siteId: number, key?: SiteCacheKey): void {
    const siteEntries = this.entries.get(siteId);
    if (!siteEntries) return;
    if (key !== undefined) siteEntries.delete(key);
    if (key === undefined || siteEntries.size === 0) this.entries.delete(siteId);
  }

  /** Site ids with cached entries (for tests and diagnostics). */
  cachedSiteIds(): number[] {
    return [...this.entries.keys()];
  }
}
