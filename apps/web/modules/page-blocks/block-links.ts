import type { BlockOf, PageBlock } from '@comptoir/contract/page-blocks';

/**
 * The contract already refuses anything but a site path or an http(s), mailto: or tel: link in a
 * block; these helpers decide how each kind opens.
 */

/** A link to another site opens in a new tab; a path of this site navigates in place. */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** An address an <img> can load: a path of the site or an http(s) URL (not mailto: or tel:). */
export function isImageSource(url: string): boolean {
  return /^(\/(?!\/)|https?:\/\/)/i.test(url);
}

/** The first image of a page's content, for its link previews (Open Graph). */
export function firstImageUrl(blocks: readonly PageBlock[]): string | null {
  const image = blocks.find(
    (block): block is BlockOf<'image'> => block.type === 'image' && isImageSource(block.url),
  );
  return image?.url ?? null;
}
