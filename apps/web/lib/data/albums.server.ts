import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { getAlbum, type Album } from '@comptoir/contract/album';
import { ApiError } from '@comptoir/contract/client';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/** One of the site's published albums with its media, or null when the site has no such album. */
export async function getSiteAlbum(siteId: number, albumId: number): Promise<Album | null> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.albums(siteId));
  try {
    return await siteApi(siteId).call(getAlbum, { params: { id: albumId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
