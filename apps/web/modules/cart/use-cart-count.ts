'use client';

import { useEffect } from 'react';
import { useCartStore } from '../../lib/stores/cart-store';
import { refreshCart } from './cart-refresh';

/**
 * The units in the visitor's cart (the API's totalQuantity), 0 on the server and at hydration:
 * the stored cart shows once the page is interactive, then the refresh (once per page load)
 * brings the server's.
 */
export function useCartCount(siteId: number): number {
  const count = useCartStore((state) => state.cart?.totalQuantity ?? 0);
  useEffect(() => {
    void refreshCart(siteId);
  }, [siteId]);
  return count;
}
