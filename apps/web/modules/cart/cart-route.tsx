import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { CrumbTrail } from '../pages/breadcrumb';
import { CART_PATH } from './cart-paths';
import { PageHero } from '../pages/page-hero';
import { CartView } from './cart-view';
import styles from './cart.module.css';

const CART_TITLE = 'Mon panier';

/** The site, when it sells online: the cart page of any other site (or segment) is a 404. */
async function shopSiteId(siteSegment: string): Promise<number | null> {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null) return null;
  const shell = await loadSiteShell(siteId);
  return shell.info.isECommerce ? siteId : null;
}

/** The visitor's cart is theirs alone: the page is not for search engines. */
export const cartMetadata: Metadata = { title: CART_TITLE, robots: { index: false } };

/**
 * /panier: the site's cached shell and title around the cart's client island (decision 0037).
 * The server output is the same for every visitor; the cart is read and changed in the browser.
 */
export async function CartRoute({ siteSegment }: { siteSegment: string }) {
  const siteId = await shopSiteId(siteSegment);
  if (siteId === null) notFound();
  return (
    <>
      <PageHero
        title={CART_TITLE}
        intro={null}
        before={<CrumbTrail trail={[{ label: CART_TITLE, href: CART_PATH }]} />}
      />
      {/* Room for the cart before it is read in the browser, so that the footer does not jump. */}
      <div className={`container ${styles.cartArea}`}>
        <CartView siteId={siteId} />
      </div>
    </>
  );
}
