import { describe, expect, it } from 'vitest';
import { readParameters } from '../../lib/parameters';
import { productIdFromSegment, productPath } from './catalogue-paths';
import {
  capacityLabel,
  declinationLabel,
  defaultDeclination,
  grapeVarietiesLabel,
  isBuyable,
  priceView,
  shopDisplaySettings,
  stockView,
} from './shop-display';
import { testDeclination } from './test-product';

const settingsOf = (values: Record<string, string | number | boolean | null>) =>
  shopDisplaySettings(
    readParameters(
      Object.entries(values).map(([type, value], index) => ({
        id: index + 1,
        type,
        kind:
          typeof value === 'boolean' ? 'BOOLEAN' : typeof value === 'number' ? 'NUMBER' : 'STRING',
        label: type,
        value,
      })),
    ),
  );

/** Intl writes a narrow no-break space before € and %: compared with plain spaces here. */
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

describe('priceView', () => {
  const discounted = testDeclination(1, {
    priceCents: 2000,
    discountType: 'PERCENT',
    discountAmount: 1000,
    unitPriceCents: 1800,
  });

  it('shows the price with two decimals, the catalogue price struck through and the percentage off', () => {
    const view = priceView(discounted, settingsOf({}));
    expect(plain(view?.price)).toBe('18,00 €');
    expect(plain(view?.previousPrice)).toBe('20,00 €');
    expect(plain(view?.badge)).toBe('−10 %');
    expect(plain(priceView(testDeclination(2), settingsOf({}))?.price)).toBe('12,50 €');
    expect(priceView(testDeclination(2), settingsOf({}))?.previousPrice).toBeNull();
  });

  it('rounds the percentage of a euro discount to a whole number', () => {
    const euroOff = testDeclination(3, {
      priceCents: 790,
      discountType: 'EURO',
      discountAmount: 100,
      unitPriceCents: 690,
    });
    expect(plain(priceView(euroOff, settingsOf({}))?.badge)).toBe('−13 %');
  });

  it('hides the percentage when HIDE_DISCOUNT_PERCENTAGE is set, and every price with HIDE_PRICES', () => {
    const withoutBadge = priceView(discounted, settingsOf({ HIDE_DISCOUNT_PERCENTAGE: true }));
    expect(withoutBadge?.badge).toBeNull();
    expect(plain(withoutBadge?.previousPrice)).toBe('20,00 €');
    expect(priceView(discounted, settingsOf({ HIDE_PRICES: true }))).toBeNull();
  });
});

describe('stockView', () => {
  const stock = { USE_STOCK: true, STOCK_DISPLAY_LIMIT: 5 };

  it('says out of stock at 0, how many are left under the limit, in stock above it', () => {
    const settings = settingsOf(stock);
    expect(stockView(testDeclination(1, { quantity: 0 }), 'WINE', settings)).toEqual({
      available: false,
      label: 'Épuisé',
    });
    expect(stockView(testDeclination(1, { quantity: 3 }), 'WINE', settings).label).toBe(
      'Plus que 3 bouteilles en stock',
    );
    expect(stockView(testDeclination(1, { quantity: 1 }), 'BOX', settings).label).toBe(
      'Plus que 1 exemplaire en stock',
    );
    expect(stockView(testDeclination(1, { quantity: 6 }), 'WINE', settings).label).toBe('En stock');
  });

  it('uses the site’s own labels, and never runs out when the stock is not managed', () => {
    const settings = settingsOf({
      ...stock,
      IN_STOCK_LABEL: 'Disponible au caveau',
      OUT_OF_STOCK_LABEL: 'Victime de son succès',
    });
    expect(stockView(testDeclination(1, { quantity: 0 }), 'WINE', settings).label).toBe(
      'Victime de son succès',
    );
    expect(stockView(testDeclination(1, { quantity: 40 }), 'WINE', settings).label).toBe(
      'Disponible au caveau',
    );
    expect(
      stockView(testDeclination(1, { quantity: 0, setQuantity: false }), 'WINE', settings)
        .available,
    ).toBe(true);
    expect(stockView(testDeclination(1, { quantity: 0 }), 'WINE', settingsOf({})).available).toBe(
      true,
    );
  });

  it('says out of stock when fewer are left than the multiple it is sold by', () => {
    const settings = settingsOf(stock);
    // A box sold by 6 with 4 left: the cart would refuse every quantity.
    const box = testDeclination(1, { quantity: 4, sellByMultipleOf: 6 });
    expect(stockView(box, 'BOX', settings)).toEqual({ available: false, label: 'Épuisé' });
    expect(isBuyable(box, settings)).toBe(false);
    expect(stockView({ ...box, quantity: 6 }, 'BOX', settings)).toEqual({
      available: true,
      label: 'En stock',
    });
    // Without stock management nothing limits the sale.
    expect(isBuyable(box, settingsOf({}))).toBe(true);
    expect(isBuyable({ ...box, setQuantity: false }, settings)).toBe(true);
    expect(
      defaultDeclination([box, testDeclination(2, { quantity: 6, sellByMultipleOf: 6 })], settings)
        ?.id,
    ).toBe(2);
  });

  it('opens a product page on the first declination in stock', () => {
    const declinations = [testDeclination(1, { quantity: 0 }), testDeclination(2, { quantity: 4 })];
    expect(defaultDeclination(declinations, settingsOf(stock))?.id).toBe(2);
    expect(defaultDeclination([testDeclination(1, { quantity: 0 })], settingsOf(stock))?.id).toBe(
      1,
    );
  });
});

