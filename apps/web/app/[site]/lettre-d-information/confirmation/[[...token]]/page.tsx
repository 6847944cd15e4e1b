import type { Metadata } from 'next';
import { Suspense } from 'react';
import styles from '../../../../../modules/account/account.module.css';
import { loadAccountPageSite } from '../../../../../modules/account/site-page.server';
import { NewsletterConfirmation } from '../../../../../modules/newsletter/newsletter-links';
import { PageHero } from '../../../../../modules/pages/page-hero';

export const metadata: Metadata = {
  title: "Confirmation d'inscription",
  robots: { index: false },
  // The link holds a secret: never sent to other sites in the Referer header.
  referrer: 'no-referrer',
};

/** The build checks the route without a token; links from newsletter mails render on their visit. */
export async function generateStaticParams() {
  return [{ token: [] }];
}

export default async function NewsletterConfirmationPage({
  params,
}: {
  params: Promise<{ site: string; token?: string[] }>;
}) {
  const { siteId } = await loadAccountPageSite(params);
  return (
    <>
      <PageHero
        title="Confirmation d'inscription"
        intro="Votre inscription à notre lettre d'information."
      />
      <div className={`container ${styles.section}`}>
        <div className={styles.narrowCard}>
          <Suspense>
            <NewsletterConfirmation siteId={siteId} />
          </Suspense>
        </div>
      </div>
    </>
  );
}
