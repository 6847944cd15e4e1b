import type { Metadata } from 'next';
import type { SiteShell } from './data/site-shell.server';

export interface PageMetadataInput {
  title: string;
  /** The page's own description; the site's META_* parameter is used when it has none. */
  description?: string | null;
  /** Which META_* parameter is the default description (META_DESCRIPTION_HOME if not said). */
  fallbackParameter?:
    | 'META_DESCRIPTION_HOME'
    | 'META_DESCRIPTION_NEWS'
    | 'META_DESCRIPTION_CONTACT'
    | 'META_DESCRIPTION_WINE_LIST';
  /** The path of the page on the site, such as '/qui-sommes-nous'. */
  path: string;
  imageUrl?: string | null;
  /** 'article' for a blog article or a news item. */
  type?: 'website' | 'article';
  /** A title used as is, without the site-name template of the layout (the home page). */
  absoluteTitle?: boolean;
}

/** The site's public URL joined with a path: canonical and Open Graph URLs are absolute. */
export function absoluteSiteUrl(shell: SiteShell, path: string): string {
  return new URL(path, shell.info.url.endsWith('/') ? shell.info.url : `${shell.info.url}/`).href;
}

/**
 * Title, description, canonical URL and Open Graph of one page, the same way on every route, so
 * that search engines and link previews see the page the visitor sees.
 */
export function pageMetadata(shell: SiteShell, input: PageMetadataInput): Metadata {
  const description =
    input.description?.trim() ||
    shell.parameters.text(input.fallbackParameter ?? 'META_DESCRIPTION_HOME') ||
    undefined;
  const url = absoluteSiteUrl(shell, input.path);
  const image = input.imageUrl ? absoluteSiteUrl(shell, input.imageUrl) : undefined;
  return {
    title: input.absoluteTitle ? { absolute: input.title } : input.title,
    description,
    alternates: { canonical: url },
    openGraph: {
      title: input.title,
      description,
      url,
      type: input.type ?? 'website',
      // Page metadata replaces the layout's openGraph object whole: repeat the site name.
      siteName: shell.parameters.text('COMPANY_NAME') ?? shell.info.name,
      locale: 'fr_FR',
      images: image ? [{ url: image }] : undefined,
    },
  };
}
