import type { Metadata } from 'next';
import {
  CatalogueListRoute,
  catalogueListMetadata,
} from '../../../modules/catalogue/catalogue-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** A site that does not sell online answers a real 404 here, not a 200 with a fallback. */
export const instant = false;

interface CatalogueListProps {
  params: Promise<{ site: string }>;
}

export async function generateMetadata({ params }: CatalogueListProps): Promise<Metadata> {
  return catalogueListMetadata((await params).site);
}

/** The wine list: every product of the site; filters, sort and pages run on the query string. */
export default async function CatalogueListPage({ params }: CatalogueListProps) {
  return <CatalogueListRoute siteSegment={(await params).site} />;
}
