import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminPages } from '@comptoir/contract/admin-pages';
import { parseSiteId } from '../../../../lib/site-id';
import { adminApi } from '../../../../modules/admin/frame/admin-session.server';
import { PagesManager } from '../../../../modules/admin/pages/pages-manager';

export const instant = false;

export const metadata: Metadata = { title: 'Pages et menu' };

/** The site's page tree: order, nesting, every field, creation, duplication, deletion. */
export default async function AdminPagesPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const initial = await (await adminApi(siteId)).call(listAdminPages);
  return (
    <>
      <h1>Pages et menu</h1>
      <PagesManager siteId={siteId} initial={initial} />
    </>
  );
}
