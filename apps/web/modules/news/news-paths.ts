import { PAGE_SEGMENT } from '../blog/blog-paths';

/*
 * The pages of a news page's list (docs/requirements/news.md, 10 news a page): the first page is
 * the tree page's own URL, the next ones add /page/n as the blog's lists do, so that each page is
 * a cached page of its own and a link a crawler can follow (decision 0100).
 */

/** The largest page number a URL may ask for: far beyond any site's news, short enough to parse. */
const MAX_PAGE_DIGITS = 6;

/**
 * Splits '/actualites/page/3' into the list's URL and the page asked for. Null for a URL that does
 * not end in /page/n with n ≥ 2 ('/page/1' is the list itself, written without the suffix).
 */
export function splitListPageUrl(url: string): { listUrl: string; page: number } | null {
  const match = new RegExp(`^(/.*)/${PAGE_SEGMENT}/([1-9]\\d{0,${MAX_PAGE_DIGITS - 1}})$`).exec(
    url,
  );
  if (!match || match[2] === '1') return null;
  return { listUrl: match[1]!, page: Number(match[2]) };
}

/** The number of pages of a list of `total` items, `pageSize` a page (1 for an empty list). */
export function listPageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
