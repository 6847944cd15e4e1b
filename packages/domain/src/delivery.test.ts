import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedDeliveryTypes,
  type BottleCountLine,
  bottlePlaces,
  bottlesInBox,
  canShipTo,
  carrierFeeText,
  type CarrierGrid,
  carrierPrice,
  CARTON_SIZES,
  cartonPlaces,
  type CartonSize,
  cartTotalCents,
  chooseDeliveryType,
  countBottles,
  type DeliveryChoice,
  deliveryFeeLine,
  eurosToCents,
  expeditionProblems,
  FREE_SHIPPING_REACHED_MESSAGE,
  freeShippingMessage,
  isFreeShipping,
  isPostalCodeFormatOf,
  lineBottles,
  orderDeliveryType,
  packParcels,
  shippedBottles,
  shippingFeeCents,
  type ShippingLine,
  type ShippingParameters,
  shippingParametersOf,
  shippingZoneOf,
  STOREFRONT_DELIVERY_TYPES,
} from './delivery';
import { formatPrice } from './money';
import { readSiteParameters } from './site-parameters';

// ─── delivery ──────────────────────────────────────────────────────────────────────────────────

const home = { id: 1, deliveryType: 'DELIVERY' as const, fdpCents: 1290 };
const relay = { id: 3, deliveryType: 'PICKUP' as const, fdpCents: 690 };
const chosen: DeliveryChoice<string, string, number> = {
  type: 'delivery',
  carrier: home,
  city: 'Angers',
  shippingPrices: [1290, 690],
  accessPoint: 'RP-1',
};

describe('delivery types', () => {
  it('resets carrier, city, prices and access point when clickAndCollect is chosen', () => {
    expect(chooseDeliveryType(chosen, 'clickAndCollect')).toEqual({
      type: 'clickAndCollect',
      carrier: null,
      city: null,
      shippingPrices: [],
      accessPoint: null,
    });
  });

  it('keeps the city when going back to delivery, and drops the carrier for no_delivery', () => {
    expect(chooseDeliveryType(chosen, 'delivery')).toEqual(chosen);
    const none = chooseDeliveryType(chosen, 'no_delivery');
    expect(none.carrier).toBeNull();
    expect(none.city).toBe('Angers');
  });

  it('charges nothing for clickAndCollect and no_delivery, the carrier fdp for delivery', () => {
    expect(shippingFeeCents({ type: 'clickAndCollect', carrier: null })).toBe(0);
    expect(shippingFeeCents({ type: 'no_delivery', carrier: null })).toBe(0);
    expect(shippingFeeCents({ type: 'delivery', carrier: home })).toBe(1290);
    expect(shippingFeeCents({ type: 'delivery', carrier: null })).toBeNull();
  });

  it('adds the fee to the products only for delivery, and knows no total without a carrier', () => {
    expect(cartTotalCents(4500, { type: 'delivery', carrier: home })).toBe(5790);
    expect(cartTotalCents(4500, { type: 'clickAndCollect', carrier: null })).toBe(4500);
    expect(cartTotalCents(4500, { type: 'delivery', carrier: null })).toBeNull();
  });

  it('maps to the order payload types', () => {
    expect(orderDeliveryType({ type: 'delivery', carrier: home })).toBe('DELIVERY');
    expect(orderDeliveryType({ type: 'delivery', carrier: relay })).toBe('PICKUP');
    expect(orderDeliveryType({ type: 'clickAndCollect', carrier: null })).toBe('CLICK_AND_COLLECT');
    expect(orderDeliveryType({ type: 'no_delivery', carrier: null })).toBe('NO_DELIVERY');
    expect(orderDeliveryType({ type: 'delivery', carrier: null })).toBeNull();
  });

  it('offers only no_delivery to an all-dematerialized cart', () => {
    expect(allowedDeliveryTypes([{ isDematerialized: true }], true)).toEqual(['no_delivery']);
    expect(
      allowedDeliveryTypes([{ isDematerialized: true }, { isDematerialized: false }], true),
    ).toEqual(['delivery', 'clickAndCollect']);
    expect(allowedDeliveryTypes([{ isDematerialized: false }], false)).toEqual(['delivery']);
  });

  it('never leaves a fee after clickAndCollect, whatever came before (property)', () => {
    const carrier = fc.record({
      id: fc.nat(),
      deliveryType: fc.constantFrom('DELIVERY' as const, 'PICKUP' as const),
      fdpCents: fc.nat(100_000),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...STOREFRONT_DELIVERY_TYPES),
        fc.option(carrier, { nil: null }),
        fc.array(fc.constantFrom(...STOREFRONT_DELIVERY_TYPES), { maxLength: 5 }),
        fc.nat(1_000_000),
        (start, startCarrier, switches, products) => {
          let choice: DeliveryChoice = {
            type: start,
            carrier: startCarrier,
            city: 'x',
            shippingPrices: [1],
            accessPoint: null,
          };
          for (const type of switches) choice = chooseDeliveryType(choice, type);
          choice = chooseDeliveryType(choice, 'clickAndCollect');
          expect(shippingFeeCents(choice)).toBe(0);
          expect(cartTotalCents(products, choice)).toBe(products);
          expect(choice.carrier).toBeNull();
        },
      ),
    );
  });
});

