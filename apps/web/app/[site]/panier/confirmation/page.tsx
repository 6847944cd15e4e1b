import {
  ConfirmationRoute,
  confirmationMetadata,
} from '../../../../modules/checkout/confirmation-route';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** A site that does not sell online answers a real 404 here, not a 200 with a fallback. */
export const instant = false;

export const metadata = confirmationMetadata;

/** /panier/confirmation?commande=<id>: the order just placed, read in the browser. */
export default async function ConfirmationPage({ params }: { params: Promise<{ site: string }> }) {
  return <ConfirmationRoute siteSegment={(await params).site} />;
}
