'use client';

import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { Icon } from '../../ui/icon';
import { SiteLink } from '../../ui/site-link';
import { AccountLink } from '../account/account-link';
import { isCurrent, type MenuEntry, type SiteMenu } from './menu-entries';
import { useMobileNavigation } from './mobile-navigation';
import styles from './mobile-drawer.module.css';

/**
 * The full-height menu of the mobile layout. A modal <dialog>: the page behind is inert, so focus
 * stays inside, Escape closes it, and focus returns to the button that opened it.
 */
export function MobileDrawer({
  main,
  fixedRight,
  social,
}: SiteMenu & {
  /** The social pages' icons (DISPLAY_SOCIAL_ICON_IN_MENU), drawn on the server. */
  social?: ReactNode;
}) {
  const { drawerOpen, setDrawerOpen, drawerId, siteId, currentUrl } = useMobileNavigation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (drawerOpen && !dialog.open) dialog.showModal();
    if (!drawerOpen && dialog.open) dialog.close();
  }, [drawerOpen]);

  // A click on the dimmed backdrop lands on the dialog element itself, outside its box.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    if (!inside) setDrawerOpen(false);
  };

  return (
    <dialog
      ref={dialogRef}
      id={drawerId}
      className={styles.drawer}
      aria-labelledby={titleId}
      onClose={() => setDrawerOpen(false)}
      onClick={closeOnBackdrop}
      data-surface="dark"
    >
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Menu
        </h2>
        <button
          type="button"
          className={styles.close}
          onClick={() => setDrawerOpen(false)}
          aria-label="Fermer le menu"
        >
          <Icon name="close" size={24} />
        </button>
      </div>
      <nav aria-label="Menu mobile" className={styles.nav}>
        <EntryList
          entries={[...main, ...fixedRight]}
          currentUrl={currentUrl}
          onFollow={() => setDrawerOpen(false)}
        />
      </nav>
      <div className={styles.account}>
        <AccountLink siteId={siteId} className={styles.accountLink} />
      </div>
      {social}
    </dialog>
  );
}

interface EntryListProps {
  entries: MenuEntry[];
  currentUrl: string;
  /** Following a link closes the drawer, even when it leads to the page already shown. */
  onFollow: () => void;
  nested?: boolean;
}

function EntryList({ entries, currentUrl, onFollow, nested = false }: EntryListProps) {
  return (
    <ul role="list" className={nested ? styles.nestedList : styles.list}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <SiteLink
            href={entry.href}
            external={entry.external}
            className={styles.link}
            aria-current={isCurrent(entry, currentUrl) ? 'page' : undefined}
            onClick={onFollow}
          >
            {entry.label}
          </SiteLink>
          {entry.children.length > 0 && (
            <EntryList
              entries={entry.children}
              currentUrl={currentUrl}
              onFollow={onFollow}
              nested
            />
          )}
        </li>
      ))}
    </ul>
  );
}
