import type { Metadata } from 'next';
import { loadSiteShell } from '../../../lib/data/site-shell.server';
import { pageMetadata } from '../../../lib/page-metadata';
import { parseSiteId } from '../../../lib/site-id';
import { ContactPage } from '../../../modules/contact/contact-page';
import { visibleContactPage } from '../../../modules/pages/page-tree';

/** The same page for every visitor: the details are cached per site, the form runs in the browser. */
export const ensureStatic = 'navigation';

interface NousContacterProps {
  params: Promise<{ site: string }>;
}

/** The contact page's own description first, META_DESCRIPTION_CONTACT as its default. */
export async function generateMetadata({ params }: NousContacterProps): Promise<Metadata> {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) return {};
  const shell = await loadSiteShell(siteId);
  // A hidden contact page answers 404 (ContactPage); its metadata stays empty.
  if (shell.parameters.flag('HIDE_CONTACT_PAGE')) return {};
  const page = visibleContactPage(shell.pages, false);
  return pageMetadata(shell, {
    title: page?.title ?? 'Nous contacter',
    description: page?.metaDescription,
    fallbackParameter: 'META_DESCRIPTION_CONTACT',
    path: page?.url ?? '/nous-contacter',
  });
}

export default function NousContacterPage({ params }: NousContacterProps) {
  return <ContactPage params={params} />;
}
