'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'next/navigation';
import { formatPrice } from '@comptoir/domain/money';
import { IntentLink } from '../../ui/intent-link';
import { BROWSER_API_BASE } from '../account/browser-api';
import { frenchMessage } from '../api-messages/french-message';
import { CART_PATH } from '../cart/cart-paths';
import {
  CARD_NOT_OFFERED_TEXT,
  ORDER_NOT_FOUND_TEXT,
  PAYMENT_UNAVAILABLE_TEXT,
  paymentStateOf,
  type PaymentState,
} from './payment-model';
import {
  confirmationPath,
  ORDER_TOKEN_HEADER_NAME,
  parseOrderId,
  readOrderToken,
} from './payment-paths';
import { paymentIntentRoute, publicKeyRoute } from './payment-routes';
import styles from './payment.module.css';

/*
 * Stripe's Payment Element and Stripe.js load only here, once the order is known to be payable
 * by card: in a chunk of their own, never with another page (decision 0053).
 */
const StripePaymentForm = lazy(() =>
  import('./stripe-payment-form').then((module) => ({ default: module.StripePaymentForm })),
);

function siteHeaders(siteId: number): Record<string, string> {
  return { siteId: String(siteId), userLang: 'fr_FR' };
}

/** Asks the API whether the site takes cards, then for the order's PaymentIntent. */
async function loadPayment(siteId: number, orderId: number): Promise<PaymentState> {
  try {
    const key = await fetch(`${BROWSER_API_BASE}${publicKeyRoute.path}`, {
      headers: siteHeaders(siteId),
    });
    if (key.status === 404) return { kind: 'not-offered' };
    const token = readOrderToken(orderId, globalThis.sessionStorage ?? null);
    const response = await fetch(`${BROWSER_API_BASE}${paymentIntentRoute.path}`, {
      method: paymentIntentRoute.method,
      headers: {
        ...siteHeaders(siteId),
        'content-type': 'application/json',
        ...(token ? { [ORDER_TOKEN_HEADER_NAME]: token } : {}),
      },
      body: JSON.stringify({ idOrder: orderId }),
    });
    const state = paymentStateOf(response.status, await response.json().catch(() => null));
    // The API's refusal, in French (decision 0084).
    return state.kind === 'failed' || state.kind === 'closed'
      ? { ...state, message: (await frenchMessage(state.message)) || PAYMENT_UNAVAILABLE_TEXT }
      : state;
  } catch {
    return { kind: 'failed', message: PAYMENT_UNAVAILABLE_TEXT };
  }
}

/** /panier/paiement/<id>: the card payment of an order just placed. */
export function PaymentView({ siteId }: { siteId: number }) {
  const orderId = parseOrderId(useParams<{ id?: string }>().id);
  const [state, setState] = useState<PaymentState>({ kind: 'loading' });

  useEffect(() => {
    if (orderId === null) return;
    let current = true;
    void loadPayment(siteId, orderId).then((next) => {
      if (current) setState(next);
    });
    return () => {
      current = false;
    };
  }, [siteId, orderId]);

  if (orderId === null) return <p role="alert">{ORDER_NOT_FOUND_TEXT}</p>;

  switch (state.kind) {
    case 'loading':
      return (
        <p className={styles.loading} role="status">
          Préparation du paiement…
        </p>
      );
    case 'not-offered':
      return (
        <div className={styles.panel}>
          <p role="alert">{CARD_NOT_OFFERED_TEXT}</p>
          <IntentLink href={confirmationPath(orderId)} className="button button-secondary">
            Voir ma commande
          </IntentLink>
        </div>
      );
    case 'not-found':
      return (
        <div className={styles.panel}>
          <p role="alert">{ORDER_NOT_FOUND_TEXT}</p>
          <IntentLink href={CART_PATH} className="button button-secondary">
            Retour au panier
          </IntentLink>
        </div>
      );
    case 'closed':
      return (
        <div className={styles.panel}>
          <p role="alert">{state.message}</p>
          {state.paid ? (
            <IntentLink href={confirmationPath(orderId)} className="button">
              Voir ma commande
            </IntentLink>
          ) : null}
        </div>
      );
    case 'failed':
      return (
        <div className={styles.panel}>
          <p className={styles.error} role="alert">
            {state.message}
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setState({ kind: 'loading' });
              void loadPayment(siteId, orderId).then(setState);
            }}
          >
            Réessayer
          </button>
        </div>
      );
    case 'ready':
      return (
        <div className={styles.panel}>
          <p className={styles.amount}>
            Montant à régler : <strong>{formatPrice(state.intent.amountCents)}</strong>
          </p>
          <Suspense
            fallback={
              <p className={styles.loading} role="status">
                Chargement du formulaire de paiement sécurisé…
              </p>
            }
          >
            <StripePaymentForm intent={state.intent} returnPath={confirmationPath(orderId)} />
          </Suspense>
        </div>
      );
  }
}
