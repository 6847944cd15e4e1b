import type { CostType, ProductType } from './catalogue';
import type { CustomizationAnswer } from './customization-cost';
import { applyDiscountCents } from './money';

/*
 * The cart's rules, one file by feature (decision 0105), shared by the API (which decides) and the
 * storefront (which shows): the quantity picker's multiples, a declination's unit price and its
 * decreasing discounts, a cart's lines and totals, and what may be added to a cart. Each part
 * keeps its named functions; cart.test.ts tests them part by part in the same order.
 */

// ─── quantity picker ───────────────────────────────────────────────────────────────────────────

/** How many quantities the picker offers, and how far it looks for them (docs/requirements/cart.md). */
export const QUANTITY_CHOICE_COUNT = 20;
export const QUANTITY_SCAN_LIMIT = 1000;

/** A product's sales multiple: a positive integer; anything else (missing, 0, 2.5) means 1. */
export function normalizeMultiple(sellByMultipleOf: number | null | undefined): number {
  return typeof sellByMultipleOf === 'number' &&
    Number.isInteger(sellByMultipleOf) &&
    sellByMultipleOf >= 1
    ? sellByMultipleOf
    : 1;
}

/**
 * The quantities the picker offers: the first 20 multiples of sellByMultipleOf among 1…1000
 * (a product sold by 6 offers 6, 12 … 120; one sold by 100 offers only the ten up to 1000).
 */
export function quantityChoices(sellByMultipleOf: number | null | undefined): number[] {
  const multiple = normalizeMultiple(sellByMultipleOf);
  const choices: number[] = [];
  for (
    let quantity = multiple;
    quantity <= QUANTITY_SCAN_LIMIT && choices.length < QUANTITY_CHOICE_COUNT;
    quantity += multiple
  ) {
    choices.push(quantity);
  }
  return choices;
}

/**
 * Reads what the visitor typed or picked. A value that is not a number (empty, 'abc', NaN) falls
 * back to the multiple; a number is truncated to an integer and otherwise kept as is, so that the
 * add-to-cart check can name what is wrong with it (zero, not a multiple, above stock).
 */
export function parseQuantity(input: unknown, sellByMultipleOf: number | null | undefined): number {
  const multiple = normalizeMultiple(sellByMultipleOf);
  const value =
    typeof input === 'number'
      ? input
      : typeof input === 'string' && input.trim() !== ''
        ? Number(input.trim().replace(',', '.'))
        : Number.NaN;
  return Number.isFinite(value) ? Math.trunc(value) : multiple;
}

/** The "+" button: one multiple more. */
export function increaseQuantity(quantity: number, sellByMultipleOf: number | null | undefined) {
  return quantity + normalizeMultiple(sellByMultipleOf);
}

/** The "−" button: one multiple less, never below the multiple itself. */
export function decreaseQuantity(quantity: number, sellByMultipleOf: number | null | undefined) {
  const multiple = normalizeMultiple(sellByMultipleOf);
  return Math.max(multiple, quantity - multiple);
}

// ─── declination price ─────────────────────────────────────────────────────────────────────────

/** What decides the price of one unit of a declination (cents, TTC). */
export interface DeclinationPricing {
  /** The catalogue price, before the declination's discount. */
  priceCents: number;
  /** A net price: when set, it is the unit price and no discount applies to it. */
  fixedPriceCents: number | null;
  discountType: CostType;
  /** EURO: cents off; PERCENT: basis points off. */
  discountAmount: number;
}

/** A quantity discount tier: from minQuantity units on, this much off each unit. */
export interface DecreasingDiscountTier {
  minQuantity: number;
  discountType: CostType;
  discountAmount: number;
}

/** The unit price a visitor pays before quantity discounts: the fixed price, or the discounted price. */
export function unitPriceCents(pricing: DeclinationPricing): number {
  if (pricing.fixedPriceCents !== null) return pricing.fixedPriceCents;
  return applyDiscountCents(pricing.priceCents, pricing.discountType, pricing.discountAmount);
}

