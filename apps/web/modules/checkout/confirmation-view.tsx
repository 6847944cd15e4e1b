'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Order } from '@comptoir/contract/order';
import { IntentLink } from '../../ui/intent-link';
import { failureMessage } from '../../ui/server-errors';
import { ACCOUNT_ORDERS_PATH, AUTH_PATH } from '../account/account-paths';
import { useAccount } from '../account/use-account';
import { CONFIRMATION_ORDER_PARAMETER } from './checkout-paths';
import { orderDateText } from './order-format';
import { placedOrderOf, readOrder } from './order-session';
import { OrderDelivery, OrderLines, PaymentInstructions } from './order-summary';
import styles from './checkout.module.css';

interface Fetched {
  orderId: number;
  order: Order | null;
  message: string | null;
}

const noSubscription = () => () => {};

function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

function orderIdOf(text: string | null): number | null {
  return text && /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
}

/** What comes next, in the customer's words, by payment method and delivery. */
function NextSteps({ order }: { order: Order }) {
  const pickup = order.deliveryType === 'CLICK_AND_COLLECT';
  const steps: string[] = [];
  if (order.isPaid) steps.push('Votre paiement est reçu : nous préparons votre commande.');
  else if (order.paymentMethod === 'ON_PICKUP') {
    steps.push('Nous préparons votre commande : vous la réglerez sur place, au retrait.');
  } else if (order.paymentMethod === 'BANK_TRANSFER' || order.paymentMethod === 'CHEQUE') {
    steps.push(
      `Nous préparons votre commande dès réception de votre règlement${
        order.paymentDueAt
          ? ` ; sans règlement le ${orderDateText(order.paymentDueAt)}, elle sera annulée`
          : ''
      }.`,
    );
  }
  steps.push(
    pickup
      ? 'Présentez-vous au créneau choisi : votre commande vous attendra.'
      : order.deliveryType === 'NO_DELIVERY'
        ? 'Rien ne vous sera expédié : votre achat est dématérialisé.'
        : 'Nous vous prévenons par e-mail dès que votre colis part.',
  );
  steps.push('Un e-mail de confirmation vous est envoyé avec le détail de votre commande.');
  return (
    <section aria-labelledby="next-steps" className={styles.panel}>
      <h2 id="next-steps" className={styles.heading}>
        Et maintenant ?
      </h2>
      <ol className={styles.nextSteps}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The confirmation of the order just placed (decision 0055): read from the API with the session
 * or the order's token, and shown at once from this tab's copy of POST /order's answer.
 */
export function ConfirmationView({ siteId }: { siteId: number }) {
  const orderId = orderIdOf(useSearchParams().get(CONFIRMATION_ORDER_PARAMETER));
  const { status } = useAccount(siteId);
  const hydrated = useHydrated();
  /** The API's answer for this order, once it came. */
  const [fetched, setFetched] = useState<Fetched | null>(null);

  useEffect(() => {
    if (orderId === null) return;
    let live = true;
    readOrder(siteId, orderId)
      .then((order) => live && setFetched({ orderId, order, message: null }))
      .catch((error: unknown) => {
        if (live) setFetched({ orderId, order: null, message: failureMessage(error) });
      });
    return () => {
      live = false;
    };
  }, [siteId, orderId]);

  const answer = fetched && fetched.orderId === orderId ? fetched : null;
  // This tab's copy shows at once, and stays if the API cannot read the order by its token yet.
  const order =
    answer?.order ?? (hydrated && orderId !== null ? placedOrderOf(orderId) : null) ?? null;

  if (orderId === null || (!order && answer)) {
    return (
      <div className={styles.empty} role="alert">
        <h2>Commande introuvable</h2>
        <p>{answer?.message ?? 'Aucune commande n’est indiquée.'}</p>
        <IntentLink href="/" className="button">
          Retour à l’accueil
        </IntentLink>
      </div>
    );
  }
  if (!order) {
    return (
      <p className={styles.loading} role="status">
        Chargement de votre commande…
      </p>
    );
  }
  return (
    <div className={styles.confirmation}>
      <div className={styles.thanks} role="status">
        <h2 className={styles.heading}>Merci pour votre commande !</h2>
        <p>
          Votre commande <strong data-testid="order-reference">{order.reference}</strong> du{' '}
          {orderDateText(order.createdAt)} est enregistrée.
        </p>
      </div>
      <PaymentInstructions order={order} />
      {order.deliveryType === 'NO_DELIVERY' ? null : (
        <section aria-labelledby="order-delivery" className={styles.panel}>
          <h2 id="order-delivery" className={styles.heading}>
            {order.deliveryType === 'CLICK_AND_COLLECT' ? 'Retrait' : 'Livraison'}
          </h2>
          <OrderDelivery order={order} />
        </section>
      )}
      <section aria-labelledby="order-lines" className={styles.panel}>
        <h2 id="order-lines" className={styles.heading}>
          Votre commande
        </h2>
        <OrderLines order={order} />
      </section>
      <NextSteps order={order} />
      <p className={styles.actions}>
        {status === 'member' ? (
          <IntentLink href={ACCOUNT_ORDERS_PATH} className="button">
            Voir mes commandes
          </IntentLink>
        ) : (
          <IntentLink href={AUTH_PATH} className="button">
            Créer un compte pour suivre mes commandes
          </IntentLink>
        )}
        <IntentLink href="/" className="button button-secondary">
          Retour à l’accueil
        </IntentLink>
      </p>
    </div>
  );
}
