import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { getCompanyAddresses, type CompanyAddress } from '@comptoir/contract/contact';
import { siteApi } from '../api-client.server';
import { SITE_CONTENT_LIFE, siteCacheTags } from './cache-tags';

/** The company's addresses shown on the contact page (head office first). */
export async function getSiteCompanyAddresses(siteId: number): Promise<CompanyAddress[]> {
  'use cache';
  cacheLife(SITE_CONTENT_LIFE);
  cacheTag(siteCacheTags.companyAddresses(siteId));
  return siteApi(siteId).call(getCompanyAddresses);
}
