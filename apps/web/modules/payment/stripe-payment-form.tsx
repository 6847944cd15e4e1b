'use client';

import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { formatPrice } from '@comptoir/domain/money';
import { PAYMENT_UNAVAILABLE_TEXT, type PaymentIntentAnswer } from './payment-model';
import styles from './payment.module.css';

/*
 * Stripe's Payment Element (loaded by the payment page on demand, decision 0053): the card
 * details go from the visitor's browser to Stripe, in Stripe's frame; the shop never sees them.
 * Stripe then sends the visitor to the confirmation page, and its webhook marks the order paid.
 */

function PaymentForm({ amountCents, returnPath }: { amountCents: number; returnPath: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setError(null);
    const { error: refused } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: new URL(returnPath, window.location.origin).toString() },
    });
    // Reached only when the payment did not go through (otherwise Stripe left the page).
    setError(refused.message ?? PAYMENT_UNAVAILABLE_TEXT);
    setPaying(false);
  }

  return (
    <form className={styles.form} onSubmit={pay} aria-busy={paying}>
      <PaymentElement options={{ layout: 'tabs' }} />
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={!stripe || !elements || paying}>
        {paying ? 'Paiement en cours…' : `Payer ${formatPrice(amountCents)}`}
      </button>
    </form>
  );
}

export function StripePaymentForm({
  intent,
  returnPath,
}: {
  intent: PaymentIntentAnswer;
  returnPath: string;
}) {
  // One Stripe.js per publishable key: loadStripe adds Stripe's script to the page once.
  const stripe = useMemo(() => loadStripe(intent.publishableKey), [intent.publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: intent.clientSecret, locale: 'fr' }}>
      <PaymentForm amountCents={intent.amountCents} returnPath={returnPath} />
    </Elements>
  );
}