// ─── postal code ───────────────────────────────────────────────────────────────────────────────

describe('postal code formats', () => {
  it.each([
    ['FRA', '49000', true],
    ['FRA', '4900', false],
    ['BEL', '1000', true],
    ['BEL', '10000', false],
    ['DEU', '10115', true],
    ['NLD', '1012 ab', true],
    ['GBR', 'SW1A 1AA', true],
    ['GBR', '12345', false],
    ['ESP', '28013', true],
    ['ESP', '99000', false],
    ['PRT', '1100-148', true],
    ['USA', '10001-1234', true],
    ['MCO', '98000', true],
    ['NZL', '6011', true],
    ['NZL', '!', false],
  ])('%s %s is %s', (country, code, expected) => {
    expect(isPostalCodeFormatOf(country, code)).toBe(expected);
  });
});

// ─── bottle count ──────────────────────────────────────────────────────────────────────────────

const bottle = (
  quantity: number,
  capacity: number,
  unit: 'LITER' | 'CENTILITRE',
): BottleCountLine => ({
  type: 'WINE',
  quantity,
  capacity,
  capacityUnit: unit,
  sellByMultipleOf: 1,
});

describe('countBottles', () => {
  it('counts a 75 cl bottle and a magnum as one bottle each', () => {
    expect(countBottles([bottle(6, 75, 'CENTILITRE'), bottle(2, 1.5, 'LITER')])).toBe(8);
    expect(countBottles([bottle(1, 0.75, 'LITER')])).toBe(1);
  });

  it('counts a wine under 0.75 L as half a bottle, in litres or centilitres', () => {
    expect(lineBottles(bottle(3, 37.5, 'CENTILITRE'))).toBe(1.5);
    expect(lineBottles(bottle(2, 0.5, 'LITER'))).toBe(1);
  });

  it('multiplies a box by its sales multiple', () => {
    expect(
      countBottles([
        { type: 'BOX', quantity: 2, capacity: null, capacityUnit: null, sellByMultipleOf: 6 },
      ]),
    ).toBe(12);
  });

  it('counts the bottles a box holds from its capacity, one box at a time', () => {
    // A carton of six 75 cl bottles (4,5 L) and a three-bottle box (2,25 L), sold one by one:
    // two cartons reach the 12 bottles of free shipping.
    const carton = (quantity: number, capacity: number) => ({
      type: 'BOX' as const,
      quantity,
      capacity,
      capacityUnit: 'LITER' as const,
      sellByMultipleOf: 1,
    });
    expect(lineBottles(carton(1, 4.5))).toBe(6);
    expect(countBottles([carton(2, 4.5)])).toBe(12);
    expect(countBottles([carton(1, 2.25), carton(1, 4.5)])).toBe(9);
    expect(bottlesInBox(450, 'CENTILITRE')).toBe(6);
    // A box smaller than a bottle still holds one; a box of unknown capacity counts one.
    expect(bottlesInBox(0.5, 'LITER')).toBe(1);
    expect(bottlesInBox(null, null)).toBe(1);
  });

  it('does not count tickets and accessories, and counts a wine of unknown capacity as one', () => {
    expect(
      countBottles([
        { type: 'OTHER', quantity: 4, capacity: null, capacityUnit: null, sellByMultipleOf: 1 },
        { type: 'WINE', quantity: 2, capacity: null, capacityUnit: null, sellByMultipleOf: 1 },
      ]),
    ).toBe(2);
  });

  it('rounds the total down, once', () => {
    expect(countBottles([bottle(1, 37.5, 'CENTILITRE')])).toBe(0);
    expect(countBottles([bottle(1, 37.5, 'CENTILITRE'), bottle(1, 37.5, 'CENTILITRE')])).toBe(1);
    expect(countBottles([bottle(3, 37.5, 'CENTILITRE'), bottle(1, 75, 'CENTILITRE')])).toBe(2);
  });

  it('is the floor of the sum of the lines, whatever their order', () => {
    const line = fc.record({
      type: fc.constantFrom('WINE' as const, 'BOX' as const, 'OTHER' as const),
      quantity: fc.integer({ min: 0, max: 200 }),
      capacity: fc.option(fc.constantFrom(37.5, 50, 75, 150, 0.375, 0.75, 1.5)),
      capacityUnit: fc.option(fc.constantFrom('LITER' as const, 'CENTILITRE' as const)),
      sellByMultipleOf: fc.integer({ min: 1, max: 12 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (lines) => {
        const total = countBottles(lines);
        const exact = lines.reduce((sum, each) => sum + lineBottles(each), 0);
        expect(total).toBe(Math.floor(exact));
        expect(countBottles([...lines].reverse())).toBe(total);
        expect(Number.isInteger(total)).toBe(true);
      }),
    );
  });
});

// ─── shipping rules ────────────────────────────────────────────────────────────────────────────

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

// ─── parcels ───────────────────────────────────────────────────────────────────────────────────

/** A home-delivery grid as a French carrier prices wine cartons (cents). */
const grid: CarrierGrid = {
  FRANCE_METRO: { 1: 990, 2: 1290, 3: 1490, 6: 1990, 12: 2890 },
  CORSICA: { 1: 1590, 2: 1990, 3: 2290, 6: 3190, 12: 4590 },
  EUROPE: { 1: 2490, 6: 4990, 12: 7490 },
};

const line = (
  quantity: number,
  capacity: number | null,
  extra: Partial<ShippingLine> = {},
): ShippingLine => ({
  type: 'WINE',
  quantity,
  capacity,
  capacityUnit: capacity === null ? null : 'LITER',
  sellByMultipleOf: 1,
  isDematerialized: false,
  hasShippingFees: true,
  ...extra,
});

describe('zones', () => {
  it('tells Corsica, metropolitan France, Europe and the world apart', () => {
    expect(shippingZoneOf('FRA', '49000')).toBe('FRANCE_METRO');
    expect(shippingZoneOf('FRA', '20000')).toBe('CORSICA');
    expect(shippingZoneOf('FRA', '20200')).toBe('CORSICA');
    expect(shippingZoneOf('FRA', '97400')).toBe('WORLD');
    expect(shippingZoneOf('MCO', '98000')).toBe('FRANCE_METRO');
    expect(shippingZoneOf('BEL', '1000')).toBe('EUROPE');
    expect(shippingZoneOf('CHE', '1200')).toBe('EUROPE');
    expect(shippingZoneOf('USA', '10001')).toBe('WORLD');
  });
});

describe('bottle places', () => {
  it('counts a magnum double and a jeroboam four times, a half bottle once', () => {
    expect(bottlePlaces(0.375)).toBe(1);
    expect(bottlePlaces(0.75)).toBe(1);
    expect(bottlePlaces(1.5)).toBe(2);
    expect(bottlePlaces(3)).toBe(4);
    expect(bottlePlaces(null)).toBe(1);
  });

  it('fills places with wines and boxes, never with dematerialized or fee-free products', () => {
    expect(
      cartonPlaces([
        line(6, 0.75),
        line(2, 1.5),
        line(1, 0.75, { type: 'BOX', sellByMultipleOf: 6 }),
        line(1, null, { type: 'OTHER' }),
        line(3, 0.75, { isDematerialized: true }),
        line(3, 0.75, { hasShippingFees: false }),
      ]),
    ).toBe(6 + 4 + 6);
  });
});

describe('packing and grids', () => {
  it('charges 13 bottles a 12 carton plus a 1 carton, not a flat rate', () => {
    expect(carrierPrice(grid, 'FRANCE_METRO', 13)).toEqual({
      cartons: [12, 1],
      priceCents: 2890 + 990,
    });
    expect(carrierPrice(grid, 'FRANCE_METRO', 12)).toEqual({ cartons: [12], priceCents: 2890 });
    expect(carrierPrice(grid, 'FRANCE_METRO', 6)).toEqual({ cartons: [6], priceCents: 1990 });
  });

  it('prices by zone, and does not serve a zone without a grid', () => {
    expect(carrierPrice(grid, 'CORSICA', 6)?.priceCents).toBe(3190);
    expect(carrierPrice(grid, 'WORLD', 6)).toBeNull();
  });

  it('ships 11 bottles in a 12 carton when that is cheaper than 6 + 3 + 2', () => {
    expect(carrierPrice(grid, 'FRANCE_METRO', 11)).toEqual({ cartons: [12], priceCents: 2890 });
    // Europe has no 2 or 3 carton: 4 bottles travel in a 6.
    expect(carrierPrice(grid, 'EUROPE', 4)).toEqual({ cartons: [6], priceCents: 4990 });
  });

  it('ships nothing for nothing', () => {
    expect(packParcels(0, grid.FRANCE_METRO!)).toEqual({ cartons: [], priceCents: 0 });
    expect(packParcels(3, {})).toBeNull();
  });

  const prices = fc
    .uniqueArray(fc.constantFrom(...CARTON_SIZES), { minLength: 1 })
    .chain((sizes) =>
      fc.tuple(
        ...sizes.map((size) => fc.tuple(fc.constant(size), fc.integer({ min: 1, max: 10_000 }))),
      ),
    )
    .map((pairs) => Object.fromEntries(pairs) as Partial<Record<CartonSize, number>>);

  it('packs every place, prices the cartons it lists, and never costs more for fewer bottles (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), prices, (places, zonePrices) => {
        const packing = packParcels(places, zonePrices)!;
        const capacity = packing.cartons.reduce((sum, size) => sum + size, 0);
        expect(capacity).toBeGreaterThanOrEqual(places);
        expect(packing.priceCents).toBe(
          packing.cartons.reduce((sum, size) => sum + zonePrices[size]!, 0),
        );
        // No carton could be dropped: each one is needed.
        for (const size of packing.cartons) expect(capacity - size).toBeLessThan(places);
        expect(packParcels(places - 1, zonePrices)!.priceCents).toBeLessThanOrEqual(
          packing.priceCents,
        );
      }),
    );
  });

  it('is never dearer than filling the largest cartons first (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        prices,
        fc.integer({ min: 1, max: 10_000 }),
        (places, zonePrices, single) => {
          const withSingles = { ...zonePrices, 1: zonePrices[1] ?? single };
          const sizes = CARTON_SIZES.filter((size) => withSingles[size] !== undefined).sort(
            (a, b) => b - a,
          );
          let left = places;
          let greedy = 0;
          for (const size of sizes) {
            greedy += Math.floor(left / size) * withSingles[size]!;
            left %= size;
          }
          expect(left).toBe(0);
          expect(packParcels(places, withSingles)!.priceCents).toBeLessThanOrEqual(greedy);
        },
      ),
    );
  });
});

