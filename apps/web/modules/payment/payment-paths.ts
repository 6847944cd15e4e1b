import { CART_PATH } from '../cart/cart-paths';

/*
 * Where a card payment happens and where it ends, and where the checkout leaves the order's
 * access token for it (decision 0053). The checkout writes the token of POST /order's answer
 * under `comptoir:order-token:<order id>` in sessionStorage, then opens the payment page; the
 * token stays in the tab that placed the order and goes with it.
 */

export const PAYMENT_PATH = `${CART_PATH}/paiement`;
export const CONFIRMATION_PATH = `${CART_PATH}/confirmation`;

export const ORDER_TOKEN_STORAGE_PREFIX = 'comptoir:order-token:';

export function paymentPath(orderId: number): string {
  return `${PAYMENT_PATH}/${orderId}`;
}

/** The confirmation page of an order: Stripe comes back here once the card is accepted. */
export function confirmationPath(orderId: number): string {
  return `${CONFIRMATION_PATH}?commande=${orderId}`;
}

export function orderTokenStorageKey(orderId: number): string {
  return `${ORDER_TOKEN_STORAGE_PREFIX}${orderId}`;
}

/** The order id of the payment page's segment, or null for anything but a positive integer. */
export function parseOrderId(segment: string | undefined): number | null {
  if (!segment || !/^[1-9][0-9]{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= 2_147_483_647 ? id : null;
}

/** The token the checkout kept for this order, or null (another tab, a customer's session). */
export function readOrderToken(orderId: number, storage: Pick<Storage, 'getItem'> | null) {
  try {
    return storage?.getItem(orderTokenStorageKey(orderId)) ?? null;
  } catch {
    // Storage refused (private mode, blocked cookies): the customer's session may still do.
    return null;
  }
}

/** The header that carries the token (the contract's ORDER_TOKEN_HEADER; checked by a test). */
export const ORDER_TOKEN_HEADER_NAME = 'x-order-token';
