import { capacityInLitres, type CapacityUnit, type ProductType } from './catalogue';
import { formatPrice } from './money';
import type { SiteParameterReader } from './site-parameters';

/*
 * The delivery's rules, one file by feature (decision 0105): the delivery types, postal code
 * formats, how bottles are counted, the site's shipping rules (minimum, multiples, free
 * shipping), parcels and their carrier price, and the line a recap shows for the fee. Each part
 * keeps its named functions; delivery.test.ts tests them part by part in the same order.
 */

// ─── delivery ──────────────────────────────────────────────────────────────────────────────────

/*
 * How the customer gets the order (docs/requirements/delivery.md): the storefront's three delivery types, the order
 * payload's four, and what choosing one does to the carrier, the fee and the total.
 */

export const STOREFRONT_DELIVERY_TYPES = ['delivery', 'clickAndCollect', 'no_delivery'] as const;
export type StorefrontDeliveryType = (typeof STOREFRONT_DELIVERY_TYPES)[number];

/** The order payload's delivery.type (docs/requirements/order.md). */
export const ORDER_DELIVERY_TYPES = [
  'PICKUP',
  'DELIVERY',
  'CLICK_AND_COLLECT',
  'NO_DELIVERY',
] as const;
export type OrderDeliveryType = (typeof ORDER_DELIVERY_TYPES)[number];

/** A carrier's kind of service (docs/requirements/delivery.md): to the door, or to a relay point. */
export const CARRIER_DELIVERY_TYPES = ['DELIVERY', 'PICKUP'] as const;
export type CarrierDeliveryType = (typeof CARRIER_DELIVERY_TYPES)[number];

/** The carrier part of a delivery choice: what the fee and the order need of it. */
export interface ChosenCarrier {
  id: number;
  deliveryType: CarrierDeliveryType;
  /** What the customer pays for it, in cents (the spec's fdp). */
  fdpCents: number;
}

/** The delivery choices the storefront keeps (docs/requirements/delivery.md), reduced to what the rules read. */
export interface DeliveryChoice<City = unknown, AccessPoint = unknown, Price = unknown> {
  type: StorefrontDeliveryType;
  carrier: ChosenCarrier | null;
  city: City | null;
  /** The carriers and prices last quoted for the cart. */
  shippingPrices: readonly Price[];
  accessPoint: AccessPoint | null;
}

/**
 * Switching the delivery type. Choosing clickAndCollect resets the carrier, the city, the quoted
 * shipping prices and the access point (docs/requirements/delivery.md); no_delivery has no carrier either. Choosing
 * delivery keeps what was chosen before, so that going back and forth keeps the city.
 */
export function chooseDeliveryType<C, A, P>(
  choice: DeliveryChoice<C, A, P>,
  type: StorefrontDeliveryType,
): DeliveryChoice<C, A, P> {
  switch (type) {
    case 'clickAndCollect':
      return { type, carrier: null, city: null, shippingPrices: [], accessPoint: null };
    case 'no_delivery':
      return { ...choice, type, carrier: null, accessPoint: null };
    case 'delivery':
      return { ...choice, type };
  }
}

/**
 * The shipping fee in cents (docs/requirements/delivery.md): 0 for clickAndCollect and no_delivery; for delivery the
 * chosen carrier's fdp, and null (unknown) until a carrier is chosen.
 */
export function shippingFeeCents(choice: Pick<DeliveryChoice, 'type' | 'carrier'>): number | null {
  if (choice.type !== 'delivery') return 0;
  return choice.carrier === null ? null : choice.carrier.fdpCents;
}

/**
 * The cart total (docs/requirements/delivery.md): the products, plus the fee for delivery. While a delivery has no
 * carrier the fee is unknown, and so is the total (null): the storefront shows the products only.
 */
export function cartTotalCents(
  productsCents: number,
  choice: Pick<DeliveryChoice, 'type' | 'carrier'>,
): number | null {
  const fee = shippingFeeCents(choice);
  return fee === null ? null : productsCents + fee;
}

/**
 * The order payload's delivery type: a delivery to a relay point (a PICKUP carrier) is PICKUP, to
 * the door DELIVERY; clickAndCollect is CLICK_AND_COLLECT and no_delivery NO_DELIVERY. A delivery
 * without a carrier cannot be ordered: null.
 */
export function orderDeliveryType(
  choice: Pick<DeliveryChoice, 'type' | 'carrier'>,
): OrderDeliveryType | null {
  switch (choice.type) {
    case 'clickAndCollect':
      return 'CLICK_AND_COLLECT';
    case 'no_delivery':
      return 'NO_DELIVERY';
    case 'delivery':
      return choice.carrier === null ? null : choice.carrier.deliveryType;
  }
}

