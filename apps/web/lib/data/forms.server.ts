import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { ApiError } from '@comptoir/contract/client';
import { getForm, type Form } from '@comptoir/contract/form';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/** One of the site's forms with its fields, or null when the site has no such form. */
export async function getSiteForm(siteId: number, formId: number): Promise<Form | null> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.forms(siteId));
  try {
    return await siteApi(siteId).call(getForm, { params: { id: formId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
