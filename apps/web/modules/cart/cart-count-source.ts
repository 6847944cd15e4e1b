'use client';

import { useCartStore } from '../../lib/stores/cart-store';
import { refreshCart } from './cart-refresh';

/**
 * The badge's live half, loaded once the page is interactive (decision 0037): the stored cart
 * (zustand `persist`), the refresh of docs/requirements/cart.md, and the units in the cart as they change. The
 * first load of every shop page carries only the badge's markup.
 */
export function watchCartCount(siteId: number, onCount: (count: number) => void): () => void {
  void refreshCart(siteId);
  const read = () => onCount(useCartStore.getState().cart?.totalQuantity ?? 0);
  read();
  return useCartStore.subscribe(read);
}
