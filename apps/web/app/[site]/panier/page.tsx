import { CartRoute, cartMetadata } from '../../../modules/cart/cart-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** A site that does not sell online answers a real 404 here, not a 200 with a fallback. */
export const instant = false;

export const metadata = cartMetadata;

/** /panier: the visitor's cart, read and changed in the browser around a cached shell. */
export default async function CartPage({ params }: { params: Promise<{ site: string }> }) {
  return <CartRoute siteSegment={(await params).site} />;
}
