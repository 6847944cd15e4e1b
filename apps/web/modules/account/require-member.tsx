'use client';

import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { useAccountStore } from '../../lib/stores/account-store';
import { loginPathFor } from './account-paths';
import { loadAccount } from './session';
import { useAccount } from './use-account';
import styles from './account.module.css';

/**
 * The account pages' gate, in the browser: members see the page; anonymous visitors go to the
 * login page, which brings them back here (`next`). The page's server output is the same for
 * everyone, so it stays cacheable.
 */
export function RequireMember({ siteId, children }: { siteId: number; children: ReactNode }) {
  const router = useRouter();
  const { status } = useAccount(siteId);
  const leftOnPurpose = useAccountStore((state) => state.leftOnPurpose);

  useEffect(() => {
    if (status !== 'anonymous' || leftOnPurpose) return;
    router.replace(loginPathFor(`${window.location.pathname}${window.location.search}`));
  }, [status, leftOnPurpose, router]);

  if (status === 'member') return children;
  if (status === 'unavailable') {
    return (
      <div role="alert" className={styles.stack}>
        <p>
          Votre espace personnel ne peut pas s&apos;afficher pour le moment : le serveur ne répond
          pas.
        </p>
        <p>
          <button type="button" className="button" onClick={() => void loadAccount(siteId)}>
            Réessayer
          </button>
        </p>
      </div>
    );
  }
  return (
    <p role="status" className={styles.loading}>
      {status === 'anonymous'
        ? 'Redirection vers la connexion…'
        : 'Chargement de votre espace personnel…'}
    </p>
  );
}
