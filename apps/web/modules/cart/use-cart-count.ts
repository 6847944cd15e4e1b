'use client';

import { useEffect, useState } from 'react';

/**
 * The units in the visitor's cart (the API's totalQuantity): 0 on the server and at hydration,
 * then the stored cart's once the cart's code has loaded after the page became interactive, then
 * the server's when the refresh (once per page load) answers. The store, its persistence and the
 * refresh stay out of the first load (decision 0037).
 */
export function useCartCount(siteId: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let active = true;
    let stop = () => {};
    void import('./cart-count-source').then(({ watchCartCount }) => {
      if (active) stop = watchCartCount(siteId, setCount);
    });
    return () => {
      active = false;
      stop();
    };
  }, [siteId]);
  return count;
}
