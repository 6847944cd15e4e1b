import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import { listCatalogue } from '../../lib/data/catalogue.server';
import { pageMetadata } from '../../lib/page-metadata';
import { CrumbTrail } from '../pages/breadcrumb';
import { PageHero } from '../pages/page-hero';
import { CatalogueBrowser } from './catalogue-browser';
import { CATALOGUE_PATH } from './catalogue-paths';
import styles from './catalogue.module.css';
import { ProductCard } from './product-card';
import { shopDisplaySettings } from './shop-display';
import { alcoholMessage, ethylotestMessage, listPage, loadShopSite } from './catalogue-shop';

export async function catalogueListMetadata(siteSegment: string): Promise<Metadata> {
  const shell = await loadShopSite(siteSegment);
  if (!shell) return {};
  const { title, description } = listPage(shell);
  return pageMetadata(shell, {
    title,
    description,
    fallbackParameter: 'META_DESCRIPTION_WINE_LIST',
    path: CATALOGUE_PATH,
  });
}

export async function CatalogueListRoute({ siteSegment }: { siteSegment: string }) {
  const shell = await loadShopSite(siteSegment);
  if (!shell) notFound();
  const products = await listCatalogue(shell.siteId);
  const settings = shopDisplaySettings(shell.parameters);
  const { title, description } = listPage(shell);
  const message = alcoholMessage(shell);
  const ethylotest = ethylotestMessage(shell);
  return (
    <>
      <PageHero
        title={title}
        intro={description}
        before={<CrumbTrail trail={[{ label: title, href: CATALOGUE_PATH }]} />}
      />
      <section aria-label="Catalogue" className={`container ${styles.section}`}>
        {products.length === 0 ? (
          <p className={styles.empty}>Notre boutique se prépare : revenez très bientôt.</p>
        ) : (
          <CatalogueBrowser
            products={products}
            cards={products.map((product, index) => ({
              id: product.id,
              // The cheapest come first unfiltered: the first row is the largest paint.
              card: (
                <ProductCard
                  product={product}
                  settings={settings}
                  headingLevel="h3"
                  priority={index < 4}
                />
              ),
            }))}
          />
        )}
        {message ? <p className={styles.alcohol}>{message}</p> : null}
        {ethylotest ? <p className={styles.ethylotest}>{ethylotest}</p> : null}
      </section>
    </>
  );
}
