import type { ReactNode } from 'react';
import type { User } from '@comptoir/contract/user';
import { navEntriesFor } from './admin-nav';
import { AdminNavigation } from './admin-navigation';
import styles from './admin-frame.module.css';

/** The back office around each screen: the site's name, who is logged in, the navigation. */
export function AdminFrame({
  siteId,
  siteName,
  user,
  children,
}: {
  siteId: number;
  siteName: string;
  user: User;
  children: ReactNode;
}) {
  return (
    <div className={styles.frame}>
      <a href="#contenu-administration" className={styles.skipLink}>
        Aller au contenu
      </a>
      {/* The toasts start under it (ui/sonner-toaster.tsx). */}
      <header className={styles.header} data-toasts-below>
        <p className={styles.brand}>
          <span className={styles.brandLabel}>Back-office</span>
          <span className={styles.siteName}>{siteName}</span>
        </p>
        <p className={styles.user}>
          {user.firstname} {user.lastname}
          <span className={styles.role}>
            {user.role === 'SUPER_ADMIN' ? 'Super admin' : 'Admin'}
          </span>
        </p>
        <AdminNavigation siteId={siteId} entries={navEntriesFor(user.role)} />
      </header>
      <main id="contenu-administration" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** What a member who is not an administrator of this site sees instead (a 403 in words). */
export function AdminForbidden({ siteName }: { siteName: string }) {
  return (
    <main id="contenu-administration" className={styles.forbidden}>
      <p className={styles.forbiddenCode}>Erreur 403</p>
      <h1>Accès réservé aux administrateurs du site</h1>
      <p>
        Votre compte n&apos;a pas accès à l&apos;administration de {siteName}. Si vous gérez ce
        site, connectez-vous avec le compte administrateur.
      </p>
      <p>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- another root layout: a full page load on purpose */}
        <a href="/" className={styles.button}>
          Retour au site
        </a>
      </p>
    </main>
  );
}
