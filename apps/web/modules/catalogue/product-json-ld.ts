import type { Award, Product } from '@comptoir/contract/product';
import { declinationLabel, isBuyable, type ShopDisplaySettings } from './shop-display';

/*
 * schema.org Product with one Offer per declination, so that search engines show the price and
 * availability the page shows. Prices are decimal strings in euros ("12.50"), as schema.org asks.
 */

export interface ProductJsonLdInput {
  product: Product;
  awards: readonly Award[];
  /** The product page's absolute URL. */
  url: string;
  /** Absolute image URL, when the product has one. */
  imageUrl: string | null;
  /** The seller: the site's company name. */
  sellerName: string;
  settings: Pick<ShopDisplaySettings, 'hidePrices' | 'useStock'>;
}

function euros(cents: number): string {
  return (cents / 100).toFixed(2);
}

function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown> {
  const { product, settings } = input;
  const description =
    product.summary ?? (product.description ? plainText(product.description) : null);
  const offers = settings.hidePrices
    ? undefined
    : product.declinations.map((declination) => ({
        '@type': 'Offer',
        name: declinationLabel(declination, product.type),
        sku: String(declination.id),
        price: euros(declination.unitPriceCents),
        priceCurrency: 'EUR',
        availability: isBuyable(declination, settings)
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
        url: input.url,
        seller: { '@type': 'Organization', name: input.sellerName },
      }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    ...(description ? { description } : {}),
    ...(input.imageUrl ? { image: [input.imageUrl] } : {}),
    url: input.url,
    sku: String(product.id),
    brand: { '@type': 'Brand', name: input.sellerName },
    ...(product.appellation ? { category: product.appellation } : {}),
    ...(input.awards.length > 0
      ? {
          award: input.awards.map((award) =>
            [award.distinction, award.name, award.year].filter(Boolean).join(' – '),
          ),
        }
      : {}),
    ...(offers && offers.length > 0 ? { offers } : {}),
  };
}

/**
 * The JSON-LD as the text of a <script type="application/ld+json">: `<` is escaped so that a
 * product name holding "</script>" cannot close the element (the site owner writes these texts).
 */
export function jsonLdScriptText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
