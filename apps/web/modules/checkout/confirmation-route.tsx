import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CrumbTrail } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { shopShell } from './shop-shell.server';
import { CONFIRMATION_PATH } from './checkout-paths';
import { ConfirmationView } from './confirmation-view';
import styles from './checkout.module.css';

const CONFIRMATION_TITLE = 'Confirmation de commande';

/** The customer's order is theirs alone: the page is not for search engines. */
export const confirmationMetadata: Metadata = {
  title: CONFIRMATION_TITLE,
  robots: { index: false },
};

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
