'use client';

import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Customization, Declination, Product } from '@comptoir/contract/product';
import type { CartAnswer } from '../cart/add-to-cart';
import styles from './catalogue.module.css';
import { PurchaseForm } from './purchase-form';
import type { PriceView, StockView } from './shop-display';

/*
 * The top of a product page: the picture and the declination picker (vintage, format) with the
 * price, discount, stock and quantity discounts of the chosen declination, the customizations
 * and the quantity with the add-to-cart button. The only client code of the page; everything
 * else is server-rendered and cached. What each declination shows (labels, price, stock, its
 * quantity-discount table) is worded on the server: the island only picks (decision 0039). The
 * customization steps are a chunk of their own, fetched only for a product that has
 * customizations.
 */

const ProductCustomization = lazy(() => import('./product-customization'));

/**
 * Renders `children` once their place comes within 300 px of the viewport: the customization
 * steps sit under the picture, the price and the pickers, below the first screen of a phone, and
 * their chunk (5.5 KiB gzip) is no longer part of the page's first load (decision 0038). The
 * margin lets the chunk arrive before the visitor scrolls to it.
 */
function WhenNearViewport({
  children,
  placeholder,
}: {
  children: ReactNode;
  placeholder: ReactNode;
}) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={place}>{placeholder}</div>;
}

/** A picture's attributes from next/image's getImageProps on the server (srcset through /_next/image). */
export interface PurchaseImage {
  src: string;
  srcSet: string | undefined;
  sizes: string | undefined;
  width: number;
  height: number;
}

/** One declination as the purchase box shows it, worded on the server (shop-display.ts). */
export interface DeclinationOffer {
  /** « Magnum 1,5 L », null without a capacity. */
  capacityLabel: string | null;
  /** null when the site hides its prices. */
  price: PriceView | null;
  stock: StockView;
  /** The quantity-discount table for this declination, or null. */
  tiers: ReactNode;
  /** Its nutrition declaration and ingredients (NUTRITIONAL_TABLE), shown before the button. */
  label?: ReactNode;
}

interface ProductPurchaseProps {
  siteId: number;
  product: Pick<Product, 'id' | 'name' | 'type' | 'imageUrl' | 'declinations'>;
  /** The questions asked before the product goes into the cart, in order (often none). */
  customizations: Customization[];
  /** By image URL: the product's picture and each declination's. */
  images: Record<string, PurchaseImage>;
  /** By declination id. */
  offers: Record<number, DeclinationOffer>;
  /** The declination the page opens on (the first in stock). */
  initialDeclinationId: number | null;
  /** HIDE_PRICES: a showcase, nothing is sold from the page. */
  hidePrices: boolean;
  /** Kicker, title and summary, rendered on the server. */
  heading: ReactNode;
}

const NO_YEAR = 'sans-millesime';

function yearKey(declination: Declination): string {
  return declination.year === null ? NO_YEAR : String(declination.year);
}

