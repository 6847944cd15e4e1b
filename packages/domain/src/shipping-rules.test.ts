import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from './money';
import { readSiteParameters } from './site-parameters';
import {
  canShipTo,
  eurosToCents,
  expeditionProblems,
  FREE_SHIPPING_REACHED_MESSAGE,
  freeShippingMessage,
  isFreeShipping,
  shippedBottles,
  shippingParametersOf,
  type ShippingLine,
  type ShippingParameters,
} from './shipping-rules';

const none: ShippingParameters = {
  bottleMultiple: null,
  minimumExpeditionBottle: null,
  maximumExpeditionBottle: null,
  freeShippingBottle: null,
  freeShippingPriceCents: null,
  sellsWorldwide: false,
  shippingMessage: null,
};

const wine = (
  quantity: number,
  capacityCl = 75,
  extra: Partial<ShippingLine> = {},
): ShippingLine => ({
  type: 'WINE',
  quantity,
  capacity: capacityCl,
  capacityUnit: 'CENTILITRE',
  sellByMultipleOf: 1,
  isDematerialized: false,
  hasShippingFees: true,
  ...extra,
});

describe('shipping parameters', () => {
  it('reads the shop parameters, FREE_SHIPPING_PRICE from euros to cents', () => {
    const parameters = shippingParametersOf(
      readSiteParameters([
        { type: 'FREE_SHIPPING_PRICE', value: 149.9 },
        { type: 'FREE_SHIPPING_BOTTLE', value: 12 },
        { type: 'MINIMUM_EXPEDITION_BOTTLE', value: 6 },
        { type: 'MAXIMUM_EXPEDITION_BOTTLE', value: 0 },
        { type: 'BOTTLE_MULTIPLE', value: 2.5 },
        { type: 'SELLS_WORLDWIDE', value: true },
        { type: 'SHIPPING_MESSAGE', value: '  Expédition sous 48 h ' },
      ]),
    );
    expect(parameters).toEqual({
      bottleMultiple: null,
      minimumExpeditionBottle: 6,
      maximumExpeditionBottle: null,
      freeShippingBottle: 12,
      freeShippingPriceCents: 14990,
      sellsWorldwide: true,
      shippingMessage: 'Expédition sous 48 h',
    });
  });

  it('converts euros to whole cents without floating-point drift', () => {
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(0)).toBeNull();
    expect(eurosToCents(null)).toBeNull();
  });

  it('leaves dematerialized products and products without shipping fees out of the count', () => {
    expect(
      shippedBottles([
        wine(6),
        wine(3, 37.5),
        wine(4, 75, { isDematerialized: true }),
        wine(2, 75, { hasShippingFees: false }),
      ]),
    ).toBe(7);
  });
});

describe('expedition rules', () => {
  it('says the minimum, the maximum and the multiple in French', () => {
    expect(expeditionProblems(4, { ...none, minimumExpeditionBottle: 6 })).toEqual([
      'Commande minimum : 6 bouteilles',
    ]);
    expect(expeditionProblems(1, { ...none, minimumExpeditionBottle: 1 })).toEqual([]);
    expect(expeditionProblems(40, { ...none, maximumExpeditionBottle: 36 })).toEqual([
      'Commande maximum : 36 bouteilles par expédition',
    ]);
    expect(expeditionProblems(7, { ...none, bottleMultiple: 6 })).toEqual([
      'Nos vins s’expédient par 6 bouteilles : ajoutez-en encore 5.',
    ]);
    expect(
      expeditionProblems(12, { ...none, bottleMultiple: 6, minimumExpeditionBottle: 6 }),
    ).toEqual([]);
  });

  it('ships to France and Monaco only unless the site sells worldwide', () => {
    expect(canShipTo('FRA', none)).toBe(true);
    expect(canShipTo('MCO', none)).toBe(true);
    expect(canShipTo('BEL', none)).toBe(false);
    expect(canShipTo('BEL', { ...none, sellsWorldwide: true })).toBe(true);
  });

  it('accepts exactly the counts inside the bounds that fit the multiple (property)', () => {
    fc.assert(
      fc.property(
        fc.nat(200),
        fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
        (count, minimum, maximum, multiple) => {
          const parameters = {
            ...none,
            minimumExpeditionBottle: minimum,
            maximumExpeditionBottle: maximum,
            bottleMultiple: multiple,
          };
          const fits =
            (minimum === null || count >= minimum) &&
            (maximum === null || count <= maximum) &&
            (multiple === null || count % multiple === 0);
          expect(expeditionProblems(count, parameters).length === 0).toBe(fits);
        },
      ),
    );
  });
});

describe('free shipping', () => {
  const thresholds = { ...none, freeShippingBottle: 12, freeShippingPriceCents: 15000 };

  it('is free from either threshold', () => {
    expect(isFreeShipping(12, 0, thresholds)).toBe(true);
    expect(isFreeShipping(11, 15000, thresholds)).toBe(true);
    expect(isFreeShipping(11, 14999, thresholds)).toBe(false);
    expect(isFreeShipping(1000, 1_000_000, none)).toBe(false);
  });

  it('tells what is missing, or that it is reached', () => {
    expect(freeShippingMessage(9, 10000, thresholds)).toBe(
      `Plus que 3 bouteilles ou ${formatPrice(5000)} d’achats pour la livraison offerte.`,
    );
    expect(freeShippingMessage(11, 0, { ...none, freeShippingBottle: 12 })).toBe(
      'Plus que 1 bouteille pour la livraison offerte.',
    );
    expect(freeShippingMessage(12, 0, thresholds)).toBe(FREE_SHIPPING_REACHED_MESSAGE);
    expect(freeShippingMessage(12, 0, none)).toBeNull();
  });

  it('stays free once reached when bottles or money are added (property)', () => {
    fc.assert(
      fc.property(
        fc.nat(50),
        fc.nat(50_000),
        fc.nat(10),
        fc.nat(10_000),
        (bottles, cents, more, moreCents) => {
          if (isFreeShipping(bottles, cents, thresholds)) {
            expect(isFreeShipping(bottles + more, cents + moreCents, thresholds)).toBe(true);
          }
        },
      ),
    );
  });
});
