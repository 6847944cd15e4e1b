/**
 * Turns the storefront's home page, as served, into what the bare Next reference renders: the same
 * body markup without the storefront's scripts, its stylesheets and its theme variables.
 */
import type { CapturedPage } from './bare-next/captured-page';

export interface StorefrontPage extends CapturedPage {
  /** Root-relative hrefs of the page's stylesheets, in document order. */
  stylesheets: string[];
  /** The `<html style>` declarations (the site's theme variables), entities decoded. */
  htmlStyle: string;
}

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes the entities React writes in attribute values and text (named and numeric). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) {
    attributes[match[1]!.toLowerCase()] = decodeEntities(match[2] ?? '');
  }
  return attributes;
}

function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'gi'))].map((match) =>
    attributesOf(match[0].slice(name.length + 1, -1)),
  );
}

/**
 * Reads a server-rendered page. Scripts are removed from the body (the reference ships only Next's
 * own runtime), and so are `<link>` tags there (preloads of the storefront's lazy chunks, which
 * the reference does not have).
 */
export function parseStorefrontPage(html: string): StorefrontPage {
  const htmlTag = attributesOf(/<html\b([^>]*)>/i.exec(html)?.[1] ?? '');
  const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  const body = /<body\b([^>]*)>([\s\S]*)<\/body>/i.exec(html);
  if (!body) throw new Error('the home page has no <body>');
  const links = tags(head, 'link');
  const meta = tags(head, 'meta');
  return {
    lang: htmlTag.lang || 'fr',
    htmlStyle: htmlTag.style ?? '',
    title: decodeEntities(/<title>([\s\S]*?)<\/title>/i.exec(head)?.[1] ?? ''),
    description: meta.find((tag) => tag.name === 'description')?.content ?? '',
    bodyClassName: attributesOf(body[1] ?? '').class ?? '',
    bodyHtml: (body[2] ?? '')
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
      .replace(/<link\b[^>]*>/gi, ''),
    stylesheets: links
      .filter((tag) => tag.rel === 'stylesheet' && tag.href?.startsWith('/'))
      .map((tag) => tag.href!),
    imagePreloads: links
      .filter((tag) => tag.rel === 'preload' && tag.as === 'image' && tag.href)
      .map((tag) => tag.href!),
  };
}

/** Root-relative `url(...)` references of a stylesheet (fonts, background images). */
export function rootRelativeUrls(css: string): string[] {
  const found = new Set<string>();
  for (const match of css.matchAll(/url\(\s*(['"]?)(\/[^'")]+)\1\s*\)/g)) {
    if (!match[2]!.startsWith('//')) found.add(match[2]!);
  }
  return [...found];
}
