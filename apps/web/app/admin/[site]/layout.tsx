import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { loadSiteShell } from '../../../lib/data/site-shell.server';
import { BUILD_SAMPLE_SITE, parseSiteId } from '../../../lib/site-id';
import { loginPathFor } from '../../../modules/account/account-paths';
import { AdminForbidden, AdminFrame } from '../../../modules/admin/frame/admin-frame';
import {
  adminPublicPath,
  loadAdminAccess,
} from '../../../modules/admin/frame/admin-session.server';
import { siteIconUrl } from '../../../modules/seo/site-icon';
import { Toaster } from '../../../ui/toaster';
import '../../../modules/admin/frame/admin-globals.css';

interface AdminLayoutProps {
  children: ReactNode;
  params: Promise<{ site: string }>;
}

/** Built once with the sample (not a site): each request is rendered for its own user. */
export async function generateStaticParams() {
  return [{ site: BUILD_SAMPLE_SITE }];
}

const ADMIN_METADATA: Metadata = {
  title: { template: '%s | Back-office', default: 'Back-office' },
  robots: { index: false, follow: false },
};

/** The back office's tab wears the site's icon (decision 0085): it asked for /favicon.ico. */
export async function generateMetadata({ params }: AdminLayoutProps): Promise<Metadata> {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) return ADMIN_METADATA;
  const { info } = await loadSiteShell(siteId);
  return { ...ADMIN_METADATA, icons: { icon: siteIconUrl(info) } };
}

/**
 * Who may see the back office is decided before anything is sent, so that the answers are real
 * ones (a redirect to the login page, the 403 page): the layout blocks on the session instead of
 * streaming a shell first. Never cached, so nothing is lost.
 */
export const instant = false;

/**
 * The back office's root layout (decision 0056): none of the storefront's header, menu, theme or
 * scripts. Who may see it is decided per request, with the visitor's session: nobody logged in
 * goes to the login page (and comes back), a member who is not an administrator of this site
 * gets the 403 page. The API checks the role again on every call.
 */
export default async function AdminLayout({ children, params }: AdminLayoutProps) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) {
    // The build sample: nothing but the not-found page.
    return (
      <html lang="fr">
        <body>{children}</body>
      </html>
    );
  }
  const access = await loadAdminAccess(siteId);
  if (access.status === 'anonymous') redirect(loginPathFor(await adminPublicPath()));
  const { info, parameters } = await loadSiteShell(siteId);
  const siteName = parameters.text('COMPANY_NAME') ?? info.name;
  return (
    <html lang="fr">
      <body>
        {access.status === 'forbidden' ? (
          <AdminForbidden siteName={siteName} />
        ) : (
          <AdminFrame siteId={siteId} siteName={siteName} user={access.user}>
            {children}
          </AdminFrame>
        )}
        <Toaster />
      </body>
    </html>
  );
}
