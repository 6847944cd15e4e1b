import type { Metadata } from 'next';
import { PasswordChangeForm } from '../../../../modules/account/password-change-form';
import { loadAccountPageSite } from '../../../../modules/account/site-page.server';

export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: 'Mot de passe',
  robots: { index: false },
};

export default async function AccountPasswordPage({
  params,
}: {
  params: Promise<{ site: string }>;
}) {
  const { siteId } = await loadAccountPageSite(params);
  return <PasswordChangeForm siteId={siteId} />;
}
