'use client';

import { logout } from '@comptoir/contract/auth';
import { createCart, setDefaultCart } from '@comptoir/contract/cart';
import type { User } from '@comptoir/contract/user';
import { useAccountStore } from '../../lib/stores/account-store';
import { numericCartId, useCartStore } from '../../lib/stores/cart-store';
import { browserApi, type BrowserApi } from './browser-api';

// Login, logout and account deletion: apart from session.ts, which every page loads, as these
// need the contract's endpoints and load only with the forms and the account area.

/**
 * After login or registration (docs/requirements/account.md): the API has set the token and site cookies; the browser
 * records the user, then hands its stored cart over to the account (GET /cart/{id}/default) when
 * the stored id is numeric, or fetches the account's main cart (POST /cart, MAIN_CART). Either
 * call answers the whole cart (the anonymous one merged into the account's), stored as is for
 * the badge and the cart page. A cart failure never undoes the login: the cart is cleared
 * (docs/requirements/account.md) and fetched anew later.
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
      cart.setCart(await api.call(setDefaultCart, { params: { id: storedId } }));
      return;
    } catch {
      // The stored cart is gone or belongs to someone else: fall back to the account's own.
      cart.clearCart();
    }
  }
  try {
    cart.setCart(await api.call(createCart, { body: { type: 'MAIN_CART' } }));
  } catch (error) {
    cart.clearCart();
    console.warn('The main cart could not be fetched after login.', error);
  }
}

/** Logout (docs/requirements/account.md): the API revokes the token and clears the cookies; the cart id and user go. */
export async function logOut(siteId: number): Promise<void> {
  await browserApi(siteId).call(logout);
  forgetSession();
}

/** The account is gone (logout, deletion): nothing of it stays in this browser. */
export function forgetSession(): void {
  useCartStore.getState().clearCart();
  useAccountStore.getState().setAnonymous({ leftOnPurpose: true });
}
