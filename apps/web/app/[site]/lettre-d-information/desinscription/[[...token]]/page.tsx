import type { Metadata } from 'next';
import { Suspense } from 'react';
import styles from '../../../../../modules/account/account.module.css';
import { loadAccountPageSite } from '../../../../../modules/account/site-page.server';
import { NewsletterUnsubscribe } from '../../../../../modules/newsletter/newsletter-links';
import { PageHero } from '../../../../../modules/pages/page-hero';

export const metadata: Metadata = {
  title: 'Désinscription',
  robots: { index: false },
  // The link holds a secret: never sent to other sites in the Referer header.
  referrer: 'no-referrer',
};

/** The build checks the route without a token; links from newsletter mails render on their visit. */
export async function generateStaticParams() {
  return [{ token: [] }];
}

export default async function NewsletterUnsubscribePage({
  params,
}: {
  params: Promise<{ site: string; token?: string[] }>;
}) {
  const { siteId } = await loadAccountPageSite(params);
  return (
    <>
      <PageHero title="Désinscription" intro="Ne plus recevoir nos lettres d'information." />
      <div className={`container ${styles.section}`}>
        <div className={styles.narrowCard}>
          <Suspense>
            <NewsletterUnsubscribe siteId={siteId} />
          </Suspense>
        </div>
      </div>
    </>
  );
}
