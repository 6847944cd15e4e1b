import type { Declination, ProductFeature, ProductSummary } from '@comptoir/contract/product';
import { capacityInLitres } from '@comptoir/domain/catalogue';
import { isDiscounted } from '@comptoir/domain/declination-price';
import { formatPercent, formatPrice } from '@comptoir/domain/money';

/*
 * How the catalogue reads on the storefront (spec §3 and §9): prices, discounts, stock labels,
 * capacities. Plain data in, French text out, the same on the server and in the browser islands.
 */

/** The shop parameters the catalogue pages honour (read once per page on the server). */
export interface ShopDisplaySettings {
  /** HIDE_PRICES: no price anywhere (a showcase catalogue). */
  hidePrices: boolean;
  /** HIDE_DISCOUNT_PERCENTAGE: the struck-through price stays, the « −10 % » badge goes. */
  hideDiscountPercentage: boolean;
  /** USE_STOCK: without it, every product is available and no stock is shown. */
  useStock: boolean;
  inStockLabel: string;
  outOfStockLabel: string;
  /** STOCK_DISPLAY_LIMIT: from this many units down, the page says how many are left. */
  stockDisplayLimit: number | null;
  /** GRAPE_VARIETY_DISPLAY: PERCENT (with the blend's shares), NAME (names only) or HIDDEN. */
  grapeVarietyDisplay: 'PERCENT' | 'NAME' | 'HIDDEN';
}

export const DEFAULT_IN_STOCK_LABEL = 'En stock';
export const DEFAULT_OUT_OF_STOCK_LABEL = 'Épuisé';

interface ParameterSource {
  text(type: string): string | null;
  flag(type: string): boolean;
  number(type: string): number | null;
}

export function shopDisplaySettings(parameters: ParameterSource): ShopDisplaySettings {
  const grapes = parameters.text('GRAPE_VARIETY_DISPLAY')?.toUpperCase();
  const limit = parameters.number('STOCK_DISPLAY_LIMIT');
  return {
    hidePrices: parameters.flag('HIDE_PRICES'),
    hideDiscountPercentage: parameters.flag('HIDE_DISCOUNT_PERCENTAGE'),
    useStock: parameters.flag('USE_STOCK'),
    inStockLabel: parameters.text('IN_STOCK_LABEL') ?? DEFAULT_IN_STOCK_LABEL,
    outOfStockLabel: parameters.text('OUT_OF_STOCK_LABEL') ?? DEFAULT_OUT_OF_STOCK_LABEL,
    stockDisplayLimit: limit !== null && limit > 0 ? Math.floor(limit) : null,
    grapeVarietyDisplay: grapes === 'NAME' || grapes === 'HIDDEN' ? grapes : 'PERCENT',
  };
}

export interface PriceView {
  /** What one unit costs, « 12,50 € ». */
  price: string;
  /** The catalogue price struck through when the declination is discounted. */
  previousPrice: string | null;
  /** « −10 % », when discounted and the site shows the percentage. */
  badge: string | null;
}

/** The price of one declination as the page shows it; null when the site hides its prices. */
export function priceView(
  declination: Declination,
  settings: Pick<ShopDisplaySettings, 'hidePrices' | 'hideDiscountPercentage'>,
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

export interface StockView {
  available: boolean;
  label: string;
}

/**
 * The stock line of a declination: the out-of-stock label at 0, « Plus que 3 bouteilles » at or
 * under the display limit, the in-stock label otherwise. Unmanaged stock is always in stock.
 */
export function stockView(
  declination: Pick<Declination, 'quantity' | 'setQuantity'>,
  productType: ProductSummary['type'],
  settings: Pick<
    ShopDisplaySettings,
    'useStock' | 'inStockLabel' | 'outOfStockLabel' | 'stockDisplayLimit'
  >,
): StockView {
  if (!settings.useStock || !declination.setQuantity) {
    return { available: true, label: settings.inStockLabel };
  }
  const left = declination.quantity;
  if (left <= 0) return { available: false, label: settings.outOfStockLabel };
  if (settings.stockDisplayLimit !== null && left <= settings.stockDisplayLimit) {
    const unit =
      productType === 'WINE'
        ? left > 1
          ? 'bouteilles'
          : 'bouteille'
        : left > 1
          ? 'exemplaires'
          : 'exemplaire';
    return { available: true, label: `Plus que ${left} ${unit} en stock` };
  }
  return { available: true, label: settings.inStockLabel };
}

const decimals = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** 75 cl → « Bouteille 75 cl », 37,5 cl → « Demi-bouteille 37,5 cl », 1,5 L → « Magnum 1,5 L ». */
export function capacityLabel(
  declination: Pick<Declination, 'capacity' | 'capacityUnit'>,
): string | null {
  if (declination.capacity === null || declination.capacityUnit === null) return null;
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
export function declinationLabel(declination: Declination): string {
  return (
    [declination.year?.toString(), capacityLabel(declination)].filter(Boolean).join(' · ') ||
    'Format unique'
  );
}

/** The declination a page opens on: the first one in stock, the first one when none is. */
export function defaultDeclination(
  declinations: readonly Declination[],
  settings: Pick<ShopDisplaySettings, 'useStock'>,
): Declination | undefined {
  return (
    declinations.find(
      (declination) => !settings.useStock || !declination.setQuantity || declination.quantity > 0,
    ) ?? declinations[0]
  );
}

/** The declination with the lowest unit price: the « from » price of a card. */
export function cheapestDeclination(declinations: readonly Declination[]): Declination | undefined {
  return declinations.reduce<Declination | undefined>(
    (best, declination) =>
      best === undefined || declination.unitPriceCents < best.unitPriceCents ? declination : best,
    undefined,
  );
}

/** Vintages listed on a card: « 2022, 2023 ». */
export function vintagesLabel(declinations: readonly Declination[]): string | null {
  const years = [
    ...new Set(declinations.map((declination) => declination.year).filter((year) => year !== null)),
  ].sort();
  return years.length > 0 ? years.join(', ') : null;
}

/** The grape varieties line per GRAPE_VARIETY_DISPLAY; null when hidden or there are none. */
export function grapeVarietiesLabel(
  features: readonly ProductFeature[],
  display: ShopDisplaySettings['grapeVarietyDisplay'],
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

export const FEATURE_LABELS: Record<ProductFeature['type'], string> = {
  GRAPE_VARIETY: 'Cépages',
  AGEING: 'Élevage',
  SERVING_TEMPERATURE: 'Température de service',
  KEEPING: 'Garde',
  SOIL: 'Terroir',
  TASTING: 'Dégustation',
};

export const KIND_LABELS: Record<NonNullable<ProductSummary['kind']>, string> = {
  RED: 'Vin rouge',
  WHITE: 'Vin blanc',
  ROSE: 'Vin rosé',
  SWEET: 'Vin moelleux',
  SPARKLING: 'Effervescent',
};

/** The alcohol-prevention message a winemaker site shows (its parameter, or the legal wording). */
export const DEFAULT_ALCOHOL_MESSAGE =
  "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.";
