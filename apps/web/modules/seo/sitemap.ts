import type { MetadataRoute } from 'next';
import type { PageNode } from '@comptoir/domain/page-tree';
import { flattenPages, isHiddenPage } from '../pages/page-tree';

/** Built-in template of the blog pages (/blog, /blog-beaute-conseils), hidden with the blog. */
const BLOG_ROUTE = 'BLOG';

/**
 * Paths search engines are asked to leave alone: the account area, login and password pages,
 * the API. robots.txt lists them and the sitemap never offers them (same prefix rule).
 */
export const ROBOTS_DISALLOWED_PATHS = ['/mon-compte', '/auth', '/password', '/api'] as const;

export function isDisallowedPath(path: string): boolean {
  return ROBOTS_DISALLOWED_PATHS.some((prefix) => path.startsWith(prefix));
}

/** A page the sitemap lists besides the tree: a blog folder or article, a service. */
export interface SitemapLink {
  path: string;
  lastModified?: string | Date | null;
}

export interface SitemapSources {
  /** The site's public address (site info `url`): every entry is absolute. */
  siteUrl: string;
  pages: readonly PageNode[];
  hideContactPage: boolean;
  blogActivated: boolean;
  blogLinks?: readonly SitemapLink[];
  serviceLinks?: readonly SitemapLink[];
  /** The catalogue's product pages (an e-commerce site's). */
  productLinks?: readonly SitemapLink[];
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;
}

/**
 * Whether a page of the tree is a page of its own that visitors can open: not a menu entry
 * leading elsewhere (a link, external or internal, whose target is listed on its own; a
 * JavaScript entry is never followed), not the contact page the site hides, not the blog when
 * it is switched off, not a page robots.txt turns crawlers away from.
 */
function isListedPage(page: PageNode, sources: SitemapSources): boolean {
  if (page.link !== null) return false;
  if (isHiddenPage(page, sources.hideContactPage)) return false;
  if (!sources.blogActivated && page.cms.route === BLOG_ROUTE) return false;
  return page.url.startsWith('/') && !isDisallowedPath(page.url);
}

/**
 * The site's sitemap: every visible page of the tree (the legal pages included), then the blog's
 * folders and articles when the blog is on, then the services and the products; each address once.
 */
export function buildSitemap(sources: SitemapSources): MetadataRoute.Sitemap {
  const entries: MetadataRoute.Sitemap = [];
  const seen = new Set<string>();
  const add = (link: SitemapLink) => {
    if (!link.path.startsWith('/') || link.path.startsWith('//') || isDisallowedPath(link.path)) {
      return;
    }
    const url = absoluteUrl(sources.siteUrl, link.path);
    if (seen.has(url)) return;
    seen.add(url);
    entries.push(link.lastModified ? { url, lastModified: link.lastModified } : { url });
  };

  for (const page of flattenPages(sources.pages)) {
    if (isListedPage(page, sources)) add({ path: page.url });
  }
  if (sources.blogActivated) sources.blogLinks?.forEach(add);
  sources.serviceLinks?.forEach(add);
  sources.productLinks?.forEach(add);
  return entries;
}

/** robots.txt: everything is open but the private paths, and the sitemap's address. */
export function buildRobots(siteUrl: string): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: [...ROBOTS_DISALLOWED_PATHS] },
    sitemap: absoluteUrl(siteUrl, '/sitemap.xml'),
  };
}
