import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { listAdminAlbums } from '@comptoir/contract/admin-albums';
import { parseSiteId } from '../../../../lib/site-id';
import { AlbumsManager } from '../../../../modules/admin/albums/albums-manager';
import { adminApi } from '../../../../modules/admin/frame/admin-session.server';

export const instant = false;

export const metadata: Metadata = { title: 'Albums photo' };

/** The site's albums in their order. */
export default async function AlbumsPage({ params }: { params: Promise<{ site: string }> }) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const albums = await (await adminApi(siteId)).call(listAdminAlbums);
  return (
    <>
      <h1>Albums photo</h1>
      <p>
        Vos albums de photos et de vidéos. Un album s&apos;affiche sur les pages qui contiennent un
        bloc galerie le présentant.
      </p>
      <AlbumsManager siteId={siteId} albums={albums} />
    </>
  );
}
