import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@comptoir/contract/request';
import { refreshStoredCart } from './cart-refresh';
import { fakeCartStore } from './fake-cart-store';
import { testCart, testLine } from './test-cart';

describe('the cart refresh on load (docs/requirements/cart.md)', () => {
  it('asks the API for a numeric stored id and stores the whole cart it answers', async () => {
    const stale = testCart({ products: [testLine({ quantity: 2, totalCents: 2500 })] });
    const fresh = testCart({ products: [testLine({ quantity: 2, totalCents: 2600 })] });
    for (const cartId of [42, '42']) {
      const store = fakeCartStore({
        cartId,
        cart: stale,
        errorMessage: 'Only 5 bottles remaining in stock',
      });
      const fetchCart = vi.fn().mockResolvedValue(fresh);
      await refreshStoredCart(store, fetchCart);
      expect(fetchCart).toHaveBeenCalledWith(42);
      expect(store.getState().cart).toBe(fresh);
      expect(store.getState().cartId).toBe(42);
      // The message belonged to an earlier page's action.
      expect(store.getState().errorMessage).toBeNull();
    }
  });

  it('clears the cart when the API refuses it (gone, or not this visitor’s)', async () => {
    const store = fakeCartStore({ cartId: 42, cart: testCart() });
    await refreshStoredCart(store, () =>
      Promise.reject(new ApiError('Ce panier est introuvable.', 404)),
    );
    expect(store.getState().cart).toBeNull();
    expect(store.getState().cartId).toBeNull();
  });

  it('keeps the cart when the API cannot answer (offline, server error)', async () => {
    for (const status of [0, 500, 503]) {
      const cart = testCart();
      const store = fakeCartStore({ cartId: 42, cart });
      await refreshStoredCart(store, () => Promise.reject(new ApiError('unreachable', status)));
      expect(store.getState().cart).toBe(cart);
      expect(store.getState().cartId).toBe(42);
    }
  });

  it('clears a stored value that is not a cart id without calling the API', async () => {
    const store = fakeCartStore({ cartId: 'abc', cart: testCart() });
    const fetchCart = vi.fn();
    await refreshStoredCart(store, fetchCart);
    expect(fetchCart).not.toHaveBeenCalled();
    expect(store.getState().cart).toBeNull();
    expect(store.getState().cartId).toBeNull();
  });

  it('does nothing for a visitor without a cart', async () => {
    const store = fakeCartStore({});
    const fetchCart = vi.fn();
    await refreshStoredCart(store, fetchCart);
    expect(fetchCart).not.toHaveBeenCalled();
    expect(store.getState().cart).toBeNull();
  });

  it('leaves a cart stored meanwhile by an add-to-cart alone, answered or refused', async () => {
    const added = testCart({ products: [testLine({ quantity: 12, totalCents: 15000 })] });
    for (const outcome of ['answered', 'refused'] as const) {
      const store = fakeCartStore({ cartId: 42, cart: testCart() });
      await refreshStoredCart(store, async () => {
        store.getState().setCart(added);
        if (outcome === 'refused') throw new ApiError('Ce panier est introuvable.', 404);
        return testCart();
      });
      expect(store.getState().cart).toBe(added);
    }
  });
});
