import { getImageProps } from 'next/image';
import { notFound } from 'next/navigation';
import type { Metadata } from 'next';
import type { Declination, DecreasingDiscount, Product } from '@comptoir/contract/product';
import { unitPriceForQuantityCents } from '@comptoir/domain/cart';
import { formatCost, formatPrice } from '@comptoir/domain/money';
import { getProductPage } from '../../lib/data/catalogue.server';
import { isProductSheetOffered } from '../../lib/data/external-apps.server';
import { absoluteSiteUrl, pageMetadata } from '../../lib/page-metadata';
import { sanitizeRichHtml } from '@comptoir/domain/rich-text';
import { CrumbTrail } from '../pages/breadcrumb';
import { CATALOGUE_PATH, productIdFromSegment, productPath } from './catalogue-paths';
import styles from './catalogue.module.css';
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH, ProductCard } from './product-card';
import { jsonLdScriptText, productJsonLd } from './product-json-ld';
import { ProductPurchase, type DeclinationOffer, type PurchaseImage } from './product-purchase';
import {
  FEATURE_LABELS,
  KIND_LABELS,
  capacityLabel,
  defaultDeclination,
  grapeVarietiesLabel,
  priceView,
  shopDisplaySettings,
  stockView,
  type ShopDisplaySettings,
} from './shop-display';
import { listPage, loadShopSite, sellerName, showsNutrition } from './catalogue-shop';
import { NutritionLabel } from './nutrition-label';

/** The srcset of each picture the purchase box may show (the product's and its declinations'). */
function purchaseImages(product: Product): Record<string, PurchaseImage> {
  const urls = new Set(
    [product.imageUrl, ...product.declinations.map((declination) => declination.imageUrl)].filter(
      (url): url is string => url !== null,
    ),
  );
  return Object.fromEntries(
    [...urls].map((url) => {
      const { props } = getImageProps({
        src: url,
        alt: '',
        width: PRODUCT_IMAGE_WIDTH,
        height: PRODUCT_IMAGE_HEIGHT,
        sizes: '(min-width: 996px) 360px, 80vw',
        priority: true,
      });
      return [
        url,
        {
          src: props.src,
          srcSet: props.srcSet,
          sizes: props.sizes,
          width: PRODUCT_IMAGE_WIDTH,
          height: PRODUCT_IMAGE_HEIGHT,
        },
      ];
    }),
  );
}

