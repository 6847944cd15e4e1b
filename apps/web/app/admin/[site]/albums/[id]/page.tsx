import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getAdminAlbum } from '@comptoir/contract/admin-albums';
import { ApiError } from '@comptoir/contract/client';
import { rowIdSchema } from '@comptoir/contract/ids';
import { parseSiteId } from '../../../../../lib/site-id';
import { AlbumEditor } from '../../../../../modules/admin/albums/album-editor';
import { adminApi } from '../../../../../modules/admin/frame/admin-session.server';

export const instant = false;

interface AlbumPageProps {
  params: Promise<{ site: string; id: string }>;
}

async function loadAlbum({ params }: AlbumPageProps) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const albumId = rowIdSchema.safeParse(id);
  if (siteId === null || !albumId.success) notFound();
  try {
    const album = await (
      await adminApi(siteId)
    ).call(getAdminAlbum, { params: { id: albumId.data } });
    return { siteId, album };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}

export async function generateMetadata(props: AlbumPageProps): Promise<Metadata> {
  const { album } = await loadAlbum(props);
  return { title: `Album « ${album.title} »` };
}

export default async function AlbumPage(props: AlbumPageProps) {
  const { siteId, album } = await loadAlbum(props);
  return (
    <>
      <h1>Album « {album.title} »</h1>
      <AlbumEditor key={album.id} siteId={siteId} album={album} />
    </>
  );
}
