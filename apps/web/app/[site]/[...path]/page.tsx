import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DEFAULT_NEWS_PAGE_SIZE } from '@comptoir/contract/news';
import { getNewsPage } from '../../../lib/data/news.server';
import { pageMetadata } from '../../../lib/page-metadata';
import { BUILD_SAMPLE_SITE } from '../../../lib/site-id';
import { listPagePath } from '../../../modules/blog/blog-paths';
import { NewsListing } from '../../../modules/news/news-listing';
import { listPageCount } from '../../../modules/news/news-paths';
import { showsPromotedNews } from '../../../modules/news/promoted-news-setting';
import { firstImageUrl } from '../../../modules/page-blocks/block-links';
import { PageBlocks } from '../../../modules/page-blocks/page-blocks';
import { Breadcrumb } from '../../../modules/pages/breadcrumb';
import { findTreePage, loadTreePage } from '../../../modules/pages/load-page';
import { PageCards } from '../../../modules/pages/page-cards';
import { childCards } from '../../../modules/pages/page-cards-from-tree';
import { PageHero } from '../../../modules/pages/page-hero';
import { NEWS_ROUTE, pageTrail, urlFromSegments } from '../../../modules/pages/page-tree';

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

export async function generateMetadata({ params }: TreePageProps): Promise<Metadata> {
  const { site, path } = await params;
  // The page itself answers 404 for an unknown URL; its metadata just stays empty.
  const found = await findTreePage(site, urlFromSegments(path));
  if (!found) return {};
  const { shell, page, listPage, blocks } = found;
  const isNews = page.cms.route === NEWS_ROUTE;
  return pageMetadata(shell, {
    title: listPage > 1 ? `${page.title} – page ${listPage}` : page.title,
    description: page.metaDescription,
    fallbackParameter: isNews ? 'META_DESCRIPTION_NEWS' : 'META_DESCRIPTION_HOME',
    path: listPagePath(page.url, listPage),
    imageUrl: firstImageUrl(blocks),
  });
}

/**
 * Any page of the site's tree by its URL: its title and breadcrumb, the blocks the site composed
 * (a page whose blocks were all invalid keeps its title), the site's news on a news page (its
 * blocks on the first page only, the news with pages at /page/n), then links to its sub-pages.
 */
export default async function TreePage({ params }: TreePageProps) {
  const { site, path } = await params;
  const { siteId, shell, page, listPage, blocks, hideContactPage } = await loadTreePage(
    site,
    urlFromSegments(path),
  );
  const news =
    page.cms.route === NEWS_ROUTE
      ? await getNewsPage(siteId, { page: listPage, nbItem: DEFAULT_NEWS_PAGE_SIZE })
      : null;
  const pageCount = news ? listPageCount(news.total, DEFAULT_NEWS_PAGE_SIZE) : 1;
  // A page of the list beyond the last one is no page.
  if (listPage > pageCount) notFound();
  return (
    <>
      <PageHero
        title={listPage > 1 ? `${page.title}, page ${listPage}` : page.title}
        intro={page.metaDescription}
        before={<Breadcrumb trail={pageTrail(shell.pages, page)} />}
      />
      {listPage === 1 ? <PageBlocks blocks={blocks} siteId={siteId} /> : null}
      {news ? (
        <NewsListing
          news={news}
          page={listPage}
          pageCount={pageCount}
          listUrl={page.url}
          showPromoted={showsPromotedNews(shell.parameters.all)}
        />
      ) : null}
      <PageCards heading="Dans cette rubrique" cards={childCards(page, hideContactPage)} />
    </>
  );
}
