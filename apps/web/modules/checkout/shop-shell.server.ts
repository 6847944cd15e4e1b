import 'server-only';
import { notFound } from 'next/navigation';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';

/** The shop's cached shell, or a 404 for a site that does not sell online. */
export async function shopShell(siteSegment: string) {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  if (!shell.info.isECommerce) notFound();
  return { siteId, shell };
}
