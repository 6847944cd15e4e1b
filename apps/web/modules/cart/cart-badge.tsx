'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { IntentLink } from '../../ui/intent-link';
import { useCurrentUrl } from '../site-layout/use-current-url';
import { CartIcon } from './cart-icon';
import { CART_PATH } from './cart-paths';
import { useCartCount } from './use-cart-count';
import styles from './cart-badge.module.css';

/** The mini-cart's code loads the first time it opens, never with the page. */
const MiniCart = dynamic(() => import('./mini-cart').then((module) => module.MiniCart), {
  ssr: false,
});

/** The units as the badge shows them, and their words for assistive technologies. */
export function BadgeCount({ count, corner = false }: { count: number; corner?: boolean }) {
  // Nothing for an empty cart: at hydration the count is not known yet, and « vide » would lie.
  if (count === 0) return null;
  return (
    <span className={`${styles.count} ${corner ? styles.corner : ''}`} data-testid="cart-count">
      {count > 99 ? '99+' : count}
      <span className="visually-hidden"> article{count > 1 ? 's' : ''}</span>
    </span>
  );
}

interface CartBadgeProps {
  siteId: number;
  /** SEE_CART_ON_HOVER: the cart's lines show under the badge on hover and focus. */
  seeCartOnHover: boolean;
}

/**
 * The header's cart entry on e-commerce sites: a link to the cart page with the units in the
 * cart, and, when the site asks for it, the mini-cart while the pointer or the focus is on it.
 */
export function CartBadge({ siteId, seeCartOnHover }: CartBadgeProps) {
  const count = useCartCount(siteId);
  const [open, setOpen] = useState(false);
  const onCartPage = useCurrentUrl(siteId) === CART_PATH;
  const preview = seeCartOnHover && !onCartPage;

  const link = (
    <IntentLink href={CART_PATH} className={styles.link}>
      <CartIcon size={20} />
      <span>Panier</span> <BadgeCount count={count} />
    </IntentLink>
  );
  if (!preview) return link;

  return (
    <div
      className={styles.preview}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      {link}
      {open ? <MiniCart /> : null}
    </div>
  );
}
