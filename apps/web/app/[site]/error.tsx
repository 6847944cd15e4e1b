'use client';

import { IntentLink } from '../../ui/intent-link';
import { useEffect } from 'react';
import { errorMessage } from '../../modules/errors/error-message';
import { ErrorPanel } from '../../modules/errors/error-panel';

interface SiteErrorProps {
  error: unknown;
  retry: () => void;
}

/** An unexpected failure in a page (docs/requirements/storefront-layout.md): its message, or 'Error', inside the site's layout. */
export default function SiteError({ error, retry }: SiteErrorProps) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  const message = errorMessage(error);

  return (
    <ErrorPanel
      title="Une erreur est survenue"
      actions={
        <>
          <button type="button" className="button" onClick={() => retry()}>
            Réessayer
          </button>
          <IntentLink href="/" className="button button-secondary">
            Retour à l&apos;accueil
          </IntentLink>
        </>
      }
    >
      <p role="alert">{message}</p>
    </ErrorPanel>
  );
}