function formatKey(declination: Declination): string {
  return `${declination.capacity ?? ''}-${declination.capacityUnit ?? ''}`;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

export function ProductPurchase({
  siteId,
  product,
  customizations,
  images,
  offers,
  initialDeclinationId,
  hidePrices,
  heading,
}: ProductPurchaseProps) {
  const ids = useId();
  const declinations = product.declinations;
  const [selectedId, setSelectedId] = useState(initialDeclinationId);
  const selected = declinations.find((declination) => declination.id === selectedId);
  const [answers, setAnswers] = useState<{ list: CartAnswer[]; files: Map<string, File> }>({
    list: [],
    files: new Map(),
  });
  const [quantity, setQuantity] = useState<number | null>(null);
  const keepAnswers = useCallback(
    (list: CartAnswer[], files: Map<string, File>) => setAnswers({ list, files }),
    [],
  );

  const years = unique(declinations.map(yearKey)).sort((a, b) => b.localeCompare(a));
  const formats = unique(declinations.map(formatKey));
  const formatLabel = (key: string) => {
    const sample = declinations.find((declination) => formatKey(declination) === key);
    return (sample && offers[sample.id]?.capacityLabel) ?? 'Format unique';
  };

  /** The declination of this vintage and format, or the nearest one that exists. */
  const choose = (year: string, format: string) => {
    const exact = declinations.find(
      (declination) => yearKey(declination) === year && formatKey(declination) === format,
    );
    const sameYear = declinations.find((declination) => yearKey(declination) === year);
    const sameFormat = declinations.find((declination) => formatKey(declination) === format);
    const next = exact ?? sameYear ?? sameFormat;
    if (next) setSelectedId(next.id);
  };

  const offer = selected ? offers[selected.id] : undefined;
  const price = offer?.price ?? null;
  const stock = offer?.stock ?? null;
  const imageUrl = selected?.imageUrl ?? product.imageUrl;
  const image = imageUrl ? images[imageUrl] : undefined;
  const unitNoun = product.type === 'WINE' ? 'bouteilles' : 'unités';

  return (
    <div className={styles.purchase}>
      <div className={styles.purchaseMedia}>
        {image ? (
          // eslint-disable-next-line @next/next/no-img-element -- attributes from getImageProps on the server (decision 0032)
          <img
            key={image.src}
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.sizes}
            width={image.width}
            height={image.height}
            alt={[product.name, offer?.capacityLabel].filter(Boolean).join(', ')}
            className={styles.purchaseImage}
            fetchPriority="high"
            decoding="async"
          />
        ) : null}
      </div>

      <div className={styles.purchaseInfo}>
        {heading}

        {years.length > 1 || (years.length === 1 && years[0] !== NO_YEAR) ? (
          <fieldset className={styles.picker}>
            <legend className={styles.pickerLegend}>Millésime</legend>
            <div className={styles.pickerOptions}>
              {years.map((year) => (
                <label key={year} className={styles.option}>
                  <input
                    type="radio"
                    name={`${ids}-year`}
                    value={year}
                    checked={selected !== undefined && yearKey(selected) === year}
                    onChange={() => choose(year, selected ? formatKey(selected) : formats[0]!)}
                  />
                  <span>{year === NO_YEAR ? 'Sans millésime' : year}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        {formats.length > 1 ? (
          <fieldset className={styles.picker}>
            <legend className={styles.pickerLegend}>Format</legend>
            <div className={styles.pickerOptions}>
              {formats.map((format) => {
                const exists =
                  selected === undefined ||
                  declinations.some(
                    (declination) =>
                      formatKey(declination) === format &&
                      yearKey(declination) === yearKey(selected),
                  );
                return (
                  <label key={format} className={styles.option}>
                    <input
                      type="radio"
                      name={`${ids}-format`}
                      value={format}
                      checked={selected !== undefined && formatKey(selected) === format}
                      onChange={() => choose(selected ? yearKey(selected) : years[0]!, format)}
                    />
                    <span>
                      {formatLabel(format)}
                      {exists ? null : (
                        <span className={styles.optionNote}> (autre millésime)</span>
                      )}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : null}

        <div className={styles.offer} aria-live="polite" aria-atomic="true">
          {price ? (
            <p className={styles.offerPrice}>
              <span className={styles.priceLarge} data-testid="product-price">
                {price.price}
              </span>
              {price.previousPrice ? (
                <del className={styles.previousPrice}>
                  <span className="visually-hidden">au lieu de </span>
                  {price.previousPrice}
                </del>
              ) : null}
              {price.badge ? <span className={styles.badgeInline}>{price.badge}</span> : null}
            </p>
          ) : null}
          {stock ? (
            <p className={stock.available ? styles.inStock : styles.outOfStock}>{stock.label}</p>
          ) : null}
          {selected && selected.sellByMultipleOf > 1 ? (
            <p className={styles.offerNote}>
              Vendu par {selected.sellByMultipleOf} {unitNoun}.
            </p>
          ) : null}
        </div>

        {hidePrices ? null : offer?.tiers}

        {offer?.label}

        {selected && customizations.length > 0 ? (
          <WhenNearViewport
            placeholder={<p className={styles.offerNote}>Chargement des personnalisations…</p>}
          >
            <Suspense
              fallback={<p className={styles.offerNote}>Chargement des personnalisations…</p>}
            >
              <ProductCustomization
                siteId={siteId}
                productId={product.id}
                declinationId={selected.id}
                quantity={quantity ?? selected.sellByMultipleOf}
                productType={product.type}
                customizations={customizations}
                hidePrices={hidePrices}
                onAnswersChange={keepAnswers}
              />
            </Suspense>
          </WhenNearViewport>
        ) : null}

        {selected && !hidePrices && stock?.available ? (
          <PurchaseForm
            key={selected.id}
            siteId={siteId}
            declination={selected}
            productType={product.type}
            answers={answers.list}
            files={answers.files}
            onQuantityChange={setQuantity}
          />
        ) : null}
      </div>
    </div>
  );
}
