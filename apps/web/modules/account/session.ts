'use client';

import { logout } from '@comptoir/contract/auth';
import { createCart, setDefaultCart } from '@comptoir/contract/cart';
import { ApiError } from '@comptoir/contract/client';
import type { User } from '@comptoir/contract/user';
import { useAccountStore } from '../../lib/stores/account-store';
import { numericCartId, useCartStore } from '../../lib/stores/cart-store';
import { browserApi, type BrowserApi } from './browser-api';

let pendingLoad: Promise<void> | null = null;

/**
 * Asks the API who the visitor is, once per page load however many components want to know.
 * /logged first: most visitors are anonymous, and it answers them without a 401.
 */
export function loadAccount(siteId: number): Promise<void> {
  if (pendingLoad) return pendingLoad;
  const store = useAccountStore.getState();
  pendingLoad = (async () => {
    const api = browserApi(siteId);
    try {
      if (!(await api.getLogged())) {
        store.setAnonymous();
        return;
      }
      store.setMember(await api.getUser());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        store.setAnonymous();
      } else {
        store.setUnavailable();
        // Let the next component that needs the answer ask again.
        pendingLoad = null;
      }
    }
  })();
  return pendingLoad;
}

/**
 * The session moved on (a 401 from an account call: expired, or revoked by a password change
 * elsewhere): the visitor is anonymous, and the account pages send them to the login page.
 */
export function sessionEnded(): void {
  useAccountStore.getState().setAnonymous();
}

/**
 * After login or registration (spec §4): the API has set the token and site cookies; the browser
 * records the user, then hands its stored cart over to the account (GET /cart/{id}/default) when
 * the stored id is numeric, or fetches the account's main cart (POST /cart, MAIN_CART). A cart
 * failure never undoes the login: the cart is cleared (spec §4) and fetched anew later.
 */
export async function completeLogin(siteId: number, user: User): Promise<void> {
  await attachCart(browserApi(siteId));
  // Last: pages waiting for a member (the login page's redirect) move on with the cart ready.
  useAccountStore.getState().setMember(user);
}

async function attachCart(api: BrowserApi): Promise<void> {
  const cart = useCartStore.getState();
  const storedId = numericCartId(cart.cartId);
  if (storedId !== null) {
    try {
      cart.setCartId((await api.call(setDefaultCart, { params: { id: storedId } })).id);
      return;
    } catch {
      // The stored cart is gone or belongs to someone else: fall back to the account's own.
      cart.clearCart();
    }
  }
  try {
    cart.setCartId((await api.call(createCart, { body: { type: 'MAIN_CART' } })).id);
  } catch (error) {
    cart.clearCart();
    console.warn('The main cart could not be fetched after login.', error);
  }
}

/** Logout (spec §4): the API revokes the token and clears the cookies; the cart id and user go. */
export async function logOut(siteId: number): Promise<void> {
  await browserApi(siteId).call(logout);
  forgetSession();
}

/** The account is gone (logout, deletion): nothing of it stays in this browser. */
export function forgetSession(): void {
  useCartStore.getState().clearCart();
  useAccountStore.getState().setAnonymous({ leftOnPurpose: true });
}
