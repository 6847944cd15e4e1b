/** The per-site reference data kept in memory (docs/architecture.md#performance). */
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
/** One kept load: its promise, and its value once it has arrived (read without waiting). */
interface Entry {
  /** The cache key it was loaded under (for a body, the key of the data it is built from). */
  key: SiteCacheKey;
  loading: Promise<unknown>;
  arrived: boolean;
  value: unknown;
}

/**
 * How many request addresses (path and query) a site's kept bodies are found under: enough for
 * every page and list of a large site. Made-up addresses (`/page/0001`, `?x=1`…) cannot fill
 * memory: past the bound the site's notes start over, and real addresses are noted again.
 */
export const MAX_ADDRESSES_PER_SITE = 2000;

/**
 * How many sites' data and bodies one process keeps (issue 31, decision 0123): past it, the site
 * used least recently is forgotten whole, and loads again on its next request. A site's entries
 * weigh some hundreds of kilobytes (its parameters, page tree, catalogue and the bodies built
 * from them), so the bound keeps a platform of thousands of sites within a few hundred megabytes.
 */
export const MAX_CACHED_SITES = 500;

/** How often a lookup of one key found its entry (hits) or had to load it (misses). */
export interface SiteCacheLookups {
  hits: number;
  misses: number;
}

/** Where a read was answered from a kept body: the body, and the route template that kept it. */
export interface KeptAnswer {
  body: CachedBody;
  route: string;
}

export class SiteCache {
  /**
   * Per site: data under its key, bodies under `key + BODY_SEPARATOR + variant`. The Map's order
   * is the sites' last use, oldest first: a use moves the site to the end.
   */
  private readonly entries = new Map<number, Map<string, Entry>>();
  /** Per site: the request address (path and query) each kept body was answered for. */
  private readonly addresses = new Map<number, Map<string, { entry: string; route: string }>>();
  /** Per key, lookups since start, read by the metrics (observability/metrics.ts). */
  private readonly lookups = new Map<SiteCacheKey, SiteCacheLookups>();

  /** `maxSites`: how many sites are kept at most (MAX_CACHED_SITES unless a test says less). */
  constructor(private readonly maxSites = MAX_CACHED_SITES) {}

  get<T>(siteId: number, key: SiteCacheKey, load: () => Promise<T>): Promise<T> {
    return this.load(siteId, key, key, load);
  }

  /**
   * The kept value of `key` once it has arrived, else undefined. Hot paths (the site of every
   * request, a kept body) read it without a promise and fall back to get() when it is missing.
   */
  peek<T>(siteId: number, key: SiteCacheKey): T | undefined {
    return this.arrived(siteId, key) as T | undefined;
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
    return this.load(siteId, key, bodyEntry(key, variant), load);
  }

  /** The kept body of one variant once it has arrived, else undefined (see peek). */
  peekBody(siteId: number, key: SiteCacheKey, variant: string): CachedBody | undefined {
    return this.arrived(siteId, bodyEntry(key, variant)) as CachedBody | undefined;
  }

  /**
   * Notes that a read at `address` (its path and query, as requested) answered the body of
   * `variant`: an address names one variant for good (the route and its parameters decide it), so
   * the note outlives the body, and the body answers there again once rebuilt. `route` is the
   * route template that answered (for the metrics of the answers sent from the note).
   */
  rememberAddress(
    siteId: number,
    address: string,
    key: SiteCacheKey,
    variant: string,
    route = '',
  ): void {
    // A site forgotten meanwhile (the bound of sites) keeps no notes either.
    if (!this.entries.has(siteId)) return;
    let siteAddresses = this.addresses.get(siteId);
    if (!siteAddresses) {
      siteAddresses = new Map();
      this.addresses.set(siteId, siteAddresses);
    }
    if (siteAddresses.size >= MAX_ADDRESSES_PER_SITE && !siteAddresses.has(address)) {
      siteAddresses.clear();
    }
    siteAddresses.set(address, { entry: bodyEntry(key, variant), route });
  }

  /** The kept body a read at `address` answered, if it is still kept (see rememberAddress). */
  peekBodyAt(siteId: number, address: string): CachedBody | undefined {
    return this.keptAnswerAt(siteId, address)?.body;
  }

  /** peekBodyAt, with the route template that kept the body. */
  keptAnswerAt(siteId: number, address: string): KeptAnswer | undefined {
    const note = this.addresses.get(siteId)?.get(address);
    if (note === undefined) return undefined;
    const body = this.arrived(siteId, note.entry) as CachedBody | undefined;
    return body === undefined ? undefined : { body, route: note.route };
  }

  /** Lookups per key since start: a hit found the entry, a miss loaded it. */
  lookupCounts(): ReadonlyMap<SiteCacheKey, Readonly<SiteCacheLookups>> {
    return this.lookups;
  }

  /** Forgets one entry of a site with the bodies built from it, or all of them when no key is given. */
  invalidateSite(siteId: number, key?: SiteCacheKey): void {
    if (key === undefined) this.addresses.delete(siteId);
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

  private arrived(siteId: number, entry: string): unknown {
    const kept = this.siteEntries(siteId)?.get(entry);
    if (!kept?.arrived) return undefined;
    // A peek that finds nothing is not a miss: its caller falls back to get(), which counts.
    this.count(kept.key, 'hits');
    return kept.value;
  }

  /** The site's entries, the site noted as the most recently used. */
  private siteEntries(siteId: number): Map<string, Entry> | undefined {
    const siteEntries = this.entries.get(siteId);
    if (siteEntries && this.entries.size > 1) {
      this.entries.delete(siteId);
      this.entries.set(siteId, siteEntries);
    }
    return siteEntries;
  }

  /** Past the bound, the sites used least recently go, data, bodies and addresses together. */
  private forgetLeastRecentSites(): void {
    for (const siteId of this.entries.keys()) {
      if (this.entries.size <= this.maxSites) break;
      this.invalidateSite(siteId);
    }
  }

  private count(key: SiteCacheKey, outcome: keyof SiteCacheLookups): void {
    let counts = this.lookups.get(key);
    if (!counts) {
      counts = { hits: 0, misses: 0 };
      this.lookups.set(key, counts);
    }
    counts[outcome] += 1;
  }

  private load<T>(
    siteId: number,
    key: SiteCacheKey,
    entry: string,
    load: () => Promise<T>,
  ): Promise<T> {
    let siteEntries = this.siteEntries(siteId);
    const cached = siteEntries?.get(entry);
    if (cached) {
      this.count(key, 'hits');
      return cached.loading as Promise<T>;
    }
    this.count(key, 'misses');
    if (!siteEntries) {
      siteEntries = new Map();
      this.entries.set(siteId, siteEntries);
      this.forgetLeastRecentSites();
    }
    const loading = load();
    const kept: Entry = { key, loading, arrived: false, value: undefined };
    siteEntries.set(entry, kept);
    loading.then(
      (value) => {
        kept.value = value;
        kept.arrived = true;
      },
      () => {
        const current = this.entries.get(siteId);
        if (current?.get(entry) !== kept) return;
        current.delete(entry);
        if (current.size === 0) this.entries.delete(siteId);
      },
    );
    return loading;
  }
}

// A character no cache key or variant contains, so that 'page-tree' bodies never match 'page'.
const BODY_SEPARATOR = '\u0000';

function bodyEntry(key: SiteCacheKey, variant: string): string {
  return `${key}${BODY_SEPARATOR}${variant}`;
}
