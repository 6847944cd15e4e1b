import { capacityInLitres } from './catalogue';
import { FULL_BOTTLE_LITRES } from './bottle-count';
import type { ShippingLine } from './shipping-rules';
import { shippedLines } from './shipping-rules';

/*
 * Parcels and carrier price grids (issue 9): bottles are packed into the carriers' standard
 * cartons, and a carrier prices each carton by destination zone and carton size, so that 13
 * bottles cost a 12-bottle carton plus a 1-bottle one, as a real carrier would charge them.
 */

/** The standard wine cartons, in bottle places. */
export const CARTON_SIZES = [1, 2, 3, 6, 12] as const;
export type CartonSize = (typeof CARTON_SIZES)[number];

export const SHIPPING_ZONES = ['FRANCE_METRO', 'CORSICA', 'EUROPE', 'WORLD'] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

export const SHIPPING_ZONE_LABELS: Record<ShippingZone, string> = {
  FRANCE_METRO: 'France métropolitaine',
  CORSICA: 'Corse',
  EUROPE: 'Europe',
  WORLD: 'Monde',
};

/** Europe for the carriers: the European Union (France aside) and its neighbours. */
const EUROPE = new Set([
  'AUT',
  'BEL',
  'BGR',
  'HRV',
  'CYP',
  'CZE',
  'DNK',
  'EST',
  'FIN',
  'DEU',
  'GRC',
  'HUN',
  'IRL',
  'ITA',
  'LVA',
  'LTU',
  'LUX',
  'MLT',
  'NLD',
  'POL',
  'PRT',
  'ROU',
  'SVK',
  'SVN',
  'ESP',
  'SWE',
  'CHE',
  'GBR',
  'NOR',
  'ISL',
  'LIE',
  'AND',
  'SMR',
  'VAT',
]);

/**
 * The carriers' zone of a destination: Corsica by its postal codes (20xxx), metropolitan France
 * and Monaco (which French carriers serve as France), Europe, and the world, where the overseas
 * departments and territories (97xxx, 98xxx) also go: carriers charge them as export.
 */
export function shippingZoneOf(countryAlpha3: string, postalCode: string): ShippingZone {
  const code = postalCode.trim();
  if (countryAlpha3 === 'FRA') {
    if (code.startsWith('20')) return 'CORSICA';
    if (code.startsWith('97') || code.startsWith('98')) return 'WORLD';
    return 'FRANCE_METRO';
  }
  if (countryAlpha3 === 'MCO') return 'FRANCE_METRO';
  return EUROPE.has(countryAlpha3) ? 'EUROPE' : 'WORLD';
}

/** A magnum (1.5 L) takes two bottle places, a jeroboam (3 L) four; a half bottle one. */
export function bottlePlaces(capacityLitres: number | null): number {
  if (capacityLitres === null || capacityLitres <= FULL_BOTTLE_LITRES) return 1;
  return Math.ceil(capacityLitres / FULL_BOTTLE_LITRES - 1e-9);
}

/**
 * The bottle places a cart fills: each bottle of a wine by its capacity, each bottle of a box
 * (quantity × sellByMultipleOf) the same way; other products, dematerialized products and
 * products without shipping fees none.
 */
export function cartonPlaces(lines: readonly ShippingLine[]): number {
  let places = 0;
  for (const line of shippedLines(lines)) {
    const litres =
      line.capacity === null || line.capacityUnit === null
        ? null
        : capacityInLitres(line.capacity, line.capacityUnit);
    if (line.type === 'WINE') places += line.quantity * bottlePlaces(litres);
    else if (line.type === 'BOX')
      places += line.quantity * line.sellByMultipleOf * bottlePlaces(litres);
  }
  return places;
}

/** A carrier's prices: per zone it serves, the price in cents of each carton size it takes. */
export type CarrierGrid = Partial<Record<ShippingZone, Partial<Record<CartonSize, number>>>>;

export interface Packing {
  /** The cartons, largest first. */
  cartons: CartonSize[];
  priceCents: number;
}

/**
 * The cheapest way to ship `places` bottle places with a zone's carton prices: a carton may leave
 * places empty (11 bottles travel in a 12-bottle carton when that is cheaper than 6 + 3 + 2).
 * Null when the zone has no carton price. Zero places ship for nothing.
 */
export function packParcels(
  places: number,
  prices: Partial<Record<CartonSize, number>>,
): Packing | null {
  const offered = CARTON_SIZES.filter((size) => prices[size] !== undefined).sort((a, b) => b - a);
  if (offered.length === 0) return null;
  if (places <= 0) return { cartons: [], priceCents: 0 };
  // cost[n]: the cheapest price for n places; pick[n]: the carton that starts it.
  const cost = new Array<number>(places + 1).fill(Infinity);
  const pick = new Array<CartonSize>(places + 1);
  cost[0] = 0;
  for (let n = 1; n <= places; n += 1) {
    for (const size of offered) {
      const candidate = prices[size]! + cost[Math.max(0, n - size)]!;
      if (candidate < cost[n]!) {
        cost[n] = candidate;
        pick[n] = size;
      }
    }
  }
  const cartons: CartonSize[] = [];
  for (let n = places; n > 0; n = Math.max(0, n - pick[n]!)) cartons.push(pick[n]!);
  cartons.sort((a, b) => b - a);
  return { cartons, priceCents: cost[places]! };
}

/** A carrier's price for a cart's places to a zone, or null when it does not serve the zone. */
export function carrierPrice(
  grid: CarrierGrid,
  zone: ShippingZone,
  places: number,
): Packing | null {
  const prices = grid[zone];
  return prices === undefined ? null : packParcels(places, prices);
}
