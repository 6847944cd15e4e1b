import type { ProductType } from './catalogue';
import { normalizeMultiple } from './quantity-picker';

/** The spec's messages (§5), reproduced exactly: the storefront shows them as the API sends them. */
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

/**
 * An add-to-cart failure as one line (spec §8): the server's message followed by its
 * 'key : error' pairs, all joined by ' / '.
 */
export function addToCartErrorText(
  message: string,
  errors: readonly { key: string; error: string }[] = [],
): string {
  return [message, ...errors.map(({ key, error }) => `${key} : ${error}`)].join(' / ');
}
