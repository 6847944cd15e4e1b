import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@comptoir/contract/request';
import { cartActions, cartErrorText } from './cart-actions';
import { cartLineRoute, cartQuantityRoute, refreshCartRoute, wholeCartRoute } from './cart-routes';
import { fakeCartStore } from './fake-cart-store';
import { testCart, testLine } from './test-cart';

const line = testLine({ id: 11, productId: 3, sellByMultipleOf: 6, quantity: 6 });

describe("the cart page's changes", () => {
  it('sets a quantity through PUT …/quantity and stores the cart the API answers', async () => {
    const store = fakeCartStore({
      cartId: 42,
      cart: testCart({ products: [line] }),
      errorMessage: 'old',
    });
    const answer = testCart({ products: [{ ...line, quantity: 12, totalCents: 15000 }] });
    const call = vi.fn().mockResolvedValue(answer);
    expect(await cartActions({ call }, store).changeQuantity(line, 12)).toBe(true);
    expect(call).toHaveBeenCalledWith(cartQuantityRoute, {
      params: { cartId: 42, productId: 3 },
      body: { quantity: 12, idCartProduct: 11 },
    });
    expect(store.getState().cart).toBe(answer);
    expect(store.getState().errorMessage).toBeNull();
  });

  it('keeps the cart and stores the message of docs/requirements/cart.md, in French, when the API refuses the quantity', async () => {
    const cart = testCart({ products: [line] });
    const store = fakeCartStore({ cartId: 42, cart });
    const call = vi
      .fn()
      .mockRejectedValue(new ApiError('This product can only be added by multiple of 6', 422));
    expect(await cartActions({ call }, store).changeQuantity(line, 7)).toBe(false);
    expect(store.getState().cart).toBe(cart);
    // In French (decision 0084).
    expect(store.getState().errorMessage).toBe(
      'Ce produit se vend par multiples de 6 : choisissez 6, 12, 18…',
    );
  });

  it('removes a line through DELETE …/{idCartProduct}', async () => {
    const store = fakeCartStore({ cartId: 42, cart: testCart({ products: [line] }) });
    const answer = testCart({ products: [] });
    const call = vi.fn().mockResolvedValue(answer);
    await cartActions({ call }, store).removeLine(line);
    expect(call).toHaveBeenCalledWith(cartLineRoute, {
      params: { cartId: 42, productId: 3, idCartProduct: 11 },
    });
    expect(store.getState().cart).toBe(answer);
  });

  it('empties the cart through DELETE /cart/{id}: nothing of it stays', async () => {
    const store = fakeCartStore({ cartId: 42, cart: testCart({ products: [line] }) });
    const call = vi.fn().mockResolvedValue(null);
    expect(await cartActions({ call }, store).emptyCart()).toBe(true);
    expect(call).toHaveBeenCalledWith(wholeCartRoute, { params: { cartId: 42 } });
    expect(store.getState().cart).toBeNull();
    expect(store.getState().cartId).toBeNull();
  });

  it('calls nothing without a cart', async () => {
    const call = vi.fn();
    expect(await cartActions({ call }, fakeCartStore({})).emptyCart()).toBe(false);
    expect(call).not.toHaveBeenCalled();
  });

  it('words a failure without a server message in French', () => {
    expect(
      cartErrorText(new ApiError('The API at /api cannot be reached (fetch failed).', 0)),
    ).toBe('Le panier n’a pas pu être mis à jour : vérifiez votre connexion et réessayez.');
    expect(cartErrorText(new ApiError('Only 5 bottles remaining in stock', 422))).toBe(
      'Only 5 bottles remaining in stock',
    );
  });

  it('applies a code through POST /cart/{id} with discountCode and stores the cart that carries it', async () => {
    const store = fakeCartStore({ cartId: 42, cart: testCart({ products: [line] }) });
    const answer = testCart({
      products: [line],
      discount: {
        code: 'COTEAUX5',
        label: '5 € de réduction',
        reductionCents: 500,
        freeShipping: false,
        message: null,
      },
    });
    const call = vi.fn().mockResolvedValue(answer);
    expect(await cartActions({ call }, store).setCode('coteaux5')).toBeNull();
    expect(call).toHaveBeenCalledWith(refreshCartRoute, {
      params: { cartId: 42 },
      body: { discountCode: 'coteaux5' },
    });
    expect(store.getState().cart).toBe(answer);
  });

  it('keeps the cart and its code when the API refuses a code, and says why in French', async () => {
    const cart = testCart({ products: [line] });
    const store = fakeCartStore({ cartId: 42, cart, errorMessage: null });
    const call = vi.fn().mockRejectedValue(new ApiError('Ce code de réduction n’existe pas.', 422));
    expect(await cartActions({ call }, store).setCode('PASUNCODE')).toBe(
      'Ce code de réduction n’existe pas.',
    );
    expect(store.getState().cart).toBe(cart);
    // The refusal belongs to the code's field, not to the cart's lines.
    expect(store.getState().errorMessage).toBeNull();
  });

  it('takes the code off with an empty discountCode', async () => {
    const store = fakeCartStore({ cartId: 42, cart: testCart({ products: [line] }) });
    const answer = testCart({ products: [line] });
    const call = vi.fn().mockResolvedValue(answer);
    expect(await cartActions({ call }, store).setCode('')).toBeNull();
    expect(call).toHaveBeenCalledWith(refreshCartRoute, {
      params: { cartId: 42 },
      body: { discountCode: '' },
    });
    expect(store.getState().cart).toBe(answer);
  });
});
