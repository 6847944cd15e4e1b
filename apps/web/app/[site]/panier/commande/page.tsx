import { CheckoutRoute, checkoutMetadata } from '../../../../modules/checkout/checkout-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** A site that does not sell online answers a real 404 here, not a 200 with a fallback. */
export const instant = false;

export const metadata = checkoutMetadata;

/** /panier/commande: the checkout, filled in and sent from the browser around a cached shell. */
export default async function CheckoutPage({ params }: { params: Promise<{ site: string }> }) {
  return <CheckoutRoute siteSegment={(await params).site} />;
}
