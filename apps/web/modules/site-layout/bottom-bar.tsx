'use client';

import { IntentLink } from '../../ui/intent-link';
import { Icon, type IconName } from '../../ui/icon';
import { ACCOUNT_HREF } from '../pages/page-tree';
import { isCurrent } from './menu-entries';
import { useMobileNavigation } from './mobile-navigation';
import styles from './bottom-bar.module.css';

interface BottomBarProps {
  /** The contact page's URL, when the site shows one. */
  contactHref: string | null;
}

/** Shortcuts fixed at the bottom of the screen in the mobile layout (under 960 px). */
export function BottomBar({ contactHref }: BottomBarProps) {
  const { drawerOpen, setDrawerOpen, drawerId, currentUrl } = useMobileNavigation();
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
        <li>
          <Shortcut href={ACCOUNT_HREF} icon="user" label="Mon compte" currentUrl={currentUrl} />
        </li>
      </ul>
    </nav>
  );
}

interface ShortcutProps {
  href: string;
  icon: IconName;
  label: string;
  currentUrl: string;
}

function Shortcut({ href, icon, label, currentUrl }: ShortcutProps) {
  const current = isCurrent({ href, external: false }, currentUrl);
  return (
    <IntentLink href={href} className={styles.shortcut} aria-current={current ? 'page' : undefined}>
      <Icon name={icon} size={22} />
      <span>{label}</span>
    </IntentLink>
  );
}
