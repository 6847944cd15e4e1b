import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getPlatformHost, listPlatformSites } from '@comptoir/contract/admin-platform';
import { parseSiteId } from '../../../../lib/site-id';
import {
  adminScreenApi,
  loadAdminAccess,
} from '../../../../modules/admin/frame/admin-session.server';
import { PlatformManager } from '../../../../modules/admin/platform/platform-manager';

export const instant = false;

export const metadata: Metadata = { title: 'Plateforme' };

/** The platform's sites (SUPER_ADMIN only; the API refuses everyone else too). */
export default async function PlatformPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const api = await adminScreenApi(siteId);
  const access = await loadAdminAccess(siteId);
  if (access.status !== 'admin' || access.user.role !== 'SUPER_ADMIN') {
    return (
      <>
        <h1>Plateforme</h1>
        <p>Cet écran est réservé aux administrateurs de la plateforme.</p>
      </>
    );
  }
  const [sites, host] = await Promise.all([api.call(listPlatformSites), api.call(getPlatformHost)]);
  return (
    <>
      <h1>Plateforme</h1>
      <PlatformManager siteId={siteId} sites={sites} host={host} />
    </>
  );
}
