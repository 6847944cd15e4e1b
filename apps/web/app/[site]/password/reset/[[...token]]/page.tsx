import type { Metadata } from 'next';
import { Suspense } from 'react';
import styles from '../../../../../modules/account/account.module.css';
import { PasswordReset } from '../../../../../modules/account/password-reset-form';
import { loadAccountPageSite } from '../../../../../modules/account/site-page.server';
import { PageHero } from '../../../../../modules/pages/page-hero';

export const metadata: Metadata = {
  title: 'Nouveau mot de passe',
  robots: { index: false },
  // The link holds a secret: never sent to other sites in the Referer header.
  referrer: 'no-referrer',
};

/** The build checks the route without a token; links from reset mails render on their visit. */
export async function generateStaticParams() {
  return [{ token: [] }];
}

export default async function PasswordResetPage({
  params,
}: {
  params: Promise<{ site: string; token?: string[] }>;
}) {
  const { siteId } = await loadAccountPageSite(params);
  return (
    <>
      <PageHero
        title="Nouveau mot de passe"
        intro="Choisissez le nouveau mot de passe de votre compte."
      />
      <div className={`container ${styles.section}`}>
        <div className={styles.narrowCard}>
          <Suspense>
            <PasswordReset siteId={siteId} />
          </Suspense>
        </div>
      </div>
    </>
  );
}
