'use client';

import type { Cart } from '@comptoir/contract/cart';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The localStorage key of the cart state (docs/requirements/cart.md: the cart is saved and restored). */
export const CART_STORAGE_KEY = 'comptoir-cart';

/** How the customer gets the order (docs/requirements/delivery.md): chosen in the delivery step (Shop II). */
export type DeliveryType = 'delivery' | 'clickAndCollect' | 'no_delivery';

/** A city picked from the cities call (Shop II). */
export interface CartCity {
  name: string;
  postalCode: string;
  /** ISO 3166 alpha-3, as the shipping-fees call takes it. */
  country: string;
}

/** The carrier chosen for delivery, with the fee it quoted, in cents (Shop II). */
export interface CartCarrier {
  id: number;
  name: string;
  serviceCode: string | null;
  feeCents: number;
  deliveryType: 'DELIVERY' | 'PICKUP';
  /** The relay point, when the carrier delivers to one (POST /relay/access-points). */
  accessPoint: CartAccessPoint | null;
}

/** A relay point as the delivery step shows it again after a reload (Shop II). */
export interface CartAccessPoint {
  id: string;
  name: string;
  addLine1: string;
  zipCode: string;
  city: string;
  country: string;
}

/** A postal address as the checkout keeps it (Shop II and III). */
export interface CartAddress {
  firstName: string;
  lastName: string;
  company: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
}

/** The click-and-collect choice: where and when (Shop II). */
export interface ClickAndCollectChoice {
  companyAddressId: number;
  /** The slot's day, YYYY-MM-DD, and its schedule id from the calendar call. */
  date: string;
  scheduleId: number;
  /** The slot's local times (Europe/Paris), as the calendar call gives them: "10:00". */
  start: string;
  end: string;
  /** When the hold lapses unless an order takes it (ISO 8601). */
  expiresAt: string;
}

/** Everything the cart remembers in this browser; the cart's content itself is the server's. */
export interface CartState {
  /** The cart this browser uses, as it was stored: only a positive integer is trusted. */
  cartId: unknown;
  /** The cart as the API last answered it (every cart call answers the whole cart). */
  cart: Cart | null;
  /** The last cart error, in the words the API or the storefront gave it, shown until cleared. */
  errorMessage: string | null;
  city: CartCity | null;
  carrier: CartCarrier | null;
  deliveryAddress: CartAddress | null;
  billingAddress: CartAddress | null;
  phone: string | null;
  deliveryType: DeliveryType | null;
  clickAndCollect: ClickAndCollectChoice | null;
  setCartId: (cartId: number) => void;
  /** Records the API's answer: the cart and its id. */
  setCart: (cart: Cart) => void;
  setErrorMessage: (message: string | null) => void;
  /** Merges delivery choices (Shop II: city, carrier, addresses, phone, type, click-and-collect). */
  setDelivery: (
    choices: Partial<
      Pick<
        CartState,
        | 'city'
        | 'carrier'
        | 'deliveryAddress'
        | 'billingAddress'
        | 'phone'
        | 'deliveryType'
        | 'clickAndCollect'
      >
    >,
  ) => void;
  /** The cart is gone (failed refresh, logout, order placed): nothing of it stays. */
  clearCart: () => void;
}

/**
 * A stored cart id worth sending to the API (docs/requirements/cart.md: "if the stored cart id is numeric"), or
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

const EMPTY_CART_STATE = {
  cartId: null,
  cart: null,
  errorMessage: null,
  city: null,
  carrier: null,
  deliveryAddress: null,
  billingAddress: null,
  phone: null,
  deliveryType: null,
  clickAndCollect: null,
} satisfies Partial<CartState>;

/**
 * The visitor's cart, kept in localStorage so that it survives reloads and a login can hand it
 * over to the account. The server's answer is the truth: the stored cart only paints the badge
 * before the refresh answers. Each site is served from its own host, so each site has its own
 * storage.
 */
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      ...EMPTY_CART_STATE,
      setCartId: (cartId) => set({ cartId }),
      setCart: (cart) => set({ cart, cartId: cart.id }),
      setErrorMessage: (errorMessage) => set({ errorMessage }),
      setDelivery: (choices) => set(choices),
      clearCart: () => set(EMPTY_CART_STATE),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      // The functions are not state; everything else is restored on reload.
      partialize: ({
        cartId,
        cart,
        errorMessage,
        city,
        carrier,
        deliveryAddress,
        billingAddress,
        phone,
        deliveryType,
        clickAndCollect,
      }) => ({
        cartId,
        cart,
        errorMessage,
        city,
        carrier,
        deliveryAddress,
        billingAddress,
        phone,
        deliveryType,
        clickAndCollect,
      }),
    },
  ),
);
