import type { Declination, ProductSummary } from '@comptoir/contract/product';
import { canBeBought, limitingStock, type SellableStock } from '@comptoir/domain/cart';
import { chosenValue, type ChoiceOf } from '@comptoir/domain/parameter-choices';

// The words a product is read with, shared with the API's PDF sheet (decision 0041).
export {
  capacityLabel,
  declinationLabel,
  FEATURE_LABELS,
  grapeVarietiesLabel,
  KIND_LABELS,
  priceView,
  type PriceView,
} from '@comptoir/domain/product-display';

/*
 * How the catalogue reads on the storefront (docs/requirements/catalogue.md): prices, discounts, stock labels,
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
  /** PRODUCT_DISPLAY: the list's products as a grid of cards or one a line (decision 0101). */
  display: ChoiceOf<'PRODUCT_DISPLAY'>;
  /** PRODUCT_PAGE_STYLE: where the product sheet puts its picture (decision 0101). */
  pageStyle: ChoiceOf<'PRODUCT_PAGE_STYLE'>;
  /** FEATURES_STYLE: the « Fiche technique » as a table or as cards. */
  featuresStyle: ChoiceOf<'FEATURES_STYLE'>;
  /** HIDE_PRODUCT_ICON: the sheet's pictograms (pairings, awards) go, their words stay. */
  hideProductIcons: boolean;
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
    display: chosenValue('PRODUCT_DISPLAY', parameters.text('PRODUCT_DISPLAY')),
    pageStyle: chosenValue('PRODUCT_PAGE_STYLE', parameters.text('PRODUCT_PAGE_STYLE')),
    featuresStyle: chosenValue('FEATURES_STYLE', parameters.text('FEATURES_STYLE')),
    hideProductIcons: parameters.flag('HIDE_PRODUCT_ICON'),
  };
}

export interface StockView {
  available: boolean;
  label: string;
}

type StockOf = Pick<Declination, 'quantity' | 'setQuantity' | 'sellByMultipleOf'>;

function sellableStockOf(declination: StockOf): SellableStock {
  return {
    stock: declination.quantity,
    isStockManaged: declination.setQuantity,
    sellByMultipleOf: declination.sellByMultipleOf,
  };
}

/**
 * Whether the declination can be bought: the cart's own rule (decision 0081), so that what the
 * list and the product page offer is what the cart takes. Stock below the sales multiple (4
 * left of a box sold by 6) cannot be.
 */
export function isBuyable(
  declination: StockOf,
  settings: Pick<ShopDisplaySettings, 'useStock'>,
): boolean {
  return canBeBought(sellableStockOf(declination), settings.useStock);
}

/**
 * The stock line of a declination: the out-of-stock label when it cannot be bought (none left,
 * or fewer than its multiple), « Plus que 3 bouteilles » at or under the display limit, the
 * in-stock label otherwise. Unmanaged stock is always in stock.
 */
export function stockView(
  declination: StockOf,
  productType: ProductSummary['type'],
  settings: Pick<
    ShopDisplaySettings,
    'useStock' | 'inStockLabel' | 'outOfStockLabel' | 'stockDisplayLimit'
  >,
): StockView {
  const left = limitingStock(sellableStockOf(declination), settings.useStock);
  if (left === null) return { available: true, label: settings.inStockLabel };
  if (!isBuyable(declination, settings)) {
    return { available: false, label: settings.outOfStockLabel };
  }
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

/** The declination a page opens on: the first one that can be bought, the first one when none can. */
export function defaultDeclination(
  declinations: readonly Declination[],
  settings: Pick<ShopDisplaySettings, 'useStock'>,
): Declination | undefined {
  return declinations.find((declination) => isBuyable(declination, settings)) ?? declinations[0];
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