/** Whether the declination shows a struck-through catalogue price. */
export function isDiscounted(pricing: DeclinationPricing): boolean {
  return unitPriceCents(pricing) < pricing.priceCents;
}

/** The quantity tier that applies: the one with the highest minQuantity not above the quantity. */
export function decreasingDiscountTier<T extends DecreasingDiscountTier>(
  tiers: readonly T[],
  quantity: number,
): T | null {
  let best: T | null = null;
  for (const tier of tiers) {
    if (tier.minQuantity > quantity) continue;
    if (best === null || tier.minQuantity > best.minQuantity) best = tier;
  }
  return best;
}

/**
 * The unit price after the quantity tier for this quantity. A fixed price stays fixed: quantity
 * discounts, like the declination's own discount, never apply to a net price.
 */
export function unitPriceForQuantityCents(
  pricing: DeclinationPricing,
  tiers: readonly DecreasingDiscountTier[],
  quantity: number,
): number {
  const unit = unitPriceCents(pricing);
  if (pricing.fixedPriceCents !== null) return unit;
  const tier = decreasingDiscountTier(tiers, quantity);
  return tier === null ? unit : applyDiscountCents(unit, tier.discountType, tier.discountAmount);
}

// ─── cart lines ────────────────────────────────────────────────────────────────────────────────

/**
 * Cart arithmetic in integer cents (docs/architecture.md#the-shop-and-the-back-office), shared by the API (which decides) and the
 * storefront (which shows): a line costs its unit price plus its customizations' cost per unit,
 * times its quantity; the cart is the sum of its lines.
 */

export interface PricedLine {
  quantity: number;
  /** One unit after the declination's and the quantity discounts. */
  unitPriceCents: number;
  /** What the customization answers add to one unit. */
  customizationCostCents: number;
}

export function lineTotalCents(line: PricedLine): number {
  return (line.unitPriceCents + line.customizationCostCents) * line.quantity;
}

export interface CartTotals {
  /** The products' total, in cents (the spec's totalProduct). */
  totalProductCents: number;
  /** Units in the cart, all lines together (the header's badge). */
  totalQuantity: number;
}

export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let totalProductCents = 0;
  let totalQuantity = 0;
  for (const line of lines) {
    totalProductCents += lineTotalCents(line);
    totalQuantity += line.quantity;
  }
  return { totalProductCents, totalQuantity };
}

/** An answer as it is kept on a cart line, with the customization it answers. */
export interface LineAnswer extends CustomizationAnswer {
  customizationId: number;
  formAnswer?: unknown;
}

/** Keys sorted at every level, so that two equal values always write the same text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The identity of a line's answers: two add-to-carts of the same declination with the same
 * answers land on one line (quantities added), with different answers on two. The order the
 * answers come in, the order of their keys and the answers that say nothing (an empty text, an
 * unchecked box) do not matter; a file is its name, since each upload is a new file.
 */
export function answersKey(answers: readonly LineAnswer[]): string {
  const meaningful = answers
    .map((answer) => ({
      id: answer.customizationId,
      text: answer.textValue?.trim() ? answer.textValue.trim() : null,
      checkbox: answer.checkboxValue === true ? true : null,
      select: answer.selectValue?.key ?? null,
      file: answer.filename ? answer.filename : null,
      form: answer.formAnswer ?? null,
    }))
    .filter(
      (answer) =>
        answer.text !== null ||
        answer.checkbox !== null ||
        answer.select !== null ||
        answer.file !== null ||
        answer.form !== null,
    )
    .sort((a, b) => a.id - b.id);
  return JSON.stringify(canonical(meaningful));
}

/**
 * The quantity a merged line keeps (login merge, docs/requirements/cart.md): the two quantities added, then brought
 * down to the largest multiple of sellByMultipleOf the stock still covers, `otherLinesQuantity`
 * being what the cart's other lines of the same declination already hold. 0 means the line
 * cannot be kept. A stock of null is not managed: nothing caps the sum.
 */
