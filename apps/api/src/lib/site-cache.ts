/** The per-site reference data kept in memory (DESIGN.md §4). */
export type SiteCacheKey =
  'site' | 'info' | 'parameters' | 'page-tree' | 'variations' | 'catalogue';

/** A response serialized once: its exact bytes and their strong ETag. */
export interface CachedBody {
  /** UTF-8 bytes, encoded once rather than on every send. */
  body: Buffer;
  etag: string;
}

/**
 * Per-site in-memory cache of reference data and of the response bodies built from it. Loads are
 * shared: concurrent requests for a missing entry wait on one query. A failed load (an unknown
 * site, a database error) is not kept, so requests for random site ids leave nothing behind.
 * Every write path of cached data calls invalidateSite, which drops the data and every body built
 * from it together, so a body can never outlive what it was made of.
 */
export class SiteCache {
  /** Per site: data under its key, bodies under `key + BODY_SEPARATOR + variant`. */
  private readonly entries = new Map<number, Map<string, Promise<unknown>>>();

  get<T>(siteId: number, key: SiteCacheKey, load: () => Promise<T>): Promise<T> {
    return this.load(siteId, key, load);
  }

  /**
   * The serialized response of one variant (a page id, '' for the only one) of a read derived
   * from `key`'s data; dropped with that data.
   */
  getBody(
    siteId: number,
    key: SiteCacheKey,
    variant: string,
    load: () => Promise<CachedBody>,
  ): Promise<CachedBody> {
    return this.load(siteId, bodyEntry(key, variant), load);
  }

  /** Forgets one entry of a site with the bodies built from it, or all of them when no key is given. */
  invalidateSite(siteId: number, key?: SiteCacheKey): void {
    const siteEntries = this.entries.get(siteId);
    if (!siteEntries) return;
    if (key !== undefined) {
      const bodyPrefix = bodyEntry(key, '');
      for (const entry of [...siteEntries.keys()]) {
        if (entry === key || entry.startsWith(bodyPrefix)) siteEntries.delete(entry);
      }
    }
    if (key === undefined || siteEntries.size === 0) this.entries.delete(siteId);
  }

  /** Site ids with cached entries (for tests and diagnostics). */
  cachedSiteIds(): number[] {
    return [...this.entries.keys()];
  }

  private load<T>(siteId: number, entry: string, load: () => Promise<T>): Promise<T> {
    let siteEntries = this.entries.get(siteId);
    const cached = siteEntries?.get(entry);
    if (cached) return cached as Promise<T>;
    if (!siteEntries) {
      siteEntries = new Map();
      this.entries.set(siteId, siteEntries);
    }
    const loading = load();
    siteEntries.set(entry, loading);
    loading.catch(() => {
      const current = this.entries.get(siteId);
      if (current?.get(entry) !== loading) return;
      current.delete(entry);
      if (current.size === 0) this.entries.delete(siteId);
    });
    return loading;
  }
}

// A character no cache key or variant contains, so that 'page-tree' bodies never match 'page'.
const BODY_SEPARATOR = '\u0000';

function bodyEntry(key: SiteCacheKey, variant: string): string {
  return `${key}${BODY_SEPARATOR}${variant}`;
}
