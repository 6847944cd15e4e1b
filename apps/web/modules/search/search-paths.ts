/** The results page of the site search (docs/requirements/search.md). */
export const SEARCH_PATH = '/recherche';

/** The address of a page of results: '/recherche?q=c%C3%B4te&page=2'. */
export function searchPagePath(q: string, page: number): string {
  const query = new URLSearchParams({ q });
  if (page > 1) query.set('page', String(page));
  return `${SEARCH_PATH}?${query.toString()}`;
}
