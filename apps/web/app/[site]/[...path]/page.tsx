import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { findPageByUrl } from '@comptoir/domain/page-tree';
import { loadSiteShell } from '../../../lib/data/site-shell.server';
import { BUILD_SAMPLE_SITE, parseSiteId } from '../../../lib/site-id';
import { Breadcrumb } from '../../../modules/pages/breadcrumb';
import { PageCards } from '../../../modules/pages/page-cards';
import { childCards } from '../../../modules/pages/page-cards-from-tree';
import { PageHero } from '../../../modules/pages/page-hero';
import { isHiddenPage, pageTrail, urlFromSegments } from '../../../modules/pages/page-tree';

/** Public pages are the same for every visitor: the whole server output must come from caches. */
export const ensureStatic = 'navigation';

/**
 * The page reads its URL before rendering anything, without a Suspense fallback, so that an
 * unknown URL answers with a real 404 status (a fallback would start a 200 response first).
 * A client navigation to a page therefore waits for its server response, which is a cached page.
 */
export const instant = false;

interface TreePageProps {
  params: Promise<{ site: string; path: string[] }>;
}

/** The build checks the route with the sample site (see the layout); pages render on first visit. */
export async function generateStaticParams() {
  return [{ path: [BUILD_SAMPLE_SITE] }];
}

/** Any page of the site's tree by its URL; anything else (or a page the site hides) is a 404. */
async function loadTreePage(params: TreePageProps['params']) {
  const { site, path } = await params;
  const siteId = parseSiteId(site);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  const hideContactPage = shell.parameters.flag('HIDE_CONTACT_PAGE');
  const page = findPageByUrl(shell.pages, urlFromSegments(path));
  if (!page || isHiddenPage(page, hideContactPage)) notFound();
  return { shell, page, hideContactPage };
}

export async function generateMetadata({ params }: TreePageProps): Promise<Metadata> {
  const { site, path } = await params;
  const siteId = parseSiteId(site);
  if (siteId === null) return {};
  const shell = await loadSiteShell(siteId);
  const page = findPageByUrl(shell.pages, urlFromSegments(path));
  if (!page) return {};
  return {
    title: page.title,
    description: page.metaDescription ?? shell.parameters.text('META_DESCRIPTION_HOME'),
  };
}

export default async function TreePage({ params }: TreePageProps) {
  const { shell, page, hideContactPage } = await loadTreePage(params);
  return (
    <>
      <PageHero
        title={page.title}
        intro={page.metaDescription}
        before={<Breadcrumb trail={pageTrail(shell.pages, page)} />}
      />
      <PageCards heading="Dans cette rubrique" cards={childCards(page, hideContactPage)} />
    </>
  );
}
