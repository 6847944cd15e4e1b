import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { CART_PATH } from '../cart/cart-paths';
import { CrumbTrail } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { PaymentView } from './payment-view';

const PAYMENT_TITLE = 'Paiement par carte';

/** An order's payment is the customer's alone: not for search engines, nor for other sites. */
export const paymentMetadata: Metadata = {
  title: PAYMENT_TITLE,
  robots: { index: false },
  referrer: 'no-referrer',
};

/**
 * /panier/paiement/<id>: the site's cached shell around the payment island, the same for every
 * order (the island reads the order id from the address); a site that does not sell online
 * answers 404, as its cart page does.
 */
export async function PaymentRoute({ siteSegment }: { siteSegment: string }) {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  if (!shell.info.isECommerce) notFound();
  return (
    <>
      <PageHero
        title={PAYMENT_TITLE}
        intro="Le paiement est assuré par Stripe : vos coordonnées bancaires ne transitent pas par la boutique."
        before={<CrumbTrail trail={[{ label: 'Mon panier', href: CART_PATH }]} />}
      />
      <div className="container">
        <Suspense>
          <PaymentView siteId={siteId} />
        </Suspense>
      </div>
    </>
  );
}
