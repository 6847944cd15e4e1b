import { ageRules } from '@comptoir/domain/legal-age';
import 'server-only';
import { notFound } from 'next/navigation';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';

/**
 * The site of an account page and its cached shell; the build sample (not a site) is a 404, as
 * on every page of the site.
 */
export async function loadAccountPageSite(params: Promise<{ site: string }>) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  return {
    siteId,
    newsletterEnabled: shell.parameters.flag('ENABLE_NEWSLETTER'),
    /** A shop's members have orders (a gift voucher bought on any site is one too). */
    sellsOnline: shell.info.isECommerce,
    // As the API checks it: a site that sells alcohol always asks (decision 0109).
    askBirthdate: ageRules(shell.parameters.flag).asksBirthdate,
  };
}
