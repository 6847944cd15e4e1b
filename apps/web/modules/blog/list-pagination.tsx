import { IntentLink } from '../../ui/intent-link';
import { listPagePath } from './blog-paths';
import styles from './blog.module.css';

interface ListPaginationProps {
  /** The path of the list's first page. */
  listPath: string;
  page: number;
  pageCount: number;
  /** What the pages are pages of, for screen readers. */
  label?: string;
}

/** Previous and next pages of a list (articles, news), and where the visitor is. */
export function ListPagination({
  listPath,
  page,
  pageCount,
  label = 'Pages des articles',
}: ListPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={styles.pagination}>
      {page > 1 ? (
        <IntentLink
          href={listPagePath(listPath, page - 1)}
          rel="prev"
          className="button button-secondary"
        >
          Page précédente
        </IntentLink>
      ) : (
        <span />
      )}
      <p className={styles.pageStatus}>
        Page {page} sur {pageCount}
      </p>
      {page < pageCount ? (
        <IntentLink href={listPagePath(listPath, page + 1)} rel="next" className="button">
          Page suivante
        </IntentLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
