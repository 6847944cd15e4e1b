import type { Cart } from '@comptoir/contract/cart';
import type { CartState } from '../../lib/stores/cart-store';

type FakeState = Pick<
  CartState,
  'cartId' | 'cart' | 'errorMessage' | 'setCart' | 'setErrorMessage' | 'clearCart'
>;

/**
 * The cart store's behaviour (cart-store.ts) without zustand's localStorage persistence, which
 * Node has not: the cart module's tests drive their logic through it.
 */
export function fakeCartStore(initial: {
  cartId?: unknown;
  cart?: Cart | null;
  errorMessage?: string | null;
}) {
  let state: FakeState;
  const set = (patch: Partial<FakeState>) => {
    state = { ...state, ...patch };
  };
  state = {
    cartId: initial.cartId ?? null,
    cart: initial.cart ?? null,
    errorMessage: initial.errorMessage ?? null,
    setCart: (cart) => set({ cart, cartId: cart.id }),
    setErrorMessage: (errorMessage) => set({ errorMessage }),
    clearCart: () => set({ cartId: null, cart: null, errorMessage: null }),
  };
  return { getState: () => state };
}
