'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { IntentLink } from '../../../ui/intent-link';
import { isCurrentEntry, publicAdminPathname, type AdminNavEntry } from './admin-nav';
import styles from './admin-frame.module.css';

/**
 * The back office's navigation: a column beside the screen on a desktop, behind a menu button on
 * a phone (closed again once a screen is chosen, or with Escape).
 */
export function AdminNavigation({
  siteId,
  entries,
}: {
  siteId: number;
  entries: readonly AdminNavEntry[];
}) {
  const pathname = publicAdminPathname(usePathname() ?? '/admin', siteId);
  // Open on the screen where it was opened: choosing another screen closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);

  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        aria-controls="navigation-administration"
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true" className={styles.menuIcon} />
        Menu
      </button>
      <nav
        id="navigation-administration"
        aria-label="Administration"
        className={styles.nav}
        data-open={open}
      >
        <ul className={styles.navList}>
          {entries.map((entry) => (
            <li key={entry.href}>
              <IntentLink
                href={entry.href}
                className={styles.navLink}
                aria-current={isCurrentEntry(entry, pathname) ? 'page' : undefined}
              >
                {entry.label}
              </IntentLink>
            </li>
          ))}
        </ul>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- another root layout: a full page load on purpose */}
        <a href="/" className={styles.siteLink}>
          Retour au site
        </a>
      </nav>
    </>
  );
}
