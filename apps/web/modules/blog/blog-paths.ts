import { blogSlugSchema, type BlogArianeEntry } from '@comptoir/contract/blog';

/** The blog's home on every site (docs/requirements/blog.md "/blog with a catch-all child"). */
export const BLOG_HOME_PATH = '/blog';

/** The folder tree as the storefront needs it to write URLs. */
export interface BlogFolderNode {
  id: number;
  slug: string;
  idParent: number | null;
}

/** '/blog' followed by the slugs of a breadcrumb: '/blog/soins-du-cheveu/cheveux-boucles'. */
export function blogPathOf(slugs: readonly string[]): string {
  return [BLOG_HOME_PATH, ...slugs].join('/');
}

/** The URL of an ariane entry: the slugs of the breadcrumb up to it. */
export function arianePaths(ariane: readonly BlogArianeEntry[]): string[] {
  return ariane.map((_, index) =>
    blogPathOf(ariane.slice(0, index + 1).map((entry) => entry.slug)),
  );
}

/** The slugs of a folder and its parents, root first (a cycle in the data stops the walk). */
function folderSlugs(folders: readonly BlogFolderNode[], folderId: number | null): string[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const slugs: string[] = [];
  const seen = new Set<number>();
  let current = folderId === null ? undefined : byId.get(folderId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    slugs.unshift(current.slug);
    current = current.idParent === null ? undefined : byId.get(current.idParent);
  }
  return slugs;
}

export function blogFolderPath(
  folders: readonly BlogFolderNode[],
  folderId: number | null,
): string {
  return blogPathOf(folderSlugs(folders, folderId));
}

export function blogArticlePath(
  folders: readonly BlogFolderNode[],
  article: { slug: string; folderId: number | null },
): string {
  return blogPathOf([...folderSlugs(folders, article.folderId), article.slug]);
}

/** What a URL under /blog asks for, before the API says whether it exists. */
export interface BlogRequest {
  /** The folder and article slugs after /blog, root first (empty for the blog's home). */
  slugs: string[];
  /** The list page: 1, or n for a URL ending in /page/n (n ≥ 2). */
  page: number;
}

/** The segment that introduces a list page: /blog/page/2, /blog/<folder>/page/3. */
export const PAGE_SEGMENT = 'page';

/**
 * Reads the segments after /blog. Pages after the first are paths (/page/2) rather than a query
 * string, so that every page of a list is a static page of its own. Returns null for anything
 * that cannot be a blog URL: a segment that is not a slug, '/page/1' (the list itself is page 1)
 * or a page number that is not a positive integer.
 */
export function parseBlogSegments(segments: readonly string[] | undefined): BlogRequest | null {
  const decoded = (segments ?? []).map(safeDecode);
  let page = 1;
  let slugs = decoded;
  if (decoded.length >= 2 && decoded.at(-2) === PAGE_SEGMENT) {
    const number = decoded.at(-1)!;
    if (!/^[1-9]\d{0,5}$/.test(number) || number === '1') return null;
    page = Number(number);
    slugs = decoded.slice(0, -2);
  }
  if (!slugs.every((slug) => blogSlugSchema.safeParse(slug).success)) return null;
  return { slugs, page };
}

/** The path of page `page` of a list whose first page is `listPath`. */
export function listPagePath(listPath: string, page: number): string {
  return page <= 1 ? listPath : `${listPath}/${PAGE_SEGMENT}/${page}`;
}

/** Whether the breadcrumb of a folder or article spells exactly the requested slugs. */
export function arianeMatches(
  ariane: readonly BlogArianeEntry[],
  slugs: readonly string[],
): boolean {
  return (
    ariane.length === slugs.length && ariane.every((entry, index) => entry.slug === slugs[index])
  );
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
