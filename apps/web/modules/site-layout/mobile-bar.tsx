'use client';

import { IntentLink } from '../../ui/intent-link';
import type { ReactNode } from 'react';
import { Icon } from '../../ui/icon';
import { useMobileNavigation } from './mobile-navigation';
import styles from './mobile-bar.module.css';

/** The header of the mobile layout (under 960 px): the logo and the button that opens the menu. */
export function MobileBar({ logo }: { logo: ReactNode }) {
  const { drawerOpen, setDrawerOpen, drawerId } = useMobileNavigation();
  return (
    <header aria-label="Barre mobile" className={styles.bar}>
      <IntentLink href="/" className={styles.logoLink}>
        {logo}
      </IntentLink>
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
    </header>
  );
}
