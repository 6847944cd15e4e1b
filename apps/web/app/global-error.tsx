'use client';

import { useEffect } from 'react';
import { errorMessage } from '../modules/errors/error-message';
import './global-error.css';

interface GlobalErrorProps {
  error: unknown;
  retry: () => void;
}

/**
 * The last-resort fallback (docs/requirements/storefront-layout.md): the site's layout itself failed, so this page brings its own
 * document and neutral styles, and its home link reloads the page fully.
 */
export default function GlobalError({ error, retry }: GlobalErrorProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const message = errorMessage(error);

  return (
    <html lang="fr">
      <body className="global-error">
        <title>Une erreur est survenue</title>
        <main className="global-error__panel">
          <h1>Une erreur est survenue</h1>
          <p role="alert">{message}</p>
          <div className="global-error__actions">
            <button type="button" onClick={() => retry()}>
              Réessayer
            </button>
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full reload on purpose: the client router may be what failed */}
            <a href="/">Retour à l&apos;accueil</a>
          </div>
        </main>
      </body>
    </html>
  );
}
