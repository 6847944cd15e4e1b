import type { Cart, CartProduct } from '@comptoir/contract/cart';
import type { CartState } from '../../lib/stores/cart-store';
import type { BrowserApi } from '../account/browser-api';
import { inFrench } from '../api-messages/in-french';
import { cartLineRoute, cartQuantityRoute, refreshCartRoute, wholeCartRoute } from './cart-routes';

/** What the cart page's actions read and write of the cart store. */
export type ActionStore = {
  getState(): Pick<CartState, 'cart' | 'setCart' | 'setErrorMessage' | 'clearCart'>;
};

/** The server's message (docs/requirements/cart.md), or a French sentence when there is none to show. */
export function cartErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 0 || message === '') {
    return 'Le panier n’a pas pu être mis à jour : vérifiez votre connexion et réessayez.';
  }
  return message;
}

/**
 * The cart page's calls (docs/requirements/cart.md). Each answers the whole cart, which replaces the stored
 * one and drops the last error; a failure keeps the cart as it was and stores the server's
 * message (docs/requirements/cart.md), which the page shows. Each resolves to true when the change was made.
 */
export function cartActions(api: Pick<BrowserApi, 'call'>, store: ActionStore) {
  async function run(change: (cart: Cart) => Promise<Cart | null>): Promise<boolean> {
    const cart = store.getState().cart;
    if (!cart) return false;
    try {
      const answer = await change(cart);
      if (answer) store.getState().setCart(answer);
      else store.getState().clearCart();
      store.getState().setErrorMessage(null);
      return true;
    } catch (error) {
      // The API's refusal, in French (decision 0084).
      store.getState().setErrorMessage(cartErrorText(await inFrench(error)));
      return false;
    }
  }

  return {
    /** PUT …/quantity: the API checks the multiple and the stock (docs/requirements/cart.md messages). */
    changeQuantity: (line: CartProduct, quantity: number) =>
      run((cart) =>
        api.call(cartQuantityRoute, {
          params: { cartId: cart.id, productId: line.productId },
          body: { quantity, idCartProduct: line.id },
        }),
      ),
    removeLine: (line: CartProduct) =>
      run((cart) =>
        api.call(cartLineRoute, {
          params: { cartId: cart.id, productId: line.productId, idCartProduct: line.id },
        }),
      ),
    /** DELETE /cart/{id}: the cart is gone; the next add-to-cart opens a new one. */
    emptyCart: () => run((cart) => api.call(wholeCartRoute, { params: { cartId: cart.id } })),
    /**
     * POST /cart/{id} with `discountCode` (decision 0099): a code the API accepts is kept by the
     * cart, whose answer replaces the stored one; '' takes the cart's code off. A refusal leaves
     * the cart as it was and resolves to its French message, for the code's field to show (the
     * cart's own error box is for the lines); null when the change was made.
     */
    setCode: async (code: string): Promise<string | null> => {
      const cart = store.getState().cart;
      if (!cart) return cartErrorText(null);
      try {
        const answer = await api.call(refreshCartRoute, {
          params: { cartId: cart.id },
          body: { discountCode: code },
        });
        store.getState().setCart(answer);
        return null;
      } catch (error) {
        return cartErrorText(await inFrench(error));
      }
    },
  };
}
