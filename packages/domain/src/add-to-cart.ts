import type { ProductType } from './catalogue';
import { normalizeMultiple } from './quantity-picker';

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
