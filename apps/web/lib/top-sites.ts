/**
 * Requests per site with a bounded number of series (decision 0118), as the API counts them
 * (apps/api/src/observability/top-sites.ts): the `limit` busiest sites by id, the others summed
 * under `other`. Counts are kept per resolved site id, bounded by the platform's sites.
 */
export const OTHER_SITES = 'other';

export class TopSites {
  private readonly counts = new Map<number, number>();

  constructor(private readonly limit: number) {}

  record(siteId: number): void {
    this.counts.set(siteId, (this.counts.get(siteId) ?? 0) + 1);
  }

  series(): { site: string; count: number }[] {
    const ranked = [...this.counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const shown = ranked
      .slice(0, this.limit)
      .map(([site, count]) => ({ site: String(site), count }));
    if (ranked.length <= this.limit) return shown;
    const rest = ranked.slice(this.limit).reduce((sum, [, count]) => sum + count, 0);
    return [...shown, { site: OTHER_SITES, count: rest }];
  }
}
