import type { NewsList } from '@comptoir/contract/news';
import { ListPagination } from '../blog/list-pagination';
import { NewsItem } from './news-item';
import styles from './news.module.css';

interface NewsListingProps {
  /** The page of news to show, as the API answered it (promoted news apart). */
  news: NewsList;
  page: number;
  pageCount: number;
  /** The URL of the news page, the list's first page. */
  listUrl: string;
  /** PROMOTED_NEWS: the promoted item pinned above the list, on the first page (decision 0100). */
  showPromoted: boolean;
}

/**
 * The news page's list (docs/requirements/news.md): the promoted item « À la une » first, then
 * every published news item, newest first, ten a page, with links to the previous and next pages.
 * The promoted item is not repeated in the list under it.
 */
export function NewsListing({ news, page, pageCount, listUrl, showPromoted }: NewsListingProps) {
  const pinned = showPromoted && page === 1 ? news.promoted : null;
  const pinnedId = showPromoted ? news.promoted?.id : undefined;
  const list = news.list.filter((item) => item.id !== pinnedId);
  return (
    <section aria-labelledby="news-list-heading" className={`container ${styles.listing}`}>
      {pinned ? (
        <section aria-label="À la une" className={styles.pinned}>
          <NewsItem item={pinned} headingLevel={2} variant="featured" />
        </section>
      ) : null}
      <h2 id="news-list-heading" className={styles.heading}>
        {page === 1 ? 'Toutes nos actualités' : `Toutes nos actualités, page ${page}`}
      </h2>
      {list.length > 0 ? (
        <ul role="list" className={styles.list}>
          {list.map((item) => (
            <li key={item.id}>
              <NewsItem item={item} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>Aucune actualité pour le moment : revenez bientôt.</p>
      )}
      <ListPagination
        listPath={listUrl}
        page={page}
        pageCount={pageCount}
        label="Pages des actualités"
      />
    </section>
  );
}
