'use client';

import { lazy, Suspense, type ReactNode } from 'react';
import { Icon } from '../../ui/icon';
import { ACCOUNT_HREF } from '../pages/page-tree';
import { useMobileNavigation } from './mobile-navigation';
import { Shortcut } from './shortcut';
import styles from './bottom-bar.module.css';

/**
 * The cart's shortcut only on sites that sell: its code (count, icon) is in the chunk of the
 * header's cart badge (shop-entries.ts), so a site without a shop never loads it (the server
 * renders it where it shows).
 */
const CartShortcut = lazy(() =>
  import('../cart/shop-entries').then((module) => ({ default: module.CartShortcut })),
);

interface BottomBarProps {
  /** The contact page's URL, when the site shows one. */
  contactHref: string | null;
  /** The site sells online: the cart's shortcut, with the units in the cart. */
  shop: boolean;
  /**
   * MOBILE_MENU_POSITION: BOTTOM fixes the bar at the bottom of the screen, TOP sticks it under
   * the mobile header (decision 0097).
   */
  position: 'BOTTOM' | 'TOP';
  /** CART_ICON and MY_ACCOUNT_ICON, drawn on the server. */
  icons: { cart: ReactNode; account: ReactNode };
}

/** Shortcuts of the mobile layout (under 960 px), at the bottom of the screen or at its top. */
export function BottomBar({ contactHref, shop, position, icons }: BottomBarProps) {
  const { drawerOpen, setDrawerOpen, drawerId, currentUrl, siteId } = useMobileNavigation();
  return (
    <nav
      aria-label={
        position === 'TOP' ? 'Barre de navigation mobile' : 'Barre de navigation inférieure'
      }
      className={styles.bar}
      data-surface="dark"
      data-position={position}
    >
      <ul role="list" className={styles.list}>
        <li>
          <Shortcut href="/" icon="home" label="Accueil" currentUrl={currentUrl} />
        </li>
        <li>
          <button
            type="button"
            className={styles.shortcut}
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            onClick={() => setDrawerOpen(!drawerOpen)}
          >
            <Icon name="menu" size={22} />
            <span>Menu</span>
          </button>
        </li>
        {contactHref && (
          <li>
            <Shortcut href={contactHref} icon="mail" label="Contact" currentUrl={currentUrl} />
          </li>
        )}
        {shop && (
          <li>
            <Suspense fallback={null}>
              <CartShortcut siteId={siteId} currentUrl={currentUrl} icon={icons.cart} />
            </Suspense>
          </li>
        )}
        <li>
          <Shortcut
            href={ACCOUNT_HREF}
            icon={icons.account}
            label="Mon compte"
            currentUrl={currentUrl}
          />
        </li>
      </ul>
    </nav>
  );
}
