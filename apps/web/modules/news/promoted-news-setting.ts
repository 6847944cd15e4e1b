import { readSiteParameters } from '@comptoir/domain/site-parameters';

/**
 * PROMOTED_NEWS, « Afficher les actualités mises en avant » (docs/requirements/site-parameters.md):
 * whether the news item the site marked « À la une » is put forward, on the home page and pinned
 * first on the news page. Unset (null, the catalogue's default) keeps what docs/requirements/news.md
 * asks of every site, the promoted news shown; only an owner's explicit « no » hides it
 * (decision 0100).
 */
export function showsPromotedNews(
  parameters: Iterable<{ type: string; value: string | number | boolean | null }>,
): boolean {
  return readSiteParameters(parameters).value('PROMOTED_NEWS') !== false;
}
