import type { Metadata } from 'next';
import styles from '../../../../../modules/account/account.module.css';
import { PasswordResetAskForm } from '../../../../../modules/account/password-reset-ask-form';
import { loadAccountPageSite } from '../../../../../modules/account/site-page.server';
import { PageHero } from '../../../../../modules/pages/page-hero';

export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: 'Mot de passe oublié',
  robots: { index: false },
};

export default async function PasswordResetAskPage({
  params,
}: {
  params: Promise<{ site: string }>;
}) {
  const { siteId } = await loadAccountPageSite(params);
  return (
    <>
      <PageHero
        title="Mot de passe oublié"
        intro="Indiquez l'adresse e-mail de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe."
      />
      <div className={`container ${styles.section}`}>
        <div className={styles.narrowCard}>
          <PasswordResetAskForm siteId={siteId} />
        </div>
      </div>
    </>
  );
}
