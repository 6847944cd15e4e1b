import { describe, expect, it } from 'vitest';
import {
  alcoholMessages,
  DEFAULT_ALCOHOL_MESSAGE,
  FEATURE_LABELS,
  alcoholLabel,
  capacityLabel,
  declinationLabel,
  grapeVarietiesLabel,
  grapeVarietyDisplay,
  priceView,
  unitNoun,
} from './product-display';

/** Intl writes no-break spaces before € and %: compared with plain spaces here. */
const plain = (text: string | null | undefined) => text?.replace(/\s/g, ' ');

const declination = (overrides: Partial<Parameters<typeof priceView>[0]> = {}) => ({
  priceCents: 1250,
  fixedPriceCents: null,
  discountType: 'NONE' as const,
  discountAmount: 0,
  unitPriceCents: 1250,
  ...overrides,
});
const shown = { hidePrices: false, hideDiscountPercentage: false };

describe('priceView', () => {
  const discounted = declination({
    priceCents: 2000,
    discountType: 'PERCENT',
    discountAmount: 1000,
    unitPriceCents: 1800,
  });

  it('shows the price with two decimals, the catalogue price struck through and the percentage off', () => {
    const view = priceView(discounted, shown);
    expect(plain(view?.price)).toBe('18,00 €');
    expect(plain(view?.previousPrice)).toBe('20,00 €');
    expect(plain(view?.badge)).toBe('−10 %');
    expect(plain(priceView(declination(), shown)?.price)).toBe('12,50 €');
    expect(priceView(declination(), shown)?.previousPrice).toBeNull();
  });

  it('rounds the percentage of a euro discount to a whole number', () => {
    const euroOff = declination({
      priceCents: 790,
      discountType: 'EURO',
      discountAmount: 100,
      unitPriceCents: 690,
    });
    expect(plain(priceView(euroOff, shown)?.badge)).toBe('−13 %');
  });

  it('hides the percentage with HIDE_DISCOUNT_PERCENTAGE, and everything with HIDE_PRICES', () => {
    const withoutBadge = priceView(discounted, { ...shown, hideDiscountPercentage: true });
    expect(withoutBadge?.badge).toBeNull();
    expect(plain(withoutBadge?.previousPrice)).toBe('20,00 €');
    expect(priceView(discounted, { ...shown, hidePrices: true })).toBeNull();
  });

  it('never discounts a net price', () => {
    const net = declination({
      fixedPriceCents: 1500,
      discountType: 'PERCENT',
      discountAmount: 2000,
      unitPriceCents: 1500,
      priceCents: 1500,
    });
    expect(priceView(net, shown)).toMatchObject({ previousPrice: null, badge: null });
  });
});

describe('capacities, vintages and grape varieties', () => {
  it('names the bottle, the half bottle, the magnum and larger', () => {
    expect(capacityLabel({ capacity: 75, capacityUnit: 'CENTILITRE' })).toBe('Bouteille 75 cl');
    expect(capacityLabel({ capacity: 37.5, capacityUnit: 'CENTILITRE' })).toBe(
      'Demi-bouteille 37,5 cl',
    );
    expect(capacityLabel({ capacity: 1.5, capacityUnit: 'LITER' })).toBe('Magnum 1,5 L');
    expect(capacityLabel({ capacity: 3, capacityUnit: 'LITER' })).toBe('Grand format 3 L');
    expect(capacityLabel({ capacity: 20, capacityUnit: 'CENTILITRE' })).toBe('20 cl');
    expect(capacityLabel({ capacity: null, capacityUnit: null })).toBeNull();
    expect(declinationLabel({ year: 2020, capacity: 150, capacityUnit: 'CENTILITRE' })).toBe(
      '2020 · Magnum 150 cl',
    );
    expect(declinationLabel({ year: null, capacity: null, capacityUnit: null })).toBe(
      'Format unique',
    );
  });

  it('names a box as a carton of the bottles it holds', () => {
    const carton = { capacity: 4.5, capacityUnit: 'LITER' as const };
    expect(capacityLabel(carton, 'BOX')).toBe('Carton de 6 bouteilles');
    expect(capacityLabel({ capacity: 2.25, capacityUnit: 'LITER' }, 'BOX')).toBe(
      'Carton de 3 bouteilles',
    );
    expect(capacityLabel({ capacity: 75, capacityUnit: 'CENTILITRE' }, 'BOX')).toBe(
      'Carton de 1 bouteille',
    );
    expect(capacityLabel({ capacity: null, capacityUnit: null }, 'BOX')).toBeNull();
    expect(declinationLabel({ year: null, ...carton }, 'BOX')).toBe('Carton de 6 bouteilles');
    // The same capacity is a wine's large format.
    expect(capacityLabel(carton, 'WINE')).toBe('Grand format 4,5 L');
  });

  it('shows grape varieties with their share, by name only, or not at all', () => {
    const features = [
      { type: 'GRAPE_VARIETY' as const, value: 'Cabernet franc', percent: 90 },
      { type: 'GRAPE_VARIETY' as const, value: 'Cabernet sauvignon', percent: 10 },
      { type: 'AGEING' as const, value: '12 mois en fût', percent: null },
    ];
    expect(grapeVarietiesLabel(features, 'PERCENT')).toBe(
      'Cabernet franc (90 %), Cabernet sauvignon (10 %)',
    );
    expect(grapeVarietiesLabel(features, grapeVarietyDisplay('name'))).toBe(
      'Cabernet franc, Cabernet sauvignon',
    );
    expect(grapeVarietiesLabel(features, grapeVarietyDisplay('HIDDEN'))).toBeNull();
    expect(grapeVarietyDisplay(null)).toBe('PERCENT');
    expect(grapeVarietyDisplay('autre')).toBe('PERCENT');
    expect(grapeVarietiesLabel(features.slice(2), 'PERCENT')).toBeNull();
  });

  it('words the degree, the unit and the labels in French', () => {
    expect(alcoholLabel(125)).toBe('12,5 % vol.');
    expect(alcoholLabel(130)).toBe('13 % vol.');
    expect(unitNoun('WINE')).toBe('bouteilles');
    expect(unitNoun('BOX')).toBe('unités');
    expect(FEATURE_LABELS.SERVING_TEMPERATURE).toBe('Température de service');
    expect(alcoholMessages(false, () => 'x')).toBeNull();
    expect(alcoholMessages(true, () => null)).toEqual({
      health: DEFAULT_ALCOHOL_MESSAGE,
      ethylotest: null,
    });
    expect(
      alcoholMessages(true, (type) => (type === 'ETHYLOTEST_MESSAGE' ? 'Éthylotest' : null)),
    ).toEqual({ health: DEFAULT_ALCOHOL_MESSAGE, ethylotest: 'Éthylotest' });
    expect(DEFAULT_ALCOHOL_MESSAGE).toBe(
      "L'abus d'alcool est dangereux pour la santé, à consommer avec modération.",
    );
  });
});
