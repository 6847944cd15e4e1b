'use client';

import type { Cart } from '@comptoir/contract/cart';
import { ApiError } from '@comptoir/contract/request';
import { numericCartId, useCartStore, type CartState } from '../../lib/stores/cart-store';
import { browserApi } from '../account/browser-api';
import { refreshCartRoute } from './cart-routes';

/** What the refresh reads and writes of the cart store. */
export type RefreshedStore = Pick<
  CartState,
  'cartId' | 'cart' | 'setCart' | 'setErrorMessage' | 'clearCart'
>;

/**
 * The API refused the stored cart (404: gone, or not this visitor's any more; 4xx: not a cart
 * id): the stored cart means nothing. An unreachable or failing API (offline, 5xx) says nothing
 * about the cart, and forgetting its id would lose it for good (decision 0037).
 */
export function refreshRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * docs/requirements/cart.md: the stored cart is asked again from the API on load, so that prices, stock and lines
 * are the server's. A numeric id is refreshed (the cart and its id stored whole, the last error
 * message dropped with the page it belonged to); a refused refresh clears the cart; a stored
 * value that is not a cart id is cleared without asking.
 */
export async function refreshStoredCart(
  store: { getState(): RefreshedStore },
  fetchCart: (cartId: number) => Promise<Cart>,
): Promise<void> {
  const stored = store.getState();
  const cartId = numericCartId(stored.cartId);
  if (cartId === null) {
    if (stored.cartId !== null || stored.cart !== null) stored.clearCart();
    return;
  }
  // A cart call answered meanwhile (an add-to-cart, a login) is newer than this refresh: it wins.
  const untouched = () =>
    store.getState().cart === stored.cart && store.getState().cartId === stored.cartId;
  try {
    const cart = await fetchCart(cartId);
    if (!untouched()) return;
    store.getState().setCart(cart);
    store.getState().setErrorMessage(null);
  } catch (error) {
    if (refreshRefused(error) && untouched()) store.getState().clearCart();
  }
}

let pendingRefresh: Promise<void> | null = null;

/** Once per page load, however many badges and pages ask (client navigations keep the store). */
export function refreshCart(siteId: number): Promise<void> {
  pendingRefresh ??= refreshStoredCart(useCartStore, (cartId) =>
    browserApi(siteId).call(refreshCartRoute, {
      params: { cartId },
      body: { type: 'MAIN_CART' },
    }),
  );
  return pendingRefresh;
}
