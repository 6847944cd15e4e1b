import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bottlePlaces,
  CARTON_SIZES,
  cartonPlaces,
  carrierPrice,
  packParcels,
  shippingZoneOf,
  type CartonSize,
  type CarrierGrid,
} from './parcels';
import type { ShippingLine } from './shipping-rules';

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
