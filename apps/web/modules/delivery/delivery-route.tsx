import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { CART_PATH } from '../cart/cart-paths';
import { DELIVERY_PATH } from './delivery-model';
import { CrumbTrail } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { DeliveryView } from './delivery-view';

const DELIVERY_TITLE = 'Livraison';

/** The visitor's choices are theirs alone: the page is not for search engines. */
export const deliveryMetadata: Metadata = { title: DELIVERY_TITLE, robots: { index: false } };

/**
 * /panier/livraison: the site's cached shell around the delivery step's island (decision 0046);
 * a site that does not sell online answers 404, as its cart page does.
 */
export async function DeliveryRoute({ siteSegment }: { siteSegment: string }) {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  if (!shell.info.isECommerce) notFound();
  return (
    <>
      <PageHero
        title={DELIVERY_TITLE}
        intro={null}
        before={
          <CrumbTrail
            trail={[
              { label: 'Mon panier', href: CART_PATH },
              { label: DELIVERY_TITLE, href: DELIVERY_PATH },
            ]}
          />
        }
      />
      <div className="container">
        <DeliveryView siteId={siteId} />
      </div>
    </>
  );
}
