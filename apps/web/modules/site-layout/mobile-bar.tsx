'use client';

import { IntentLink } from '../../ui/intent-link';
import type { ReactNode } from 'react';
import { Icon } from '../../ui/icon';
import { useMobileNavigation } from './mobile-navigation';
import styles from './mobile-bar.module.css';

/**
 * The header of the mobile layout (under 960 px): the logo and the button that opens the menu,
 * after the site search box (SHOW_SEARCHBAR) when it is given one.
 */
export function MobileBar({ logo, search }: { logo: ReactNode; search?: ReactNode }) {
  const { drawerOpen, setDrawerOpen, drawerId } = useMobileNavigation();
  return (
    <header aria-label="Barre mobile" className={styles.bar}>
      <IntentLink href="/" className={styles.logoLink}>
        {logo}
      </IntentLink>
      <div className={styles.tools}>
        {search}
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={drawerOpen}
          aria-controls={drawerId}
          onClick={() => setDrawerOpen(true)}
        >
          <Icon name="menu" size={24} />
          <span>Menu</span>
        </button>
      </div>
    </header>
  );
}
