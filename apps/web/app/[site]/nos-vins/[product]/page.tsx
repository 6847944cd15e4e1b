import type { Metadata } from 'next';
import { BUILD_SAMPLE_SITE } from '../../../../lib/site-id';
import { ProductRoute, productMetadata } from '../../../../modules/catalogue/product-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** An unknown product answers a real 404 status: nothing renders before the product is found. */
export const instant = false;

interface ProductPageProps {
  params: Promise<{ site: string; product: string }>;
}

/** The build checks the route with the sample site (see the layout); pages render on first visit. */
export async function generateStaticParams() {
  return [{ product: BUILD_SAMPLE_SITE }];
}

export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const { site, product } = await params;
  return productMetadata(site, product);
}

/** /nos-vins/<slug>-<id>: one product with its declinations, technical sheet and pairings. */
export default async function ProductPage({ params }: ProductPageProps) {
  const { site, product } = await params;
  return <ProductRoute siteSegment={site} productSegment={product} />;
}