export function mergedQuantity(options: {
  quantities: readonly number[];
  sellByMultipleOf: number | null | undefined;
  stock: number | null;
  otherLinesQuantity?: number;
}): number {
  const multiple = normalizeMultiple(options.sellByMultipleOf);
  const wanted = options.quantities.reduce((sum, quantity) => sum + Math.max(0, quantity), 0);
  const room =
    options.stock === null
      ? wanted
      : Math.max(0, options.stock - (options.otherLinesQuantity ?? 0));
  const capped = Math.min(wanted, room);
  return capped - (capped % multiple);
}

// ─── add to cart ───────────────────────────────────────────────────────────────────────────────

/** The spec's messages (docs/requirements/cart.md), reproduced exactly: the storefront shows them as the API sends them. */
export const QUANTITY_NOT_POSITIVE_MESSAGE = 'Quantity must be greater than 0';

export function notAMultipleMessage(sellByMultipleOf: number): string {
  return `This product can only be added by multiple of ${sellByMultipleOf}`;
}

/** 'bottles' for a wine, 'items' for anything else. */
export function notEnoughStockMessage(stock: number, productType: ProductType): string {
  return `Only ${stock} ${productType === 'WINE' ? 'bottles' : 'items'} remaining in stock`;
}

export interface CartQuantityCheck {
  /** The quantity asked for by this request. */
  quantity: number;
  sellByMultipleOf: number | null | undefined;
  productType: ProductType;
  /** Units left; null when the declination's stock is not managed (no limit). */
  stock: number | null;
  /** Units of the same declination already in the cart, which the stock must also cover. */
  alreadyInCart?: number;
}

/**
 * Why a quantity cannot go into the cart, or null when it can. Checked in the spec's order:
 * a positive integer first, then the multiple, then the stock. The stock message names the stock
 * itself: with 3 bottles in the cart and 5 in stock, adding 3 answers 'Only 5 bottles…'.
 */
export function cartQuantityError(check: CartQuantityCheck): string | null {
  const { quantity, productType, stock } = check;
  if (!Number.isInteger(quantity) || quantity <= 0) return QUANTITY_NOT_POSITIVE_MESSAGE;
  const multiple = normalizeMultiple(check.sellByMultipleOf);
  if (quantity % multiple !== 0) return notAMultipleMessage(multiple);
  if (stock !== null && (check.alreadyInCart ?? 0) + quantity > Math.max(0, stock)) {
    return notEnoughStockMessage(Math.max(0, stock), productType);
  }
  return null;
}

/** A declination's stock as the sales rules read it. */
export interface SellableStock {
  /** Units left (the spec's quantity). */
  stock: number;
  /** Whether its stock is counted (the spec's setQuantity). */
  isStockManaged: boolean;
  sellByMultipleOf: number | null | undefined;
}

/**
 * The stock a sale is limited by, or null when none is: the site does not use stock (USE_STOCK
 * off) or the declination's stock is not counted.
 */
export function limitingStock(declination: SellableStock, useStock: boolean): number | null {
  return useStock && declination.isStockManaged ? declination.stock : null;
}

/**
 * Whether a declination can be bought at all (decision 0081): its smallest quantity, one
 * multiple, passes the add-to-cart check of an empty cart. A box sold by 6 with 4 left cannot;
 * the list, the product page and the cart read availability from this one rule.
 */
export function canBeBought(declination: SellableStock, useStock: boolean): boolean {
  const multiple = normalizeMultiple(declination.sellByMultipleOf);
  return (
    cartQuantityError({
      quantity: multiple,
      sellByMultipleOf: multiple,
      productType: 'OTHER',
      stock: limitingStock(declination, useStock),
    }) === null
  );
}

/**
 * An add-to-cart failure as one line (docs/requirements/cart.md): the server's message followed by its
 * 'key : error' pairs, all joined by ' / '.
 */
export function addToCartErrorText(
  message: string,
  errors: readonly { key: string; error: string }[] = [],
): string {
  return [message, ...errors.map(({ key, error }) => `${key} : ${error}`)].join(' / ');
}
