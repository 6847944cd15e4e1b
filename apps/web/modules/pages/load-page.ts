import { notFound, permanentRedirect } from 'next/navigation';
import { findPageByUrl, normalizePageUrl, type PageNode } from '@comptoir/domain/page-tree';
import { getPageDetail, getPageRedirectList } from '../../lib/data/pages.server';
import { loadSiteShell } from '../../lib/data/site-shell.server';
import { parseSiteId } from '../../lib/site-id';
import { splitListPageUrl } from '../news/news-paths';
import { homePage, isHiddenPage, NEWS_ROUTE } from './page-tree';

/**
 * A page of the site's tree by its URL, with its content blocks, or null for anything else: an
 * unknown URL, a page the site hides, a page deleted since the tree was read, a segment that is
 * no site. The page's route and its metadata share these cached reads.
 */
export async function findTreePage(siteSegment: string, url: string) {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null) return null;
  const shell = await loadSiteShell(siteId);
  const hideContactPage = shell.parameters.flag('HIDE_CONTACT_PAGE');
  const target = pageAt(shell.pages, url);
  if (!target || isHiddenPage(target.page, hideContactPage)) return null;
  const { page, listPage } = target;
  const detail = await getPageDetail(siteId, page.id);
  if (!detail) return null;
  return { siteId, shell, page, listPage, blocks: detail.blocks, hideContactPage };
}

/**
 * The tree page a URL names, with the page of its list: 1 for the page's own URL, n for
 * '<url>/page/n' under a news page, whose list has pages (decision 0100).
 */
function pageAt(tree: readonly PageNode[], url: string) {
  const page = findPageByUrl(tree, url);
  if (page) return { page, listPage: 1 };
  const listPage = splitListPageUrl(normalizePageUrl(url));
  if (!listPage) return null;
  const list = findPageByUrl(tree, listPage.listUrl);
  return list?.cms.route === NEWS_ROUTE ? { page: list, listPage: listPage.page } : null;
}

/**
 * The same, as the page's route needs it. The URL of a page the owner deleted or renamed answers
 * a permanent redirect (308) to the page chosen for it; anything else that is no page is a 404.
 */
export async function loadTreePage(siteSegment: string, url: string) {
  const found = await findTreePage(siteSegment, url);
  if (found) return found;
  const siteId = parseSiteId(siteSegment);
  if (siteId !== null) {
    const redirect = (await getPageRedirectList(siteId)).find(
      (entry) => entry.fromUrl === normalizePageUrl(url),
    );
    if (redirect && normalizePageUrl(redirect.toUrl) !== normalizePageUrl(url)) {
      permanentRedirect(redirect.toUrl);
    }
  }
  notFound();
}

/**
 * The site and its home page with its blocks. A site whose tree has no '/' page still has a home
 * (its name and description), without blocks.
 */
export async function loadHomePage(siteSegment: string) {
  const siteId = parseSiteId(siteSegment);
  if (siteId === null) notFound();
  const shell = await loadSiteShell(siteId);
  const page = homePage(shell.pages) ?? null;
  const detail = page ? await getPageDetail(siteId, page.id) : null;
  return { siteId, shell, page, blocks: detail?.blocks ?? [] };
}
