import { DeliveryRoute, deliveryMetadata } from '../../../../modules/delivery/delivery-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** A site that does not sell online answers a real 404 here, not a 200 with a fallback. */
export const instant = false;

export const metadata = deliveryMetadata;

/** /panier/livraison: the delivery step, chosen in the browser around a cached shell. */
export default async function DeliveryPage({ params }: { params: Promise<{ site: string }> }) {
  return <DeliveryRoute siteSegment={(await params).site} />;
}
