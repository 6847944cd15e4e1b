/**
 * Element fields are free text written in the back office: only a path of the site or an http(s),
 * mailto: or tel: address becomes a link, and only a path or an http(s) URL an image source, so
 * that a `javascript:` value never reaches the page.
 */
export function elementLink(url: string | null): { href: string; external: boolean } | null {
  const href = url?.trim();
  if (!href) return null;
  if (/^\/(?!\/)/.test(href)) return { href, external: false };
  if (/^https?:\/\//i.test(href)) return { href, external: true };
  if (/^(mailto|tel):/i.test(href)) return { href, external: false };
  return null;
}

export function elementImageSource(url: string | null): string | null {
  const source = url?.trim();
  return source && /^(\/(?!\/)|https?:\/\/)/i.test(source) ? source : null;
}
