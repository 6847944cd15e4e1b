'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { refundOrder, setOrderStatus } from '@comptoir/contract/payment';
import { formatPrice } from '@comptoir/domain/money';
import {
  ORDER_TRANSITIONS,
  type OrderState,
  type OrderStatus,
  PAYMENT_METHOD_LABELS,
  refundRestocksByDefault,
  transitionError,
} from '@comptoir/domain/order';
import { failureMessage } from '../../../ui/server-errors';
import { notifyError, notifySuccess } from '../../../ui/toaster';
import { browserApi } from '../../account/browser-api';
import { orderStatusText } from '../../checkout/order-format';
import controls from '../admin-controls.module.css';
import { ConfirmingButton } from './confirming-button';
import { MOVE_TEXTS } from './order-texts';
import styles from './orders.module.css';

interface OrderActionsProps {
  siteId: number;
  orderId: number;
  state: OrderState;
  amountDueCents: number;
}

/**
 * What the owner can do with an order now: the moves the transition table allows from its state
 * (the same `transitionError` the API applies), the receipt of an offline payment, the refund.
 * The customer is mailed by the API at each step.
 */
export function OrderActions({ siteId, orderId, state, amountDueCents }: OrderActionsProps) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  // The owner's answer to « Remettre les articles en stock », else the default for the state the
  // order is in now (yes until it is shipped, decision 0082).
  const [restockChoice, setRestockChoice] = useState<boolean | null>(null);
  const restock = restockChoice ?? refundRestocksByDefault(state.status);

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setStatus('');
    try {
      await action();
      notifySuccess(done);
      setStatus(done);
      router.refresh();
    } catch (error) {
      notifyError(failureMessage(error));
      setStatus(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const move = (to: OrderStatus) =>
    run(
      () =>
        browserApi(siteId).call(setOrderStatus, { params: { id: orderId }, body: { status: to } }),
      to === 'PAID'
        ? 'Paiement enregistré : la facture part au client.'
        : `Commande passée à « ${orderStatusText(to)} » : le client est prévenu par e-mail.`,
    );

  const allowed = (to: OrderStatus) => transitionError(state, to) === null;
  const moves = ORDER_TRANSITIONS[state.status].filter(
    (to) => to !== 'PAID' && to !== 'REFUNDED' && to !== 'CANCELLED' && allowed(to),
  );
  const canReceivePayment = state.paymentMethod !== 'CARD' && allowed('PAID');
  const byCard = state.paymentMethod === 'CARD';

  return (
    <div className={styles.actionPanel}>
      <div className={styles.actions}>
        {canReceivePayment && (
          <button
            type="button"
            className={controls.button}
            disabled={busy}
            onClick={() => move('PAID')}
          >
            Paiement reçu ({PAYMENT_METHOD_LABELS[state.paymentMethod].toLowerCase()},{' '}
            {formatPrice(amountDueCents)})
          </button>
        )}
        {moves.map((to) => (
          <button
            key={to}
            type="button"
            className={controls.button}
            disabled={busy}
            onClick={() => move(to)}
          >
            {MOVE_TEXTS[to] ?? orderStatusText(to)}
          </button>
        ))}
        {moves.length === 0 &&
          !canReceivePayment &&
          !allowed('CANCELLED') &&
          !allowed('REFUNDED') && (
            <p>Aucune étape ne suit : la commande est « {orderStatusText(state.status)} ».</p>
          )}
      </div>
      {allowed('CANCELLED') && (
        <ConfirmingButton
          label="Annuler la commande"
          question="La commande sera annulée, ses bouteilles remises en stock et le client prévenu. Cette action est définitive."
          confirmLabel="Oui, annuler la commande"
          busy={busy}
          onConfirm={() => move('CANCELLED')}
        />
      )}
      {allowed('REFUNDED') && (
        <ConfirmingButton
          label={byCard ? 'Rembourser par carte' : 'Marquer remboursée'}
          question={
            byCard
              ? `Stripe rendra ${formatPrice(amountDueCents)} sur la carte du client, qui est prévenu par e-mail.`
              : `Rendez ${formatPrice(amountDueCents)} au client par vous-même (virement, chèque) : la commande sera marquée remboursée et le client prévenu.`
          }
          confirmLabel={byCard ? 'Oui, rembourser' : 'Oui, marquer remboursée'}
          busy={busy}
          onConfirm={() =>
            run(
              () =>
                browserApi(siteId).call(refundOrder, {
                  params: { id: orderId },
                  body: { restock },
                }),
              restock
                ? 'Commande remboursée, articles remis en stock : le client est prévenu par e-mail.'
                : 'Commande remboursée : le client est prévenu par e-mail.',
            )
          }
        >
          <label className={controls.checkboxRow}>
            <input
              type="checkbox"
              checked={restock}
              disabled={busy}
              onChange={(event) => setRestockChoice(event.target.checked)}
            />
            Remettre les articles en stock
          </label>
        </ConfirmingButton>
      )}
      <p role="status" className={controls.status}>
        {status}
      </p>
    </div>
  );
}
