import type { PageNode } from '@comptoir/domain/page-tree';

export interface PageLink {
  href: string;
  /** Leaves the site: opened in a new tab, without giving the new page access to this one. */
  external: boolean;
}

const SAFE_EXTERNAL = /^(https?:|mailto:|tel:)/i;

/**
 * Where a page's menu entry leads. An INTERNAL link points to another page of the site; an
 * EXTERNAL link to another site (http, https, mailto or tel only). JAVASCRIPT links are not run:
 * executing code stored in the database would open the site to script injection, so the entry
 * leads to the page itself.
 */
export function pageLink(page: Pick<PageNode, 'url' | 'link'>): PageLink {
  const target = page.link?.url?.trim();
  if (page.link?.type === 'EXTERNAL' && target && SAFE_EXTERNAL.test(target)) {
    return { href: target, external: true };
  }
  if (page.link?.type === 'INTERNAL' && target?.startsWith('/') && !target.startsWith('//')) {
    return { href: target, external: false };
  }
  return { href: page.url, external: false };
}