// ─── delivery fee line ─────────────────────────────────────────────────────────────────────────

describe('deliveryFeeLine', () => {
  it('writes a carrier’s fee, free as « Offerts », not yet chosen as « À choisir »', () => {
    expect(deliveryFeeLine('DELIVERY', 990)).toEqual({
      label: 'Frais de livraison',
      value: formatPrice(990),
    });
    expect(deliveryFeeLine('PICKUP', 0)).toEqual({
      label: 'Frais de livraison',
      value: 'Offerts',
    });
    expect(deliveryFeeLine('delivery', null)).toEqual({
      label: 'Frais de livraison',
      value: 'À choisir',
    });
    expect(carrierFeeText(0)).toBe('Offerts');
  });

  it('says a pick-up at the shop is free, not that a delivery fee is offered', () => {
    expect(deliveryFeeLine('CLICK_AND_COLLECT', 0)).toEqual({
      label: 'Retrait sur place',
      value: 'Gratuit',
    });
    expect(deliveryFeeLine('clickAndCollect', 0)).toEqual({
      label: 'Retrait sur place',
      value: 'Gratuit',
    });
  });

  it('has no line for an order with nothing to deliver', () => {
    expect(deliveryFeeLine('NO_DELIVERY', 0)).toBeNull();
    expect(deliveryFeeLine('no_delivery', 0)).toBeNull();
  });
});
