import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { CART_PATH } from '../cart/cart-paths';
import { DELIVERY_PATH } from '../delivery/delivery-model';
import { CrumbTrail } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { CHECKOUT_PATH, CONFIRMATION_PATH } from './checkout-paths';
import { CheckoutView } from './checkout-view';
import { ConfirmationView } from './confirmation-view';
import styles from './checkout.module.css';

const CHECKOUT_TITLE = 'Commande';
const CONFIRMATION_TITLE = 'Confirmation de commande';

/** The customer's order is theirs alone: neither page is for search engines. */
export const checkoutMetadata: Metadata = { title: CHECKOUT_TITLE, robots: { index: false } };
export const confirmationMetadata: Metadata = {
  title: CONFIRMATION_TITLE,
  robots: { index: false },
};

/** The shop's cached shell, or a 404 for a site that does not sell online. */
async function shopShell(siteSegment: string) {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  if (!shell.info.isECommerce) notFound();
  return { siteId, shell };
}

/**
 * /panier/commande: the site's cached shell around the checkout's island (decision 0055). The
 * birth date is asked where a winemaker site refuses minors or asks it, as the API checks.
 */
export async function CheckoutRoute({ siteSegment }: { siteSegment: string }) {
  const { siteId, shell } = await shopShell(siteSegment);
  const asksBirthdate =
    shell.info.isWinemaker &&
    (shell.parameters.flag('BLOCK_MINORS') || shell.parameters.flag('ASK_BIRTHDATE_AT_REGISTER'));
  return (
    <>
      <PageHero
        title={CHECKOUT_TITLE}
        intro={null}
        before={
          <CrumbTrail
            trail={[
              { label: 'Mon panier', href: CART_PATH },
              { label: 'Livraison', href: DELIVERY_PATH },
              { label: CHECKOUT_TITLE, href: CHECKOUT_PATH },
            ]}
          />
        }
      />
      <div className="container">
        <CheckoutView siteId={siteId} asksBirthdate={asksBirthdate} />
      </div>
    </>
  );
}

/** /panier/confirmation?commande=<id>: the order just placed, read in the browser. */
export async function ConfirmationRoute({ siteSegment }: { siteSegment: string }) {
  const { siteId } = await shopShell(siteSegment);
  return (
    <>
      <PageHero
        title={CONFIRMATION_TITLE}
        intro={null}
        before={<CrumbTrail trail={[{ label: CONFIRMATION_TITLE, href: CONFIRMATION_PATH }]} />}
      />
      <div className="container">
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              Chargement de votre commande…
            </p>
          }
        >
          <ConfirmationView siteId={siteId} />
        </Suspense>
      </div>
    </>
  );
}
