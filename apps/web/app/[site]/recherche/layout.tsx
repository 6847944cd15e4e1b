import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { loadSiteShell } from '../../../lib/data/site-shell.server';
import { parseSiteId } from '../../../lib/site-id';

/**
 * The search page exists only on a site that turned SHOW_SEARCHBAR on. The check lives here, not
 * in the page: the page reads the visitor's words (searchParams), so it renders after the answer
 * has started with a 200; the layout reads only the site, in the page's static shell, and a
 * site without search answers 404 (decision 0098).
 */
export default async function SearchLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ site: string }>;
}) {
  const siteId = parseSiteId((await params).site);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  if (!shell.parameters.flag('SHOW_SEARCHBAR')) notFound();
  return children;
}
