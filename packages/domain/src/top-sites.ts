/**
 * Requests per site with a bounded number of series (decision 0118). Every site's count is kept
 * here (one number per site that answered a request: bounded by the platform's sites, never by
 * what a client sends); a scrape shows the `limit` busiest sites under their own id and the sum
 * of all the others under `other`, so that a thousand sites give at most `limit + 1` series.
 *
 * A site's series is its total since start for as long as it stays among the busiest; when it
 * enters or leaves them, its count moves between its series and `other`. Totals over every
 * series (sum) are always exact.
 */
export const OTHER_SITES = 'other';

export class TopSites {
  private readonly counts = new Map<number, number>();

  constructor(private readonly limit: number) {}

  record(siteId: number): void {
    this.counts.set(siteId, (this.counts.get(siteId) ?? 0) + 1);
  }

  /** The busiest `limit` sites by id, then `other` with the rest (absent while every site is shown). */
  series(): { site: string; count: number }[] {
    const ranked = [...this.counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const shown = ranked.slice(0, this.limit).map(([site, count]) => ({
      site: String(site),
      count,
    }));
    if (ranked.length <= this.limit) return shown;
    const rest = ranked.slice(this.limit).reduce((sum, [, count]) => sum + count, 0);
    return [...shown, { site: OTHER_SITES, count: rest }];
  }
}
