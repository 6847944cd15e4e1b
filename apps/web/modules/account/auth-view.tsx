'use client';

import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { notifySuccess } from '../../ui/toaster';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { useAccount } from './use-account';
import { returnPath } from './use-return-path';
import styles from './account.module.css';

interface AuthViewProps {
  siteId: number;
  askBirthdate: boolean;
  /** The terms checkbox's label, rendered by the server page (it quotes the contract's text). */
  termsLabel: ReactNode;
}

/**
 * Login and registration side by side (one page, docs/requirements/account.md). A visitor who is logged in, already or
 * just now, goes on to the page that sent them here (`next`), or to their account.
 */
export function AuthView({ siteId, askBirthdate, termsLabel }: AuthViewProps) {
  const router = useRouter();
  const { status, user } = useAccount(siteId);

  useEffect(() => {
    if (status === 'member') router.replace(returnPath());
  }, [status, router]);

  const welcome = () => notifySuccess('Connexion réussie. Bienvenue dans votre espace personnel.');

  if (status === 'member') {
    return (
      <div className={`container ${styles.section}`}>
        <p role="status">
          {user ? `${user.firstname} ${user.lastname}, vous` : 'Vous'} êtes dans votre espace
          personnel. Redirection en cours…
        </p>
      </div>
    );
  }

  return (
    <div className={`container ${styles.authGrid}`}>
      <section className={styles.card} aria-labelledby="connexion">
        <h2 id="connexion" className={styles.cardTitle}>
          J&apos;ai déjà un compte
        </h2>
        <p className={styles.cardIntro}>
          Connectez-vous avec votre adresse e-mail et votre mot de passe.
        </p>
        <LoginForm siteId={siteId} onLoggedIn={welcome} />
      </section>
      <section className={styles.card} aria-labelledby="creation-compte">
        <h2 id="creation-compte" className={styles.cardTitle}>
          Je crée mon compte
        </h2>
        <p className={styles.cardIntro}>
          Votre espace personnel vous permet de gérer vos informations et vos abonnements à nos
          lettres d&apos;information.
        </p>
        <RegisterForm
          siteId={siteId}
          askBirthdate={askBirthdate}
          termsLabel={termsLabel}
          onLoggedIn={() => notifySuccess('Bienvenue ! Votre compte est créé.')}
        />
      </section>
    </div>
  );
}
