'use client';

import { lazy, Suspense, useState, type ReactNode } from 'react';
import { IntentLink } from '../../ui/intent-link';
import { useCurrentUrl } from '../site-layout/use-current-url';
import { BadgeCount } from './badge-count';
import { CartIcon } from './cart-icon';
import { CART_PATH } from './cart-paths';
import { useCartCount } from './use-cart-count';
import styles from './cart-badge.module.css';

/**
 * The mini-cart's code loads the first time it opens, never with the page. React.lazy rather than
 * next/dynamic: it only ever renders after a hover or focus, and next/dynamic's loader would add
 * about 2 KiB to every page's first load (decision 0035).
 */
const MiniCart = lazy(() => import('./mini-cart').then((module) => ({ default: module.MiniCart })));

interface CartBadgeProps {
  siteId: number;
  /** SEE_CART_ON_HOVER: the cart's lines show under the badge on hover and focus. */
  seeCartOnHover: boolean;
  /** The icon drawn for CART_ICON on the server; null shows none (MENU_ICON off). */
  icon?: ReactNode;
  /**
   * HIDE_ECOMMERCE_LABEL: the icon and the count alone, « Panier » kept for screen readers; the
   * word stays on screen when no icon is drawn (decision 0101).
   */
  hideLabel?: boolean;
}

/**
 * The header's cart entry on e-commerce sites: a link to the cart page with the units in the
 * cart, and, when the site asks for it, the mini-cart while the pointer or the focus is on it.
 */
export function CartBadge({ siteId, seeCartOnHover, icon, hideLabel }: CartBadgeProps) {
  const count = useCartCount(siteId);
  const [open, setOpen] = useState(false);
  const onCartPage = useCurrentUrl(siteId) === CART_PATH;
  const preview = seeCartOnHover && !onCartPage;

  const link = (
    <IntentLink href={CART_PATH} className={styles.link}>
      {icon === undefined ? <CartIcon size={20} /> : icon}
      <span className={hideLabel && icon !== null ? 'visually-hidden' : undefined}>
        Panier
      </span>{' '}
      <BadgeCount count={count} />
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
      {open ? (
        <Suspense fallback={null}>
          <MiniCart />
        </Suspense>
      ) : null}
    </div>
  );
}
