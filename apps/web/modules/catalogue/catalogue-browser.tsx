'use client';

import {
  useId,
  useRef,
  useSyncExternalStore,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { ProductSummary } from '@comptoir/contract/product';
import {
  CATALOGUE_SORTS,
  type CatalogueSort,
  catalogueCategories,
  catalogueQueryString,
  catalogueTags,
  parseCatalogueQuery,
  tagLabel,
  viewCatalogue,
  type CatalogueQuery,
} from './catalogue-filter';
import { CATALOGUE_PATH } from './catalogue-paths';
import styles from './catalogue.module.css';

/*
 * The list's filters, sort and pages, in the browser. The page around it is cached and the same
 * for everyone; the state lives in the query string, so a filtered list can be bookmarked, shared
 * and walked through with the back button (decision 0032).
 */

const QUERY_EVENT = 'catalogue:query';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(QUERY_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(QUERY_EVENT, onChange);
  };
}

const browserSearch = () => window.location.search;

function pushQuery(query: CatalogueQuery) {
  const url = `${window.location.pathname}${catalogueQueryString(query)}`;
  window.history.pushState(window.history.state, '', url);
  window.dispatchEvent(new Event(QUERY_EVENT));
}

interface CatalogueBrowserProps {
  /** Every product, to filter and sort on. */
  products: ProductSummary[];
  /** Each product's card, rendered on the server: the island only picks and orders them. */
  cards: { id: number; card: ReactNode }[];
  /**
   * The query the server rendered the list for: '' for the plain list, the filters of a filtered
   * link (decision 0100). Hydration starts from it, so the server's HTML is what stays on screen.
   */
  initialSearch?: string;
  /** PRODUCT_DISPLAY: cards in a grid, or one product a line (decision 0101). */
  display?: 'GRID' | 'LIST';
  /** The order of a list whose address names none (PRODUCT_ORDER). */
  defaultSort?: CatalogueSort;
}

export function CatalogueBrowser({
  products,
  cards,
  initialSearch = '',
  display = 'GRID',
  defaultSort = 'prix-croissant',
}: CatalogueBrowserProps) {
  const cardOf = new Map(cards.map((entry) => [entry.id, entry.card]));
  const search = useSyncExternalStore(subscribe, browserSearch, () => initialSearch);
  const query = parseCatalogueQuery(search);
  const view = viewCatalogue(products, query, { defaultSort });
  const categories = catalogueCategories(products);
  const tags = catalogueTags(products);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  const update = (change: Partial<CatalogueQuery>, focusResults = false) => {
    pushQuery({ ...query, page: 1, ...change });
    if (focusResults) {
      resultsRef.current?.focus({ preventScroll: true });
      resultsRef.current?.scrollIntoView({ block: 'start' });
    }
  };
  const follow =
    (change: Partial<CatalogueQuery>, focusResults = false) =>
    (event: MouseEvent) => {
      // A plain click filters in place; a click to open in a new tab keeps the browser's way.
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
        return;
      event.preventDefault();
      update(change, focusResults);
    };
  const hrefFor = (change: Partial<CatalogueQuery>) =>
    `${CATALOGUE_PATH}${catalogueQueryString({ ...query, page: 1, ...change })}`;

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('recherche');
    update({ search: typeof value === 'string' ? value.trim() : '' });
  };
  const filtered = query.category !== null || query.search !== '' || query.tags.length > 0;

  return (
    <div className={styles.browser}>
      <div className={styles.filters} aria-label="Filtres du catalogue" role="group">
        <form role="search" className={styles.searchForm} onSubmit={onSearch}>
          <label htmlFor={`${ids}-search`} className={styles.filterLabel}>
            Rechercher un vin
          </label>
          <div className={styles.searchRow}>
            <input
              id={`${ids}-search`}
              key={query.search}
              name="recherche"
              type="search"
              defaultValue={query.search}
              placeholder="Appellation, cuvée, millésime…"
              maxLength={100}
              className={styles.searchInput}
            />
            <button type="submit" className={styles.searchButton}>
              Rechercher
            </button>
          </div>
        </form>

        <nav aria-label="Catégories" className={styles.categories}>
          <ul className={styles.chips}>
            <li>
              <a
                href={hrefFor({ category: null })}
                onClick={follow({ category: null })}
                className={styles.chip}
                aria-current={query.category === null ? 'true' : undefined}
              >
                Tous les vins
              </a>
            </li>
            {categories.map((category) => (
              <li key={category.value}>
                <a
                  href={hrefFor({ category: category.value })}
                  onClick={follow({ category: category.value })}
                  className={styles.chip}
                  aria-current={query.category === category.value ? 'true' : undefined}
                >
                  {category.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.filterRow}>
          {tags.length > 0 ? (
            <fieldset className={styles.tags}>
              <legend className={styles.filterLabel}>Sélections</legend>
              {tags.map((tag) => {
                const checked = query.tags.includes(tag);
                return (
                  <label key={tag} className={styles.tag}>
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() =>
                        update({
                          tags: checked
                            ? query.tags.filter((other) => other !== tag)
                            : [...query.tags, tag],
                        })
                      }
                    />
                    {tagLabel(tag)}
                  </label>
                );
              })}
            </fieldset>
          ) : null}
          <div className={styles.sort}>
            <label htmlFor={`${ids}-sort`} className={styles.filterLabel}>
              Trier par
            </label>
            <select
              id={`${ids}-sort`}
              value={query.sort ?? defaultSort}
              onChange={(event) => update({ sort: event.target.value as CatalogueSort })}
              className={styles.sortSelect}
            >
              {CATALOGUE_SORTS.map((sort) => (
                <option key={sort.value} value={sort.value}>
                  {sort.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className={styles.resultsBar}>
        <h2 ref={resultsRef} tabIndex={-1} className={styles.resultsHeading} aria-live="polite">
          {view.total === 0
            ? 'Aucun vin ne correspond à votre recherche'
            : `${view.total} ${view.total > 1 ? 'produits' : 'produit'}${view.pageCount > 1 ? ` · page ${view.page} sur ${view.pageCount}` : ''}`}
        </h2>
        {filtered ? (
          <a
            href={hrefFor({ category: null, search: '', tags: [] })}
            onClick={follow({ category: null, search: '', tags: [] })}
            className={styles.reset}
          >
            Effacer les filtres
          </a>
        ) : null}
      </div>

      {view.products.length > 0 ? (
        <ul className={styles.grid} data-display={display}>
          {view.products.map((product) => (
            <li key={product.id} className={styles.gridItem}>
              {cardOf.get(product.id)}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>
          Essayez une autre recherche, ou{' '}
          <a
            href={hrefFor({ category: null, search: '', tags: [] })}
            onClick={follow({ category: null, search: '', tags: [] })}
          >
            voyez tous nos vins
          </a>
          .
        </p>
      )}

      {view.pageCount > 1 ? (
        <nav aria-label="Pages du catalogue" className={styles.pagination}>
          <ul>
            {Array.from({ length: view.pageCount }, (_, index) => index + 1).map((page) => (
              <li key={page}>
                <a
                  href={`${CATALOGUE_PATH}${catalogueQueryString({ ...query, page })}`}
                  onClick={follow({ ...query, page }, true)}
                  aria-current={page === view.page ? 'page' : undefined}
                  aria-label={`Page ${page}`}
                  className={styles.pageLink}
                >
                  {page}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
