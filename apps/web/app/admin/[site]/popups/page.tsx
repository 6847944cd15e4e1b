import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminPopups } from '@comptoir/contract/admin-popups';
import { parseSiteId } from '../../../../lib/site-id';
import { adminScreenApi } from '../../../../modules/admin/frame/admin-session.server';
import { PopupsEditor } from '../../../../modules/admin/site-content/popups-editor';

export const instant = false;

export const metadata: Metadata = { title: 'Fenêtres' };

/** The popups the site's pages open when a visitor arrives on them. */
export default async function PopupsPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const { popups, pages } = await (await adminScreenApi(siteId)).call(listAdminPopups);
  return (
    <>
      <h1>Fenêtres</h1>
      <p>
        Les fenêtres qui s&apos;ouvrent par-dessus une page quand un visiteur y arrive : une offre,
        une annonce. Chaque changement s&apos;affiche sur le site dès qu&apos;il est enregistré.
      </p>
      <PopupsEditor siteId={siteId} initial={popups} pages={pages} />
    </>
  );
}
