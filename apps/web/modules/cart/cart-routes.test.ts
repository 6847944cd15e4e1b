import { describe, expect, it } from 'vitest';
import {
  deleteCart,
  deleteCartProduct,
  getCart,
  updateCartQuantity,
} from '@comptoir/contract/cart';
import { cartLineRoute, cartQuantityRoute, refreshCartRoute, wholeCartRoute } from './cart-routes';

describe("the cart's zod-free routes", () => {
  it.each([
    ['the refresh', refreshCartRoute, getCart],
    ['a quantity change', cartQuantityRoute, updateCartQuantity],
    ['a line removal', cartLineRoute, deleteCartProduct],
    ['emptying the cart', wholeCartRoute, deleteCart],
  ])('name the same method and path as the contract (%s)', (_name, route, endpoint) => {
    expect({ method: route.method, path: route.path }).toEqual({
      method: endpoint.method,
      path: endpoint.path,
    });
  });
});
