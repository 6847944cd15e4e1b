import { getImageProps } from 'next/image';
import { IntentLink } from '../../ui/intent-link';
import type { ProductSummary } from '@comptoir/contract/product';
import cards from '../../ui/cards.module.css';
import { productPath } from './catalogue-paths';
import styles from './catalogue.module.css';
import {
  KIND_LABELS,
  capacityLabel,
  cheapestDeclination,
  isBuyable,
  priceView,
  vintagesLabel,
  type ShopDisplaySettings,
} from './shop-display';

/** The catalogue's bottle drawings are 3:4 portraits (480 × 640). */
export const PRODUCT_IMAGE_WIDTH = 480;
export const PRODUCT_IMAGE_HEIGHT = 640;

interface ProductCardProps {
  product: ProductSummary;
  settings: ShopDisplaySettings;
  /** The heading level of the name, after the section's own heading. */
  headingLevel?: 'h2' | 'h3';
  /** The first row of the list: its pictures are the page's largest paint, fetched first. */
  priority?: boolean;
}

/**
 * One product in a grid, rendered on the server only (its picture's srcset comes from
 * next/image's getImageProps, without the Image component's client code): its picture, colour and appellation, name, vintages and formats, the
 * « from » price of its cheapest declination with its discount, and whether it is available. The
 * whole card is one link to the product page.
 */
export function ProductCard({
  product,
  settings,
  headingLevel = 'h2',
  priority,
}: ProductCardProps) {
  const Heading = headingLevel;
  const cheapest = cheapestDeclination(product.declinations);
  const price = cheapest ? priceView(cheapest, settings) : null;
  const several = new Set(product.declinations.map((d) => d.unitPriceCents)).size > 1;
  const available = product.declinations.some((declination) => isBuyable(declination, settings));
  const formats = [
    ...new Set(
      product.declinations
        .map((declination) => capacityLabel(declination, product.type))
        .filter((label) => label !== null),
    ),
  ];
  const vintages = vintagesLabel(product.declinations);
  const kind = product.kind ? KIND_LABELS[product.kind] : null;

  return (
    <article className={`${cards.card} ${cards.cardClipped} ${cards.cardLinked} ${styles.card}`}>
      <div className={styles.cardMedia}>
        {product.imageUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- next/image's props without its client code (decision 0032)
          <img
            {...getImageProps({
              src: product.imageUrl,
              alt: '',
              width: PRODUCT_IMAGE_WIDTH,
              height: PRODUCT_IMAGE_HEIGHT,
              sizes: '(min-width: 1200px) 260px, (min-width: 768px) 30vw, 45vw',
              className: styles.cardImage,
              priority,
            }).props}
            alt=""
          />
        ) : null}
        {price?.badge ? <span className={styles.badge}>{price.badge}</span> : null}
      </div>
      <div className={styles.cardBody}>
        <p className={styles.cardKicker}>
          {[kind, product.appellation].filter(Boolean).join(' · ') || 'Boutique du domaine'}
        </p>
        <Heading className={styles.cardTitle}>
          <IntentLink href={productPath(product)} className={cards.cardLink}>
            {product.name}
          </IntentLink>
        </Heading>
        {vintages || formats.length > 0 ? (
          <p className={styles.cardMeta}>
            {[vintages, formats.join(', ')].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        <div className={styles.cardFooter}>
          {price ? (
            <p className={styles.cardPrice}>
              {several ? <span className={styles.from}>À partir de </span> : null}
              <span className={styles.price}>{price.price}</span>
              {price.previousPrice ? (
                <>
                  {' '}
                  <del className={styles.previousPrice}>
                    <span className="visually-hidden">au lieu de </span>
                    {price.previousPrice}
                  </del>
                </>
              ) : null}
            </p>
          ) : null}
          <p className={available ? styles.inStock : styles.outOfStock}>
            {available ? settings.inStockLabel : settings.outOfStockLabel}
          </p>
        </div>
      </div>
    </article>
  );
}