/**
 * The delivery types a cart may use: a cart whose products are all dematerialized (tickets,
 * vouchers) has nothing to ship and is no_delivery only; any other cart chooses between delivery
 * and clickAndCollect (when the site has a click-and-collect address).
 */
export function allowedDeliveryTypes(
  lines: readonly { isDematerialized: boolean }[],
  hasClickAndCollect: boolean,
): StorefrontDeliveryType[] {
  if (lines.length > 0 && lines.every((line) => line.isDematerialized)) return ['no_delivery'];
  return hasClickAndCollect ? ['delivery', 'clickAndCollect'] : ['delivery'];
}

// ─── postal code ───────────────────────────────────────────────────────────────────────────────

/*
 * Postal code formats by country (ISO 3166 alpha-3), from the national postal services'
 * published formats: a code that cannot exist in the country is refused before any carrier is
 * asked. France is checked further, against the list of its communes' codes (API, cities).
 */

const FORMATS: Readonly<Record<string, RegExp>> = {
  AND: /^AD\d{3}$/,
  AUS: /^\d{4}$/,
  AUT: /^\d{4}$/,
  BEL: /^\d{4}$/,
  BGR: /^\d{4}$/,
  BRA: /^\d{5}-?\d{3}$/,
  CAN: /^[ABCEGHJ-NPRSTVXY]\d[A-Z] ?\d[A-Z]\d$/,
  CHE: /^\d{4}$/,
  CHN: /^\d{6}$/,
  CYP: /^\d{4}$/,
  CZE: /^\d{3} ?\d{2}$/,
  DEU: /^\d{5}$/,
  DNK: /^\d{4}$/,
  ESP: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  EST: /^\d{5}$/,
  FIN: /^\d{5}$/,
  FRA: /^\d{5}$/,
  GBR: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  GRC: /^\d{3} ?\d{2}$/,
  HRV: /^\d{5}$/,
  HUN: /^\d{4}$/,
  IRL: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/,
  ISL: /^\d{3}$/,
  ITA: /^\d{5}$/,
  JPN: /^\d{3}-?\d{4}$/,
  LIE: /^94(?:8[5-9]|9[0-8])$/,
  LTU: /^(?:LT-?)?\d{5}$/,
  LUX: /^(?:L-?)?\d{4}$/,
  LVA: /^(?:LV-?)?\d{4}$/,
  MCO: /^980\d{2}$/,
  MLT: /^[A-Z]{3} ?\d{4}$/,
  NLD: /^\d{4} ?[A-Z]{2}$/,
  NOR: /^\d{4}$/,
  POL: /^\d{2}-?\d{3}$/,
  PRT: /^\d{4}-?\d{3}$/,
  ROU: /^\d{6}$/,
  SMR: /^4789\d$/,
  SVK: /^\d{3} ?\d{2}$/,
  SVN: /^(?:SI-?)?\d{4}$/,
  SWE: /^\d{3} ?\d{2}$/,
  USA: /^\d{5}(?:-\d{4})?$/,
  VAT: /^00120$/,
};

/** Any other country: letters, digits, spaces and hyphens, 2 to 10 of them. */
const GENERIC = /^[A-Z\d][A-Z\d -]{0,8}[A-Z\d]$/;

/** Whether a postal code can exist in a country, by the country's format (case ignored). */
export function isPostalCodeFormatOf(countryAlpha3: string, postalCode: string): boolean {
  const code = postalCode.trim().toUpperCase();
  return (FORMATS[countryAlpha3] ?? GENERIC).test(code);
}

// ─── bottle count ──────────────────────────────────────────────────────────────────────────────

/** Below this capacity a wine counts as half a bottle (docs/requirements/delivery.md). */
export const FULL_BOTTLE_LITRES = 0.75;

export interface BottleCountLine {
  type: ProductType;
  quantity: number;
  capacity: number | null;
  capacityUnit: CapacityUnit | null;
  sellByMultipleOf: number;
}

/**
 * The 75 cl bottles a box holds, from its capacity (a carton of 4,5 L holds six); one when its
 * capacity is unknown. A box is sold one at a time and its capacity is the whole box's
 * (decision 0085), as the parcels count it.
 */
export function bottlesInBox(capacity: number | null, capacityUnit: CapacityUnit | null): number {
  if (capacity === null || capacityUnit === null) return 1;
  return Math.max(1, Math.round(capacityInLitres(capacity, capacityUnit) / FULL_BOTTLE_LITRES));
}

/**
 * How many bottles a cart line weighs for free shipping (docs/requirements/delivery.md): a wine under 0.75 L counts
 * half per unit, a wine of 0.75 L or more (or of unknown capacity) one; a box counts its quantity
 * times sellByMultipleOf times the bottles it holds (decision 0085); anything else (a ticket, an
 * accessory) none.
 */
