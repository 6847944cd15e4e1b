/**
 * The `[site]` segment. Visitors never type it: `server.ts` writes the resolved site id there.
 * The build renders each route once with BUILD_SAMPLE_SITE, which is not a site, so that
 * `next build` checks every route's caching rules without calling the API; real sites are
 * rendered on their first visit and then served from the cache.
 */
export const BUILD_SAMPLE_SITE = '_build';

/** A positive integer site id, or null for anything else (the build sample, a stray file name). */
export function parseSiteId(segment: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
