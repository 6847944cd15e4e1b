'use client';

import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The localStorage key of the cart id (spec §4: the cart id is saved and restored). */
export const CART_STORAGE_KEY = 'comptoir-cart';

interface CartState {
  /** The cart this browser uses, as it was stored: only a positive integer is trusted. */
  cartId: unknown;
  setCartId: (cartId: number) => void;
  clearCart: () => void;
}

/**
 * A stored cart id worth sending to the API (spec §4: "if the stored cart id is numeric"), or
 * null. localStorage can hold anything (an older format, a hand edit): anything but a positive
 * integer, as a number or a string of digits, is not a cart id.
 */
export function numericCartId(stored: unknown): number | null {
  if (typeof stored === 'number') return Number.isSafeInteger(stored) && stored > 0 ? stored : null;
  if (typeof stored === 'string' && /^[1-9]\d{0,15}$/.test(stored.trim())) {
    const id = Number(stored.trim());
    return Number.isSafeInteger(id) ? id : null;
  }
  return null;
}

/**
 * The visitor's cart reference, kept in localStorage so that it survives reloads and a login can
 * hand it over to the account. The cart's content stays on the server. Each site is served from
 * its own host, so each site has its own storage.
 */
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      cartId: null,
      setCartId: (cartId) => set({ cartId }),
      clearCart: () => set({ cartId: null }),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ cartId: state.cartId }),
    },
  ),
);
