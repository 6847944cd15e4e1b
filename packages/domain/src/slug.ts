// Letters that Unicode does not decompose into a base letter plus marks, so NFD alone would turn
// them into hyphens ('cœur' would become 'c-ur').
const UNDECOMPOSABLE_LETTERS: Readonly<Record<string, string>> = {
  œ: 'oe',
  æ: 'ae',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
};

/** Turns a title into a URL slug: 'L'Été à Saint-Malo !' becomes 'l-ete-a-saint-malo'. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[œæßøłđðþ]/g, (letter) => UNDECOMPOSABLE_LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A page URL made of slugs: '/Conseil en image/Notre approche' becomes
 * '/conseil-en-image/notre-approche'; empty segments are dropped, and nothing left is '/'.
 */
export function slugifyPath(path: string): string {
  const segments = path.split('/').map(slugify).filter(Boolean);
  return `/${segments.join('/')}`;
}

/** Whether a page URL already follows the slug rule (docs/requirements/pages-and-menu.md): '/' or '/segment/segment'. */
export function isSlugPath(path: string): boolean {
  return path === '/' || (path.startsWith('/') && slugifyPath(path) === path);
}
