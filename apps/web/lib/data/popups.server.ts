import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ApiError } from '@comptoir/contract/client';
import { getPopup, type Popup } from '@comptoir/contract/popup';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/** One of the site's popups, or null when it no longer exists. */
export async function getSitePopup(siteId: number, id: number): Promise<Popup | null> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.popups(siteId));
  try {
    return await siteApi(siteId).call(getPopup, { params: { id } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
