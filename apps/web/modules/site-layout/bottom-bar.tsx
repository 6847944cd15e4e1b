'use client';

import type { ReactNode } from 'react';
import { IntentLink } from '../../ui/intent-link';
import { Icon, type IconName } from '../../ui/icon';
import { BadgeCount } from '../cart/cart-badge';
import { CartIcon } from '../cart/cart-icon';
import { CART_PATH } from '../cart/cart-paths';
import { useCartCount } from '../cart/use-cart-count';
import { ACCOUNT_HREF } from '../pages/page-tree';
import { isCurrent } from './menu-entries';
import { useMobileNavigation } from './mobile-navigation';
import styles from './bottom-bar.module.css';

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
            <CartShortcut siteId={siteId} currentUrl={currentUrl} />
          </li>
        )}
        <li>
          <Shortcut href={ACCOUNT_HREF} icon="user" label="Mon compte" currentUrl={currentUrl} />
        </li>
      </ul>
    </nav>
  );
}

interface ShortcutProps {
  href: string;
  icon: IconName | ReactNode;
  label: string;
  currentUrl: string;
  /** After the label: the cart's count. */
  extra?: ReactNode;
}

function Shortcut({ href, icon, label, currentUrl, extra }: ShortcutProps) {
  const current = isCurrent({ href, external: false }, currentUrl);
  return (
    <IntentLink href={href} className={styles.shortcut} aria-current={current ? 'page' : undefined}>
      {typeof icon === 'string' ? <Icon name={icon as IconName} size={22} /> : icon}
      <span>{label}</span> {extra}
    </IntentLink>
  );
}

/** The cart page, with the units in the cart on the icon's corner. */
function CartShortcut({ siteId, currentUrl }: { siteId: number; currentUrl: string }) {
  const count = useCartCount(siteId);
  return (
    <Shortcut
      href={CART_PATH}
      icon={<CartIcon size={22} />}
      label="Panier"
      currentUrl={currentUrl}
      extra={<BadgeCount count={count} corner />}
    />
  );
}
