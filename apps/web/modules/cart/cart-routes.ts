import type {
  deleteCart,
  deleteCartProduct,
  getCart,
  updateCartQuantity,
} from '@comptoir/contract/cart';
import { route } from '../account/browser-api';

/*
 * The cart's calls named by method and path only (decision 0037): the badge and the refresh run
 * on every page of a shop, so neither the contract's schemas nor zod may come with them. The API
 * validates every request and serializes every answer through the contract; cart-routes.test.ts
 * checks these against it.
 */

/** docs/requirements/cart.md: the stored cart, priced again (only its account or the holder of its secret). */
export const refreshCartRoute = route<typeof getCart>('POST', '/cart/:cartId');
export const cartQuantityRoute = route<typeof updateCartQuantity>(
  'PUT',
  '/cart/:cartId/product/:productId/quantity',
);
export const cartLineRoute = route<typeof deleteCartProduct>(
  'DELETE',
  '/cart/:cartId/product/:productId/:idCartProduct',
);
export const wholeCartRoute = route<typeof deleteCart>('DELETE', '/cart/:cartId');
