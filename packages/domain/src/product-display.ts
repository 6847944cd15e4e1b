import { bottlesInBox } from './delivery';
import { capacityInLitres, type CapacityUnit, type ProductType, type WineKind } from './catalogue';
import { isDiscounted, type DeclinationPricing } from './cart';
import { formatPercent, formatPrice } from './money';

/*
 * How a product reads in French wherever it is shown (docs/requirements/catalogue.md): the storefront's product page
 * and the API's PDF product sheet say the same words, from here.
 */

/** The alcohol-prevention message of a site that sells alcohol without an ALCOHOL_MESSAGE parameter. */
export const DEFAULT_ALCOHOL_MESSAGE =
  "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.";

export interface AlcoholMessages {
  /** The health message (Loi Évin): ALCOHOL_MESSAGE, or the legal wording when unset. */
  health: string;
  /** ETHYLOTEST_MESSAGE, under it; null when unset (no legal default). */
  ethylotest: string | null;
}

/**
 * What a site that sells alcohol (SELLS_ALCOHOL) says on every page's footer, in its order mails
 * and on its PDF sheets (decisions 0102, 0109); null for any other site.
 */
export function alcoholMessages(
  sellsAlcohol: boolean,
  text: (type: 'ALCOHOL_MESSAGE' | 'ETHYLOTEST_MESSAGE') => string | null,
): AlcoholMessages | null {
  if (!sellsAlcohol) return null;
  return {
    health: text('ALCOHOL_MESSAGE') ?? DEFAULT_ALCOHOL_MESSAGE,
    ethylotest: text('ETHYLOTEST_MESSAGE'),
  };
}

export type ProductFeatureType =
  'GRAPE_VARIETY' | 'AGEING' | 'SERVING_TEMPERATURE' | 'KEEPING' | 'SOIL' | 'TASTING';

export const FEATURE_LABELS: Record<ProductFeatureType, string> = {
  GRAPE_VARIETY: 'Cépages',
  AGEING: 'Élevage',
  SERVING_TEMPERATURE: 'Température de service',
  KEEPING: 'Garde',
  SOIL: 'Terroir',
  TASTING: 'Dégustation',
};

export const KIND_LABELS: Record<WineKind, string> = {
  RED: 'Vin rouge',
  WHITE: 'Vin blanc',
  ROSE: 'Vin rosé',
  SWEET: 'Vin moelleux',
  SPARKLING: 'Effervescent',
};

/** GRAPE_VARIETY_DISPLAY: with the blend's shares, names only, or not at all. */
export type GrapeVarietyDisplay = 'PERCENT' | 'NAME' | 'HIDDEN';

/** The parameter's value as a display; anything unknown is the default, PERCENT. */
export function grapeVarietyDisplay(value: string | null | undefined): GrapeVarietyDisplay {
  const upper = value?.trim().toUpperCase();
  return upper === 'NAME' || upper === 'HIDDEN' ? upper : 'PERCENT';
}

const decimals = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

interface Capacity {
  capacity: number | null;
  capacityUnit: CapacityUnit | null;
}

/**
 * 75 cl → « Bouteille 75 cl », 37,5 cl → « Demi-bouteille 37,5 cl », 1,5 L → « Magnum 1,5 L »;
 * a box of 4,5 L → « Carton de 6 bouteilles » (decision 0085).
 */
export function capacityLabel(
  declination: Capacity,
  productType: ProductType = 'WINE',
): string | null {
  if (declination.capacity === null || declination.capacityUnit === null) return null;
  if (productType === 'BOX') {
    const bottles = bottlesInBox(declination.capacity, declination.capacityUnit);
    return `Carton de ${bottles} bouteille${bottles > 1 ? 's' : ''}`;
  }
  const litres = capacityInLitres(declination.capacity, declination.capacityUnit);
  const size =
    declination.capacityUnit === 'CENTILITRE'
      ? `${decimals.format(declination.capacity)} cl`
      : `${decimals.format(declination.capacity)} L`;
  if (litres >= 1.5 && litres < 3) return `Magnum ${size}`;
  if (litres >= 3) return `Grand format ${size}`;
  if (litres < 0.75 && litres >= 0.35) return `Demi-bouteille ${size}`;
  if (litres === 0.75) return `Bouteille ${size}`;
  return size;
}

/** « 2022 · Magnum 150 cl », or the part there is. */
export function declinationLabel(
  declination: Capacity & { year: number | null },
  productType: ProductType = 'WINE',
): string {
  return (
    [declination.year?.toString(), capacityLabel(declination, productType)]
      .filter(Boolean)
      .join(' · ') || 'Format unique'
  );
}

interface Feature {
  type: ProductFeatureType;
  value: string;
  percent: number | null;
}

/** The grape varieties line per GRAPE_VARIETY_DISPLAY; null when hidden or there are none. */
export function grapeVarietiesLabel(
  features: readonly Feature[],
  display: GrapeVarietyDisplay,
): string | null {
  if (display === 'HIDDEN') return null;
  const grapes = features.filter((feature) => feature.type === 'GRAPE_VARIETY');
  if (grapes.length === 0) return null;
  return grapes
    .map((grape) =>
      display === 'PERCENT' && grape.percent !== null
        ? `${grape.value} (${grape.percent} %)`
        : grape.value,
    )
    .join(', ');
}

/** « 12,5 % vol. » */
export function alcoholLabel(alcoholTenths: number): string {
  return `${(alcoholTenths / 10).toLocaleString('fr-FR')} % vol.`;
}

/** The quantity rows count in bottles for a wine, in units otherwise. */
export function unitNoun(productType: ProductType): string {
  return productType === 'WINE' ? 'bouteilles' : 'unités';
}

export interface PriceView {
  /** What one unit costs, « 12,50 € ». */
  price: string;
  /** The catalogue price struck through when the declination is discounted. */
  previousPrice: string | null;
  /** « −10 % », when discounted and the site shows the percentage. */
  badge: string | null;
}

/** The price of one declination as a visitor reads it; null when the site hides its prices. */
export function priceView(
  declination: DeclinationPricing & { unitPriceCents: number },
  settings: { hidePrices: boolean; hideDiscountPercentage: boolean },
): PriceView | null {
  if (settings.hidePrices) return null;
  const discounted = isDiscounted(declination);
  // A whole percentage: a euro discount of 1,00 € on 7,90 € reads « −13 % », not « −12,66 % ».
  const off =
    discounted && declination.priceCents > 0
      ? Math.round(
          ((declination.priceCents - declination.unitPriceCents) * 100) / declination.priceCents,
        ) * 100
      : 0;
  return {
    price: formatPrice(declination.unitPriceCents),
    previousPrice: discounted ? formatPrice(declination.priceCents) : null,
    badge:
      discounted && !settings.hideDiscountPercentage && off > 0 ? `−${formatPercent(off)}` : null,
  };
}
