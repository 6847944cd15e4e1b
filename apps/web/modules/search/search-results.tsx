import {
  DEFAULT_SEARCH_PAGE_SIZE,
  MAX_SEARCH_PAGE,
  type SearchResult,
} from '@comptoir/contract/search';
import { getBlogFolders } from '../../lib/data/blog.server';
import type { SearchAnswer } from '../../lib/data/search.server';
import { IntentLink } from '../../ui/intent-link';
import { SiteLink } from '../../ui/site-link';
import { blogArticlePath, type BlogFolderNode } from '../blog/blog-paths';
import { formatPublicationDate } from '../blog/publication-date';
import { productPath } from '../catalogue/catalogue-paths';
import { newsLinkOf } from '../news/news-link';
import { searchPagePath } from './search-paths';
import styles from './search-results.module.css';

const KIND_LABELS: Record<SearchResult['kind'], string> = {
  PAGE: 'Page',
  PRODUCT: 'Produit',
  ARTICLE: 'Article',
  NEWS: 'Actualité',
};

/** Where a result leads, or null when it leads nowhere (a news item on a site without a news page). */
function linkOf(
  result: SearchResult,
  folders: readonly BlogFolderNode[],
): { href: string; external: boolean } | null {
  switch (result.kind) {
    case 'PAGE':
      return { href: result.url, external: false };
    case 'PRODUCT':
      return { href: productPath(result), external: false };
    case 'ARTICLE':
      return { href: blogArticlePath(folders, result), external: false };
    case 'NEWS':
      // The news are read where the site lists them; otherwise where the item's own link leads.
      return result.listUrl
        ? { href: result.listUrl, external: false }
        : newsLinkOf(result.linkUrl);
  }
}

function countText(total: number, q: string): string {
  return total === 1 ? `1 résultat pour « ${q} »` : `${total} résultats pour « ${q} »`;
}

interface SearchResultsProps {
  siteId: number;
  q: string;
  page: number;
  answer: SearchAnswer;
}

/** The results of a search, best first, each with its kind, its link and an excerpt. */
export async function SearchResults({ siteId, q, page, answer }: SearchResultsProps) {
  if (!answer.ok) {
    return (
      <p className={styles.message} role="alert">
        {answer.message}
      </p>
    );
  }
  const { list, total } = answer.page;
  if (total === 0) {
    return <p className={styles.message}>Aucun résultat pour « {q} ».</p>;
  }
  const folders = list.some((result) => result.kind === 'ARTICLE')
    ? ((await getBlogFolders(siteId)) ?? [])
    : [];
  const pageCount = Math.min(MAX_SEARCH_PAGE, Math.ceil(total / DEFAULT_SEARCH_PAGE_SIZE));
  return (
    <>
      <p className={styles.count}>
        {countText(total, q)}
        {pageCount > 1 ? ` – page ${page} sur ${pageCount}` : ''}
      </p>
      {list.length === 0 ? (
        <p className={styles.message}>
          Cette page de résultats est vide.{' '}
          <IntentLink href={searchPagePath(q, 1)}>Revenir à la première page</IntentLink>
        </p>
      ) : (
        <ol role="list" className={styles.list} start={(page - 1) * DEFAULT_SEARCH_PAGE_SIZE + 1}>
          {list.map((result) => {
            const link = linkOf(result, folders);
            return (
              <li key={`${result.kind}-${result.id}`} className={styles.result}>
                <p className={styles.kind}>
                  {KIND_LABELS[result.kind]}
                  {'publishedAt' in result ? (
                    <>
                      {' · '}
                      <time dateTime={result.publishedAt}>
                        {formatPublicationDate(result.publishedAt)}
                      </time>
                    </>
                  ) : null}
                </p>
                <h2 className={styles.title}>
                  {link ? (
                    <SiteLink href={link.href} external={link.external} className={styles.link}>
                      {result.title}
                    </SiteLink>
                  ) : (
                    result.title
                  )}
                </h2>
                {result.excerpt ? <p className={styles.excerpt}>{result.excerpt}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
      {pageCount > 1 ? (
        <nav aria-label="Pages des résultats" className={styles.pagination}>
          {page > 1 ? (
            <IntentLink
              href={searchPagePath(q, page - 1)}
              rel="prev"
              className="button button-secondary"
            >
              Page précédente
            </IntentLink>
          ) : (
            <span />
          )}
          {page < pageCount ? (
            <IntentLink href={searchPagePath(q, page + 1)} rel="next" className="button">
              Page suivante
            </IntentLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
