import type { Metadata } from 'next';
import { BUILD_SAMPLE_SITE } from '../../../../../lib/site-id';
import {
  CatalogueListRoute,
  catalogueListMetadata,
} from '../../../../../modules/catalogue/catalogue-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** A site that does not sell online answers a real 404 here, not a 200 with a fallback. */
export const instant = false;

interface CatalogueViewProps {
  params: Promise<{ site: string; query: string }>;
}

/** The build checks the route with the sample site (see the layout); lists render on first visit. */
export async function generateStaticParams() {
  return [{ query: BUILD_SAMPLE_SITE }];
}

export async function generateMetadata({ params }: CatalogueViewProps): Promise<Metadata> {
  const { site, query } = await params;
  return catalogueListMetadata(site, decodeQuery(query));
}

/**
 * The wine list filtered, sorted or paged: `/nos-vins?categorie=rouge` as the visitor wrote it,
 * sent here by the storefront's server with the query as one segment (decision 0100), so that
 * the HTML holds the matching products only; the island goes on from there in the browser.
 */
export default async function CatalogueViewPage({ params }: CatalogueViewProps) {
  const { site, query } = await params;
  return <CatalogueListRoute siteSegment={site} search={decodeQuery(query)} />;
}

/**
 * The query string the segment carries. A canonical query always holds an '=': a segment without
 * one is still encoded (as Next may hand it over) and is decoded once; a malformed one is read
 * as it is, and the list's lenient reading makes the best of it.
 */
function decodeQuery(segment: string): string {
  if (segment.includes('=')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
