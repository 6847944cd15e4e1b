import type { Metadata } from 'next';
import { AuthView } from '../../../modules/account/auth-view';
import { loadAccountPageSite } from '../../../modules/account/site-page.server';
import { TermsLabel } from '../../../modules/account/terms-label';
import { PageHero } from '../../../modules/pages/page-hero';

/**
 * The same page for every visitor: the forms are prerendered, and who is logged in is asked from
 * the browser (a logged-in visitor is sent on to their account).
 */
export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: 'Connexion',
  robots: { index: false },
};

export default async function AuthPage({ params }: { params: Promise<{ site: string }> }) {
  const { siteId, askBirthdate } = await loadAccountPageSite(params);
  return (
    <>
      <PageHero
        title="Mon espace personnel"
        intro="Connectez-vous pour retrouver votre espace personnel, ou créez votre compte en quelques instants."
      />
      <AuthView siteId={siteId} askBirthdate={askBirthdate} termsLabel={<TermsLabel />} />
    </>
  );
}
