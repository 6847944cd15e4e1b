'use client';

import { lazy, Suspense } from 'react';
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
}

/** Shortcuts fixed at the bottom of the screen in the mobile layout (under 960 px). */
export function BottomBar({ contactHref, shop }: BottomBarProps) {
  const { drawerOpen, setDrawerOpen, drawerId, currentUrl, siteId } = useMobileNavigation();
  return (
    <nav aria-label="Barre de navigation inférieure" className={styles.bar} data-surface="dark">
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
              <CartShortcut siteId={siteId} currentUrl={currentUrl} />
            </Suspense>
          </li>
        )}
        <li>
          <Shortcut href={ACCOUNT_HREF} icon="user" label="Mon compte" currentUrl={currentUrl} />
        </li>
      </ul>
    </nav>
  );
}