export function lineBottles(line: BottleCountLine): number {
  switch (line.type) {
    case 'WINE': {
      const isHalf =
        line.capacity !== null &&
        line.capacityUnit !== null &&
        capacityInLitres(line.capacity, line.capacityUnit) < FULL_BOTTLE_LITRES;
      return line.quantity * (isHalf ? 0.5 : 1);
    }
    case 'BOX':
      return line.quantity * line.sellByMultipleOf * bottlesInBox(line.capacity, line.capacityUnit);
    case 'OTHER':
      return 0;
  }
}

/** The cart's bottle count for free shipping, rounded down once on the total (docs/requirements/delivery.md). */
export function countBottles(lines: readonly BottleCountLine[]): number {
  return Math.floor(lines.reduce((total, line) => total + lineBottles(line), 0));
}

// ─── shipping rules ────────────────────────────────────────────────────────────────────────────

/*
 * The shop parameters that decide whether a cart can be shipped, and whether the shipping is
 * free (docs/requirements/site-parameters.md, docs/requirements/delivery.md). Money-valued parameters are entered in euros by the owner
 * and computed in cents here.
 */

/** A cart line as the shipping rules read it (the cart's line, from the catalogue). */
export interface ShippingLine extends BottleCountLine {
  isDematerialized: boolean;
  hasShippingFees: boolean;
}

export interface ShippingParameters {
  /** Bottles ship by this multiple (BOTTLE_MULTIPLE), or null. */
  bottleMultiple: number | null;
  minimumExpeditionBottle: number | null;
  maximumExpeditionBottle: number | null;
  /** Shipping is free from this many bottles (FREE_SHIPPING_BOTTLE), or null. */
  freeShippingBottle: number | null;
  /** Shipping is free from this product total, in cents (FREE_SHIPPING_PRICE, entered in euros). */
  freeShippingPriceCents: number | null;
  /** SELLS_WORLDWIDE: false (the default) ships to France only. */
  sellsWorldwide: boolean;
  /** SHIPPING_MESSAGE, shown beside the carriers. */
  shippingMessage: string | null;
}

/** A positive whole number of bottles, or null for anything else (unset, 0, negative, 2.5). */
function bottleSetting(value: number | null): number | null {
  return value !== null && Number.isInteger(value) && value > 0 ? value : null;
}

/** Euros as the owner typed them (49.9) to cents (4990); null when unset or not positive. */
export function eurosToCents(euros: number | null): number | null {
  if (euros === null || !Number.isFinite(euros) || euros <= 0) return null;
  return Math.round(euros * 100);
}

/** The shipping parameters from a site's parameter reader (site-parameters' readSiteParameters). */
export function shippingParametersOf(
  reader: Pick<SiteParameterReader, 'number' | 'flag' | 'text'>,
): ShippingParameters {
  return {
    bottleMultiple: bottleSetting(reader.number('BOTTLE_MULTIPLE')),
    minimumExpeditionBottle: bottleSetting(reader.number('MINIMUM_EXPEDITION_BOTTLE')),
    maximumExpeditionBottle: bottleSetting(reader.number('MAXIMUM_EXPEDITION_BOTTLE')),
    freeShippingBottle: bottleSetting(reader.number('FREE_SHIPPING_BOTTLE')),
    freeShippingPriceCents: eurosToCents(reader.number('FREE_SHIPPING_PRICE')),
    sellsWorldwide: reader.flag('SELLS_WORLDWIDE'),
    shippingMessage: reader.text('SHIPPING_MESSAGE'),
  };
}

/** Dematerialized products and products without shipping fees never count for shipping. */
export function shippedLines<L extends ShippingLine>(lines: readonly L[]): L[] {
  return lines.filter((line) => !line.isDematerialized && line.hasShippingFees);
}

/** The bottles that ship, counted as for free shipping (docs/requirements/delivery.md, bottle-count). */
export function shippedBottles(lines: readonly ShippingLine[]): number {
  return countBottles(shippedLines(lines));
}

const bottles = (count: number) => `${count} bouteille${count > 1 ? 's' : ''}`;

export const minimumExpeditionMessage = (minimum: number) =>
  `Commande minimum : ${bottles(minimum)}`;
export const maximumExpeditionMessage = (maximum: number) =>
  `Commande maximum : ${bottles(maximum)} par expédition`;
export const bottleMultipleMessage = (multiple: number, missing: number) =>
  `Nos vins s’expédient par ${multiple} bouteilles : ajoutez-en encore ${missing}.`;
export const FRANCE_ONLY_MESSAGE = 'Nous livrons uniquement en France.';

