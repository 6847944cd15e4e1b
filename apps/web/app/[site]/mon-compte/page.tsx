import type { Metadata } from 'next';
import { DeleteAccount } from '../../../modules/account/delete-account';
import { DownloadMyData } from '../../../modules/account/download-my-data';
import { ProfileForm } from '../../../modules/account/profile-form';
import { loadAccountPageSite } from '../../../modules/account/site-page.server';

export const ensureStatic = 'navigation';

export const metadata: Metadata = {
  title: 'Mes informations',
  robots: { index: false },
};

export default async function AccountPage({ params }: { params: Promise<{ site: string }> }) {
  const { siteId } = await loadAccountPageSite(params);
  return (
    <>
      <ProfileForm siteId={siteId} />
      <DownloadMyData />
      <DeleteAccount siteId={siteId} />
    </>
  );
}
