'use client';

import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useCartStore } from '../../lib/stores/cart-store';
import { IntentLink } from '../../ui/intent-link';
import { CATALOGUE_PATH } from '../catalogue/catalogue-paths';
import { refreshCart } from './cart-refresh';
import styles from './cart.module.css';

/**
 * The lines, their controls and the totals: loaded when the cart has lines (decision 0059), so
 * that an empty cart, what a new visitor sees, loads only this island.
 */
const FilledCart = lazy(() =>
  import('./filled-cart').then((module) => ({ default: module.FilledCart })),
);

const noSubscription = () => () => {};

/** false on the server and at hydration, true once the stored cart can be read. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The cart page's island (the page around it is the site's cached shell): the stored cart at
 * once, then the server's (refresh of docs/requirements/cart.md); the empty cart, or the lines with their controls
 * and the API's totals (FilledCart, loaded with its first line); the cart's error message kept in
 * the store (docs/requirements/cart.md), and what a removal or emptying did.
 */
export function CartView({ siteId }: { siteId: number }) {
  const hydrated = useHydrated();
  const cart = useCartStore((state) => state.cart);
  const errorMessage = useCartStore((state) => state.errorMessage);
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The line whose change was refused: the message shows beside it. */
  const [failedLine, setFailedLine] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  /** After a removal or emptying, the focus goes to the heading of what is left. */
  const [focusRequest, setFocusRequest] = useState(0);

  // The header's badge asks too: the refresh runs once per page load all the same.
  useEffect(() => {
    void refreshCart(siteId);
  }, [siteId]);
  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus();
  }, [focusRequest]);

  const loadingNote = (
    <p className={styles.loading} role="status">
      Chargement de votre panier…
    </p>
  );
  if (!hydrated) return loadingNote;

  const errorId = `${ids}-error`;
  /** The cart's message; beside a line, followed by what the cart kept of it. */
  const renderErrorBox = (kept: string | null) =>
    errorMessage ? (
      <div id={errorId} className={styles.error} role="alert">
        <p>
          {errorMessage}
          {kept ? ` ${kept}` : null}
        </p>
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            useCartStore.getState().setErrorMessage(null);
            setFailedLine(null);
          }}
        >
          Fermer le message
        </button>
      </div>
    ) : null;
  const errorBox = renderErrorBox(null);
  const lines = cart?.products ?? [];

  if (!cart || lines.length === 0) {
    return (
      <div className={styles.empty}>
        {errorBox}
        <h2 ref={headingRef} tabIndex={-1}>
          Votre panier est vide
        </h2>
        <p>
          Parcourez nos vins et ajoutez les bouteilles qui vous font envie : elles vous attendront
          ici.
        </p>
        <IntentLink href={CATALOGUE_PATH} className="button">
          Découvrir nos vins
        </IntentLink>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
    );
  }

  return (
    <Suspense fallback={loadingNote}>
      <FilledCart
        siteId={siteId}
        cart={cart}
        headingRef={headingRef}
        ids={ids}
        errorBox={errorBox}
        lineErrorBox={renderErrorBox}
        errorId={errorId}
        errorMessage={errorMessage}
        failedLine={failedLine}
        setFailedLine={setFailedLine}
        announce={(message) => {
          setAnnouncement(message);
          setFocusRequest((request) => request + 1);
        }}
        announcement={announcement}
      />
    </Suspense>
  );
}
