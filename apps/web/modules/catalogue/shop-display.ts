import type { Declination, ProductSummary } from '@comptoir/contract/product';

// The words a product is read with, shared with the API's PDF sheet (decision 0041).
export {
  capacityLabel,
  declinationLabel,
  DEFAULT_ALCOHOL_MESSAGE,
  FEATURE_LABELS,
  grapeVarietiesLabel,
  KIND_LABELS,
  priceView,
  type PriceView,
} from '@comptoir/domain/product-display';

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
