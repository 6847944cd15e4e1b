import { BUILD_SAMPLE_SITE } from '../../../../../lib/site-id';
import { PaymentRoute, paymentMetadata } from '../../../../../modules/payment/payment-route';

/** The shell is the same for every order: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/** A site that does not sell online answers a real 404 here, not a 200 with a fallback. */
export const instant = false;

export const metadata = paymentMetadata;

/** The build checks the route with a sample order id; the island reads the real one. */
export async function generateStaticParams() {
  return [{ id: BUILD_SAMPLE_SITE }];
}

/** /panier/paiement/<id>: Stripe's Payment Element for a card order just placed. */
export default async function PaymentPage({
  params,
}: {
  params: Promise<{ site: string; id: string }>;
}) {
  return <PaymentRoute siteSegment={(await params).site} />;
}
