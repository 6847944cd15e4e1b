import { countBottles, type BottleCountLine } from './bottle-count';
import { formatPrice } from './money';
import type { SiteParameterReader } from './site-parameters';

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
