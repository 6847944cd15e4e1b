'use client';

import { IntentLink } from '../../ui/intent-link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { failureMessage } from '../../ui/server-errors';
import { notifyError, notifySuccess } from '../../ui/toaster';
import { useCurrentUrl } from '../site-layout/use-current-url';
import { ACCOUNT_PATH } from './account-paths';
import styles from './account.module.css';

export interface AccountNavEntry {
  href: string;
  label: string;
}

/** The entry of the page shown, or of its parent (an order under « Mes commandes »). */
function isCurrent(currentUrl: string, href: string): boolean {
  return currentUrl === href || (href !== ACCOUNT_PATH && currentUrl.startsWith(`${href}/`));
}

/** The account area's menu, and the logout button (docs/requirements/account.md: logout clears cart, user, cookies). */
export function AccountNav({ siteId, entries }: { siteId: number; entries: AccountNavEntry[] }) {
  const currentUrl = useCurrentUrl(siteId);
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);

  const onLogout = async () => {
    if (leaving) return;
    setLeaving(true);
    try {
      // Loaded on the click: the account pages' first load stays without the contract's schemas.
      const { logOut } = await import('./session-actions');
      await logOut(siteId);
      notifySuccess('Vous êtes déconnecté. À bientôt !');
      router.replace('/');
    } catch (error) {
      notifyError(failureMessage(error));
      setLeaving(false);
    }
  };

  return (
    <nav aria-label="Mon espace personnel" className={styles.accountNav}>
      <ul role="list" className={styles.accountNavList}>
        {entries.map((entry) => (
          <li key={entry.href}>
            <IntentLink
              href={entry.href}
              className={styles.accountNavLink}
              aria-current={isCurrent(currentUrl, entry.href) ? 'page' : undefined}
            >
              {entry.label}
            </IntentLink>
          </li>
        ))}
        <li className={styles.logoutItem}>
          <button
            type="button"
            className={styles.logoutButton}
            onClick={() => void onLogout()}
            aria-busy={leaving || undefined}
          >
            {leaving ? 'Déconnexion…' : 'Se déconnecter'}
          </button>
        </li>
      </ul>
    </nav>
  );
}
