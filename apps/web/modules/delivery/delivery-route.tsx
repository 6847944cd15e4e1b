import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { IntentLink } from '../../ui/intent-link';
import { CART_PATH } from '../cart/cart-paths';
import breadcrumbStyles from '../pages/breadcrumb.module.css';
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
          <nav aria-label="Fil d'Ariane" className={breadcrumbStyles.breadcrumb}>
            <ol role="list" className={breadcrumbStyles.list}>
              <li>
                <IntentLink href="/">Accueil</IntentLink>
              </li>
              <li>
                <IntentLink href={CART_PATH}>Mon panier</IntentLink>
              </li>
              <li aria-current="page">{DELIVERY_TITLE}</li>
            </ol>
          </nav>
        }
      />
      <div className="container">
        <DeliveryView siteId={siteId} />
      </div>
    </>
  );
}