describe('capacities and grape varieties', () => {
  it('names the bottle, the half bottle and the magnum', () => {
    expect(capacityLabel({ capacity: 75, capacityUnit: 'CENTILITRE' })).toBe('Bouteille 75 cl');
    expect(capacityLabel({ capacity: 37.5, capacityUnit: 'CENTILITRE' })).toBe(
      'Demi-bouteille 37,5 cl',
    );
    expect(capacityLabel({ capacity: 1.5, capacityUnit: 'LITER' })).toBe('Magnum 1,5 L');
    expect(capacityLabel({ capacity: null, capacityUnit: null })).toBeNull();
    expect(declinationLabel(testDeclination(1, { year: 2020, capacity: 150 }))).toBe(
      '2020 · Magnum 150 cl',
    );
  });

  it('shows grape varieties with their share, by name only, or not at all', () => {
    const features = [
      { id: 1, type: 'GRAPE_VARIETY' as const, value: 'Cabernet franc', percent: 90 },
      { id: 2, type: 'GRAPE_VARIETY' as const, value: 'Cabernet sauvignon', percent: 10 },
      { id: 3, type: 'AGEING' as const, value: '12 mois en fût', percent: null },
    ];
    expect(grapeVarietiesLabel(features, 'PERCENT')).toBe(
      'Cabernet franc (90 %), Cabernet sauvignon (10 %)',
    );
    expect(
      grapeVarietiesLabel(
        features,
        settingsOf({ GRAPE_VARIETY_DISPLAY: 'NAME' }).grapeVarietyDisplay,
      ),
    ).toBe('Cabernet franc, Cabernet sauvignon');
    expect(grapeVarietiesLabel(features, 'HIDDEN')).toBeNull();
  });
});

describe('product paths', () => {
  it('writes /nos-vins/<slug>-<id> and reads the id back, whatever the slug', () => {
    expect(productPath({ id: 12, slug: 'anjou-blanc-les-schistes' })).toBe(
      '/nos-vins/anjou-blanc-les-schistes-12',
    );
    expect(productIdFromSegment('anjou-blanc-les-schistes-12')).toBe(12);
    expect(productIdFromSegment('ancien-nom-12')).toBe(12);
    expect(productIdFromSegment('12')).toBe(12);
    expect(productIdFromSegment('anjou-blanc')).toBeNull();
    expect(productIdFromSegment('cuvee-0')).toBeNull();
    expect(productIdFromSegment('cuvee-99999999999')).toBeNull();
  });
});

describe('the product display settings', () => {
  it('read the owner’s choices, and the first choice when unset or unknown', () => {
    expect(settingsOf({})).toMatchObject({
      display: 'GRID',
      pageStyle: 'PICTURE_LEFT',
      featuresStyle: 'TABLE',
      hideProductIcons: false,
    });
    expect(
      settingsOf({
        PRODUCT_DISPLAY: 'list',
        PRODUCT_PAGE_STYLE: 'STACKED',
        FEATURES_STYLE: 'MOSAIC',
        HIDE_PRODUCT_ICON: true,
      }),
    ).toMatchObject({
      display: 'LIST',
      pageStyle: 'STACKED',
      featuresStyle: 'TABLE',
      hideProductIcons: true,
    });
  });
});
