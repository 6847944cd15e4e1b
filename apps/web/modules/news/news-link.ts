/**
 * Where a news item's "read more" may lead: a page of the site, or an http(s) address (opened in
 * a new tab). Anything else the back office stored (javascript:, data:, a protocol-relative
 * address) gives no link at all.
 */
export function newsLinkOf(
  linkUrl: string | null | undefined,
): { href: string; external: boolean } | null {
  const href = linkUrl?.trim();
  if (!href) return null;
  if (/^\/(?!\/)/.test(href)) return { href, external: false };
  if (/^https?:\/\/[^\s/]+/i.test(href)) return { href, external: true };
  return null;
}
