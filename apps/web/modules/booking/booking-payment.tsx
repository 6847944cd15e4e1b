'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import type { Booking } from '@comptoir/contract/booking';
import { formatPrice } from '@comptoir/domain/money';
import { failureMessage } from '../../ui/server-errors';
import type { PaymentIntentAnswer } from '../payment/payment-model';
import { manageBookingPath } from './booking-paths';
import { payRoute } from './booking-routes';
import { callBooking } from './booking-session';
import styles from './booking.module.css';

/*
 * The checkout's Stripe step (decision 0053), reused: Stripe.js and the Payment Element load
 * only here, once a booking waits for its card payment, in their own chunk.
 */
const StripePaymentForm = lazy(() =>
  import('../payment/stripe-payment-form').then((module) => ({
    default: module.StripePaymentForm,
  })),
);

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; intent: PaymentIntentAnswer }
  | { kind: 'failed'; message: string };

/**
 * The deposit or the price of a booking that asks for it, by card. Stripe comes back to the
 * booking's page, which shows it confirmed once Stripe's webhook told the API.
 */
export function BookingPayment({ siteId, booking }: { siteId: number; booking: Booking }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    callBooking(siteId, payRoute, booking.id, { params: { id: booking.id } })
      .then((answer) => {
        if (!live) return;
        setState({
          kind: 'ready',
          intent: {
            clientSecret: answer.clientSecret,
            publishableKey: answer.publicKey,
            amountCents: answer.amountCents,
          },
        });
      })
      .catch(
        (error: unknown) => live && setState({ kind: 'failed', message: failureMessage(error) }),
      );
    return () => {
      live = false;
    };
  }, [siteId, booking.id, attempt]);

  return (
    <section className={styles.step} aria-labelledby="booking-payment">
      <h2 id="booking-payment" className={styles.stepTitle}>
        Paiement par carte
      </h2>
      <p>
        Montant à régler pour confirmer : <strong>{formatPrice(booking.dueOnlineCents)}</strong>. Le
        paiement est assuré par Stripe : vos coordonnées bancaires ne transitent pas par notre site.
      </p>
      {state.kind === 'loading' ? (
        <p className={styles.loading} role="status">
          Préparation du paiement…
        </p>
      ) : state.kind === 'failed' ? (
        <div className={styles.stack}>
          <p className={styles.error} role="alert">
            {state.message}
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            Réessayer
          </button>
        </div>
      ) : (
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              Chargement du formulaire de paiement sécurisé…
            </p>
          }
        >
          <StripePaymentForm intent={state.intent} returnPath={manageBookingPath(booking.id)} />
        </Suspense>
      )}
    </section>
  );
}
