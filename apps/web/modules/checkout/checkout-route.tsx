import { ageRules } from '@comptoir/domain/legal-age';
import type { Metadata } from 'next';
import { CART_PATH } from '../cart/cart-paths';
import { CrumbTrail } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { CHECKOUT_PATH } from './checkout-paths';
import { CheckoutView } from './checkout-view';
import { shopShell } from './shop-shell.server';
import styles from './checkout.module.css';

const CHECKOUT_TITLE = 'Commande';

/** The customer's order is theirs alone: the page is not for search engines. */
export const checkoutMetadata: Metadata = { title: CHECKOUT_TITLE, robots: { index: false } };

/**
 * /panier/commande: the site's cached shell around the checkout's island (decision 0055). The
 * birth date is asked where a winemaker site, or one that sells alcohol, refuses minors or asks
 * it, as the API checks (decision 0109).
 */
export async function CheckoutRoute({ siteSegment }: { siteSegment: string }) {
  const { siteId, shell } = await shopShell(siteSegment);
  const asksBirthdate =
    (shell.info.isWinemaker || shell.parameters.flag('SELLS_ALCOHOL')) &&
    ageRules(shell.parameters.flag).asksBirthdate;
  return (
    <>
      <PageHero
        title={CHECKOUT_TITLE}
        intro={null}
        before={
          <CrumbTrail
            // Where the page is (under the cart), not the steps: a cart of gift vouchers has no
            // delivery step, and the delivery chosen is changed from the form (decision 0086).
            trail={[
              { label: 'Mon panier', href: CART_PATH },
              { label: CHECKOUT_TITLE, href: CHECKOUT_PATH },
            ]}
          />
        }
      />
      <div className={`container ${styles.checkoutArea}`}>
        <CheckoutView siteId={siteId} asksBirthdate={asksBirthdate} />
      </div>
    </>
  );
}