/** The quantity discounts of one declination: from how many units, how much off, what a unit costs. */
function QuantityDiscounts({
  declination,
  tiers,
  unitNoun,
}: {
  declination: Declination;
  tiers: DecreasingDiscount[];
  unitNoun: string;
}) {
  return (
    <table className={styles.tiers}>
      <caption>Remises par quantité</caption>
      <thead>
        <tr>
          <th scope="col">Quantité</th>
          <th scope="col">Remise</th>
          <th scope="col">Prix unitaire</th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => {
          const off = formatCost(tier.discountType, tier.discountAmount);
          return (
            <tr key={tier.id}>
              <th scope="row">
                Dès {tier.minQuantity} {unitNoun}
              </th>
              <td>{off ? `−${off}` : '—'}</td>
              <td>
                {formatPrice(unitPriceForQuantityCents(declination, tiers, tier.minQuantity))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Each declination as the purchase box shows it, worded here on the server: the island only
 * picks the chosen one (decision 0039).
 */
function declinationOffers(
  product: Product,
  settings: ShopDisplaySettings,
  withLabels: boolean,
): Record<number, DeclinationOffer> {
  const labels = new Map(
    withLabels ? product.labels.map((label) => [label.declinationId, label]) : [],
  );
  const tiers = [...product.decreasingDiscounts].sort((a, b) => a.minQuantity - b.minQuantity);
  const unitNoun = product.type === 'WINE' ? 'bouteilles' : 'unités';
  return Object.fromEntries(
    product.declinations.map((declination) => [
      declination.id,
      {
        capacityLabel: capacityLabel(declination, product.type),
        price: priceView(declination, settings),
        stock: stockView(declination, product.type, settings),
        tiers:
          settings.hidePrices || tiers.length === 0 ? null : (
            <QuantityDiscounts declination={declination} tiers={tiers} unitNoun={unitNoun} />
          ),
        label: labels.has(declination.id) ? (
          <NutritionLabel label={labels.get(declination.id)!} />
        ) : null,
      },
    ]),
  );
}

async function loadProductPage(siteSegment: string, productSegment: string) {
  const shell = await loadShopSite(siteSegment);
  const productId = productIdFromSegment(decodeURIComponent(productSegment));
  if (!shell || productId === null) return null;
  const [data, sheetOffered] = await Promise.all([
    getProductPage(shell.siteId, productId),
    isProductSheetOffered(shell.siteId),
  ]);
  return data ? { shell, ...data, sheetOffered } : null;
}

export async function productMetadata(
  siteSegment: string,
  productSegment: string,
): Promise<Metadata> {
  const found = await loadProductPage(siteSegment, productSegment);
  if (!found) return {};
  const { shell, product } = found;
  return pageMetadata(shell, {
    title: product.name,
    description: product.summary,
    fallbackParameter: 'META_DESCRIPTION_WINE_LIST',
    path: productPath(product),
    imageUrl: product.imageUrl,
  });
}

export async function ProductRoute({
  siteSegment,
  productSegment,
}: {
  siteSegment: string;
  productSegment: string;
}) {
  const found = await loadProductPage(siteSegment, productSegment);
  if (!found) notFound();
  const { shell, product, awards, recommended, customizations, sheetOffered } = found;
  const settings = shopDisplaySettings(shell.parameters);
  const list = listPage(shell);
  const grapes = grapeVarietiesLabel(product.features, settings.grapeVarietyDisplay);
  const features = product.features.filter((feature) => feature.type !== 'GRAPE_VARIETY');
  const description = sanitizeRichHtml(product.description);
  const url = absoluteSiteUrl(shell, productPath(product));
  const jsonLd = productJsonLd({
    product,
    awards,
    url,
    imageUrl: product.imageUrl ? absoluteSiteUrl(shell, product.imageUrl) : null,
    sellerName: sellerName(shell),
    settings,
  });
  const kicker = [
    product.kind ? KIND_LABELS[product.kind] : null,
    product.appellation,
    product.region,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <script
        type="application/ld+json"
        // The builder escapes '<': the owner's texts cannot close the script element.
        dangerouslySetInnerHTML={{ __html: jsonLdScriptText(jsonLd) }}
      />
      <div className={`container ${styles.productTop}`} data-page-style={settings.pageStyle}>
        <CrumbTrail
          trail={[
            { label: list.title, href: CATALOGUE_PATH },
            { label: product.name, href: productPath(product) },
          ]}
        />
        <ProductPurchase
          siteId={shell.siteId}
          product={product}
          customizations={customizations}
          images={purchaseImages(product)}
          offers={declinationOffers(product, settings, showsNutrition(shell))}
          initialDeclinationId={defaultDeclination(product.declinations, settings)?.id ?? null}
          hidePrices={settings.hidePrices}
          heading={
            <>
              {kicker ? <p className={styles.kicker}>{kicker}</p> : null}
              <h1 className={styles.productTitle}>{product.name}</h1>
              {product.summary ? <p className={styles.summary}>{product.summary}</p> : null}
              {awards.length > 0 ? (
                <ul className={styles.awards} aria-label="Récompenses">
                  {awards.map((award) => (
                    <li key={award.id} className={styles.award}>
                      {award.imageUrl && !settings.hideProductIcons ? (
                        // eslint-disable-next-line @next/next/no-img-element -- next/image's props without its client code (decision 0032)
                        <img
                          {...getImageProps({
                            src: award.imageUrl,
                            alt: '',
                            width: 40,
                            height: 40,
                            unoptimized: true,
                          }).props}
                          alt=""
                        />
                      ) : null}
                      <span>
                        <strong>{award.distinction}</strong>
                        {' – '}
                        {award.name}
                        {award.year ? ` ${award.year}` : ''}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          }
        />
      </div>

      <div className={`container ${styles.productDetails}`}>
        {description ? (
          <section aria-labelledby="product-description" className={styles.detailBlock}>
            <h2 id="product-description" className={styles.detailHeading}>
              Le vin
            </h2>
            <div className={styles.prose} dangerouslySetInnerHTML={{ __html: description }} />
          </section>
        ) : null}

        {grapes || features.length > 0 || product.alcoholTenths !== null ? (
          <section aria-labelledby="product-features" className={styles.detailBlock}>
            <h2 id="product-features" className={styles.detailHeading}>
              Fiche technique
            </h2>
            <dl className={styles.features} data-features-style={settings.featuresStyle}>
              {grapes ? (
                <div>
                  <dt>{FEATURE_LABELS.GRAPE_VARIETY}</dt>
                  <dd>{grapes}</dd>
                </div>
              ) : null}
              {features.map((feature) => (
                <div key={feature.id}>
                  <dt>{FEATURE_LABELS[feature.type]}</dt>
                  <dd>{feature.value}</dd>
                </div>
              ))}
              {product.alcoholTenths !== null ? (
                <div>
                  <dt>Degré d’alcool</dt>
                  <dd>{(product.alcoholTenths / 10).toLocaleString('fr-FR')} % vol.</dd>
                </div>
              ) : null}
            </dl>
            {sheetOffered ? (
              <p className={styles.sheetLink}>
                {/* A file, not a page: a plain link, which the browser opens in its PDF viewer. */}
                <a href={`${productPath(product)}/fiche.pdf`} type="application/pdf">
                  Télécharger la fiche du vin (PDF)
                </a>
              </p>
            ) : null}
          </section>
        ) : null}

        {product.mealIcons.length > 0 ? (
          <section aria-labelledby="product-meals" className={styles.detailBlock}>
            <h2 id="product-meals" className={styles.detailHeading}>
              Accords mets et vins
            </h2>
            <ul className={styles.meals}>
              {product.mealIcons.map((icon) => (
                <li key={icon.id}>
                  {settings.hideProductIcons ? null : (
                    // eslint-disable-next-line @next/next/no-img-element -- next/image's props without its client code (decision 0032)
                    <img
                      {...getImageProps({
                        src: icon.imageUrl,
                        alt: '',
                        width: 48,
                        height: 48,
                        loading: 'lazy',
                        unoptimized: true,
                      }).props}
                      alt=""
                    />
                  )}
                  <span>{icon.name}</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>

      {recommended.length > 0 ? (
        <section aria-labelledby="product-recommended" className={`container ${styles.section}`}>
          <h2 id="product-recommended" className={styles.detailHeading}>
            Vous aimerez aussi
          </h2>
          <ul className={styles.grid}>
            {recommended.map((other) => (
              <li key={other.id} className={styles.gridItem}>
                <ProductCard product={other} settings={settings} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
