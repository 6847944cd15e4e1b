import type { Metadata } from 'next';
import { IntentLink } from '../../../../ui/intent-link';
import styles from '../../../../modules/account/account.module.css';
import { DeleteAccount } from '../../../../modules/account/delete-account';
import { loadAccountPageSite } from '../../../../modules/account/site-page.server';
import { UnsubscribeFromAllLists } from '../../../../modules/account/unsubscribe-request';

export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: 'Désinscription',
  robots: { index: false },
};

/**
 * The unsubscription page the terms of use point to (docs/requirements/account.md): leave the newsletters, or erase
 * the account and its data.
 */
export default async function UnsubscribePage({ params }: { params: Promise<{ site: string }> }) {
  const { siteId, newsletterEnabled } = await loadAccountPageSite(params);
  return (
    <>
      <section className={styles.card} aria-labelledby="demande-desinscription">
        <h2 id="demande-desinscription" className={styles.panelTitle}>
          Demande de désinscription
        </h2>
        <p>
          Comme le prévoient nos{' '}
          <IntentLink href="/use-terms">conditions générales d&apos;utilisation</IntentLink>, vous
          pouvez à tout moment vous désinscrire.{' '}
          {newsletterEnabled
            ? "Selon ce que vous souhaitez, cessez de recevoir nos lettres d'information en gardant votre compte, ou supprimez votre compte et les données qui y sont rattachées."
            : 'La suppression de votre compte efface les données qui y sont rattachées.'}
        </p>
        <p>
          Le traitement de vos données est décrit dans notre{' '}
          <IntentLink href="/privacy-policy">politique de confidentialité</IntentLink>.
        </p>
      </section>
      {newsletterEnabled && <UnsubscribeFromAllLists siteId={siteId} />}
      <DeleteAccount siteId={siteId} />
    </>
  );
}