/**
 * Why a cart cannot be shipped, in French, or an empty list when it can: the minimum and maximum
 * bottles per expedition and the bottle multiple, on the bottles that ship.
 */
export function expeditionProblems(bottleCount: number, parameters: ShippingParameters): string[] {
  const problems: string[] = [];
  const { minimumExpeditionBottle: minimum, maximumExpeditionBottle: maximum } = parameters;
  if (minimum !== null && bottleCount < minimum) problems.push(minimumExpeditionMessage(minimum));
  if (maximum !== null && bottleCount > maximum) problems.push(maximumExpeditionMessage(maximum));
  const multiple = parameters.bottleMultiple;
  if (multiple !== null && bottleCount % multiple !== 0) {
    problems.push(bottleMultipleMessage(multiple, multiple - (bottleCount % multiple)));
  }
  return problems;
}

/** France (and Monaco, served as France by every French carrier) when the site does not sell worldwide. */
export function canShipTo(countryAlpha3: string, parameters: ShippingParameters): boolean {
  return parameters.sellsWorldwide || countryAlpha3 === 'FRA' || countryAlpha3 === 'MCO';
}

/** Shipping is free from FREE_SHIPPING_BOTTLE bottles or from FREE_SHIPPING_PRICE of products. */
export function isFreeShipping(
  bottleCount: number,
  productsCents: number,
  parameters: Pick<ShippingParameters, 'freeShippingBottle' | 'freeShippingPriceCents'>,
): boolean {
  const { freeShippingBottle, freeShippingPriceCents } = parameters;
  return (
    (freeShippingBottle !== null && bottleCount >= freeShippingBottle) ||
    (freeShippingPriceCents !== null && productsCents >= freeShippingPriceCents)
  );
}

export const FREE_SHIPPING_REACHED_MESSAGE = 'La livraison vous est offerte.';

/**
 * What the cart shows about free shipping: reached, or what is missing for it (the closest of the
 * two thresholds is not computed: both are said when both exist), or null when the site has none.
 */
export function freeShippingMessage(
  bottleCount: number,
  productsCents: number,
  parameters: ShippingParameters,
): string | null {
  const { freeShippingBottle, freeShippingPriceCents } = parameters;
  if (freeShippingBottle === null && freeShippingPriceCents === null) return null;
  if (isFreeShipping(bottleCount, productsCents, parameters)) return FREE_SHIPPING_REACHED_MESSAGE;
  const missing: string[] = [];
  if (freeShippingBottle !== null) missing.push(bottles(freeShippingBottle - bottleCount));
  if (freeShippingPriceCents !== null) {
    missing.push(`${formatPrice(freeShippingPriceCents - productsCents)} d’achats`);
  }
  return `Plus que ${missing.join(' ou ')} pour la livraison offerte.`;
}

// ─── parcels ───────────────────────────────────────────────────────────────────────────────────

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

// ─── delivery fee line ─────────────────────────────────────────────────────────────────────────

/*
 * The line of a recap that says what getting the order costs (issue 30, decision 0086): one
 * label and one value per idea, on the cart, the delivery step, the checkout, the confirmation,
 * the account's order page and the order mails. A carrier's fee is « Frais de livraison », free
 * when the shop offers it (« Offerts »); a click-and-collect order has no fee to offer:
 * « Retrait sur place : Gratuit ». An order with nothing to deliver has no such line.
 */

/** A delivery type, as an order names it or as the storefront's cart does. */
export type FeeDeliveryType =
  | 'DELIVERY'
  | 'PICKUP'
  | 'CLICK_AND_COLLECT'
  | 'NO_DELIVERY'
  | 'delivery'
  | 'clickAndCollect'
  | 'no_delivery';

export interface DeliveryFeeLine {
  label: string;
  value: string;
}

/** A carrier's fee: « 9,90 € », « Offerts » at 0, « À choisir » before a carrier is chosen. */
export function carrierFeeText(feeCents: number | null): string {
  return feeCents === null ? 'À choisir' : feeCents === 0 ? 'Offerts' : formatPrice(feeCents);
}

/**
 * The recap's fee line for an order's or a cart's delivery type (a carrier's fee, a pick-up),
 * or null when nothing is delivered.
 */
export function deliveryFeeLine(
  deliveryType: FeeDeliveryType,
  feeCents: number | null,
): DeliveryFeeLine | null {
  if (deliveryType === 'NO_DELIVERY' || deliveryType === 'no_delivery') return null;
  return deliveryType === 'CLICK_AND_COLLECT' || deliveryType === 'clickAndCollect'
    ? { label: 'Retrait sur place', value: 'Gratuit' }
    : { label: 'Frais de livraison', value: carrierFeeText(feeCents) };
}
