'use client';

import {
  useEffect,
  useId,
  useOptimistic,
  useRef,
  useTransition,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useRouter } from 'next/navigation';
import {
  CATALOGUE_SORTS,
  type CatalogueFacets,
  type CatalogueSort,
  catalogueQueryString,
  parseCatalogueQuery,
  tagLabel,
  type CatalogueQuery,
} from './catalogue-filter';
import { CATALOGUE_PATH } from './catalogue-paths';
import styles from './catalogue.module.css';

/*
 * The list's filters, sort and pages. The state lives in the query string, so a filtered list can
 * be bookmarked, shared and walked through with the back button (decision 0032); each change is a
 * navigation to the list's new address, rendered on the server from one page of the API's list
 * (decisions 0100, 0128). The controls follow the visitor's choice at once, while it loads.
 */

/** A page link was followed: the next list takes the focus to its results when it shows. */
let focusResultsOnArrival = false;

function focusResultsWhenShown(focus: boolean) {
  focusResultsOnArrival = focus;
}

/** Whether the list just shown was asked for by a page link (read once). */
function takeFocusOnArrival(): boolean {
  const focus = focusResultsOnArrival;
  focusResultsOnArrival = false;
  return focus;
}

interface CatalogueBrowserProps {
  /** Each card of the page shown, in order, rendered on the server. */
  cards: { id: number; card: ReactNode }[];
  /** How many products match, the number of pages and the page shown. */
  view: { total: number; pageCount: number; page: number };
  /** The categories and tags the filters offer (the whole catalogue's). */
  facets: CatalogueFacets;
  /**
   * The query the server rendered the list for: '' for the plain list, the filters of a filtered
   * link (decision 0100).
   */
  initialSearch?: string;
  /** PRODUCT_DISPLAY: cards in a grid, or one product a line (decision 0101). */
  display?: 'GRID' | 'LIST';
  /** The order of a list whose address names none (PRODUCT_ORDER). */
  defaultSort?: CatalogueSort;
}

export function CatalogueBrowser({
  cards,
  view,
  facets,
  initialSearch = '',
  display = 'GRID',
  defaultSort = 'prix-croissant',
}: CatalogueBrowserProps) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  // The query chosen, shown by the controls until the list it asks for arrives.
  const [search, showSearch] = useOptimistic(initialSearch);
  const query = parseCatalogueQuery(search);
  const { categories, tags } = facets;
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const ids = useId();

  useEffect(() => {
    if (!takeFocusOnArrival()) return;
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  }, [view.page]);

  const go = (next: CatalogueQuery, focusResults: boolean) => {
    const nextSearch = catalogueQueryString(next);
    focusResultsWhenShown(focusResults);
    startTransition(() => {
      showSearch(nextSearch);
      router.push(`${CATALOGUE_PATH}${nextSearch}`, { scroll: false });
    });
  };

  const update = (change: Partial<CatalogueQuery>, focusResults = false) =>
    go({ ...query, page: 1, ...change }, focusResults);
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

      {cards.length > 0 ? (
        <ul className={styles.grid} data-display={display}>
          {cards.map(({ id, card }) => (
            <li key={id} className={styles.gridItem}>
              {card}
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
