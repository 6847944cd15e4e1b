/** What the loading bar needs to know about a click to tell whether it starts a navigation. */
export interface ClickFacts {
  button: number;
  modified: boolean;
  defaultPrevented: boolean;
  /** The clicked link's attributes, or null when the click was not on a link. */
  link: { href: string; target: string | null; download: boolean } | null;
}

/**
 * Whether a click leads the app router to another page of the site: a plain left click on a
 * same-origin link to another path, opened in this tab. Links to an anchor of the same page,
 * downloads, new tabs and other sites are not navigations the loading bar can follow.
 */
export function startsNavigation(click: ClickFacts, currentHref: string): boolean {
  if (click.button !== 0 || click.modified || click.defaultPrevented || !click.link) return false;
  const { href, target, download } = click.link;
  if (download || (target !== null && target !== '' && target !== '_self')) return false;
  let current: URL;
  let next: URL;
  try {
    current = new URL(currentHref);
    next = new URL(href, current);
  } catch {
    return false;
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') return false;
  if (next.origin !== current.origin) return false;
  return next.pathname !== current.pathname || next.search !== current.search;
}
