import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { getCatalogueFacets, listCataloguePage } from '../../lib/data/catalogue.server';
import { pageMetadata } from '../../lib/page-metadata';
import { CrumbTrail } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { CatalogueBrowser } from './catalogue-browser';
import { catalogueQueryString, defaultCatalogueSort, parseCatalogueQuery } from './catalogue-filter';
import { CATALOGUE_PATH } from './catalogue-paths';
import styles from './catalogue.module.css';
import { ProductCard } from './product-card';
import { shopDisplaySettings } from './shop-display';
import { listPage, loadShopSite } from './catalogue-shop';

/**
 * The list's metadata; a filtered list (`search`, the query string) names its own canonical
 * address, so that a shared link to the red wines is indexed as the red wines (decision 0100).
 */
export async function catalogueListMetadata(siteSegment: string, search = ''): Promise<Metadata> {
  const shell = await loadShopSite(siteSegment);
  if (!shell) return {};
  const { title, description } = listPage(shell);
  return pageMetadata(shell, {
    title,
    description,
    fallbackParameter: 'META_DESCRIPTION_WINE_LIST',
    path: `${CATALOGUE_PATH}${catalogueQueryString(parseCatalogueQuery(search))}`,
  });
}

/**
 * The wine list. `search` is the query string the server renders it for (decision 0100): '' for
 * the plain list, the visitor's filters for a filtered link, so that the HTML already shows the
 * matching products only. Only that page of the list is fetched, filtered, sorted and paged by the
 * API, with the filters' categories and tags (decision 0128); the island changes the address and
 * the storefront renders the next list the same way.
 */
export async function CatalogueListRoute({
  siteSegment,
  search = '',
}: {
  siteSegment: string;
  search?: string;
}) {
  const shell = await loadShopSite(siteSegment);
  if (!shell) notFound();
  const settings = shopDisplaySettings(shell.parameters);
  const defaultSort = defaultCatalogueSort(shell.parameters.text('PRODUCT_ORDER'));
  const canonicalSearch = catalogueQueryString(parseCatalogueQuery(search));
  const [view, facets] = await Promise.all([
    listCataloguePage(shell.siteId, canonicalSearch, defaultSort),
    getCatalogueFacets(shell.siteId),
  ]);
  const { title, description } = listPage(shell);
  const { products } = view;
  // The first row of what is shown is the largest paint: its pictures load first.
  const firstShown = new Set(products.slice(0, 4).map((product) => product.id));
  return (
    <>
      <PageHero
        title={title}
        intro={description}
        before={<CrumbTrail trail={[{ label: title, href: CATALOGUE_PATH }]} />}
      />
      <section aria-label="Catalogue" className={`container ${styles.section}`}>
        {facets.categories.length === 0 ? (
          <p className={styles.empty}>Notre boutique se prépare : revenez très bientôt.</p>
        ) : (
          <CatalogueBrowser
            view={{ total: view.total, pageCount: view.pageCount, page: view.page }}
            facets={facets}
            initialSearch={search}
            display={settings.display}
            defaultSort={defaultSort}
            cards={products.map((product) => ({
              id: product.id,
              card: (
                <ProductCard
                  product={product}
                  settings={settings}
                  headingLevel="h3"
                  priority={firstShown.has(product.id)}
                />
              ),
            }))}
          />
        )}
      </section>
    </>
  );
}
