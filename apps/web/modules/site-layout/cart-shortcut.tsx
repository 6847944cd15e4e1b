'use client';

import type { ReactNode } from 'react';
import { BadgeCount } from '../cart/badge-count';
import { CartIcon } from '../cart/cart-icon';
import { CART_PATH } from '../cart/cart-paths';
import { useCartCount } from '../cart/use-cart-count';
import { Shortcut } from './shortcut';

/** The cart page, with the units in the cart on the icon's corner. */
export function CartShortcut({
  siteId,
  currentUrl,
  icon,
}: {
  siteId: number;
  currentUrl: string;
  /** CART_ICON drawn on the server. */
  icon?: ReactNode;
}) {
  const count = useCartCount(siteId);
  return (
    <Shortcut
      href={CART_PATH}
      icon={icon ?? <CartIcon size={22} />}
      label="Panier"
      currentUrl={currentUrl}
      extra={<BadgeCount count={count} corner />}
    />
  );
}
