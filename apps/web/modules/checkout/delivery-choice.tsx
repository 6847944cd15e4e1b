'use client';

import { carrierFeeText } from '@comptoir/domain/delivery';
import type { CheckoutCartState } from './checkout-order';
import { IntentLink } from '../../ui/intent-link';
import { DELIVERY_PATH } from '../delivery/delivery-model';
import { slotText } from './order-format';
import styles from './checkout.module.css';

/**
 * The delivery chosen at the previous step, as a reminder with a way back to change it, and the
 * API's problems with it (slot no longer held, carrier no longer delivering there…).
 */
export function DeliveryChoice({
  state,
  problems,
}: {
  state: CheckoutCartState;
  problems: readonly { key: string; error: string }[];
}) {
  const { carrier, city, clickAndCollect } = state;
  let text: string;
  if (state.deliveryType === 'clickAndCollect' && clickAndCollect) {
    text = `Retrait sur place ${slotText(clickAndCollect.date, clickAndCollect.start, clickAndCollect.end)}.`;
  } else if (state.deliveryType === 'delivery' && carrier && city) {
    const fee = `frais de livraison : ${carrierFeeText(carrier.feeCents).toLowerCase()}`;
    const point = carrier.accessPoint
      ? ` au point relais ${carrier.accessPoint.name}, ${carrier.accessPoint.addLine1}, ${carrier.accessPoint.zipCode} ${carrier.accessPoint.city}`
      : ` à ${city.postalCode} ${city.name}`;
    text = `${carrier.name}${point} (${fee}).`;
  } else {
    // Nothing to deliver (gift vouchers): no delivery step to remind of, only its problems.
    return problems.length > 0 ? <Problems problems={problems} /> : null;
  }
  return (
    <section className={styles.deliveryChoice} aria-label="Votre livraison">
      <p>
        <strong>Votre livraison : </strong>
        {text} <IntentLink href={DELIVERY_PATH}>Modifier</IntentLink>
      </p>
      {problems.length > 0 ? <Problems problems={problems} /> : null}
    </section>
  );
}

/** The API's problems with the cart or its delivery, read out as they come. */
function Problems({ problems }: { problems: readonly { key: string; error: string }[] }) {
  return (
    <ul className={styles.problems} role="alert">
      {problems.map((problem) => (
        <li key={`${problem.key}:${problem.error}`}>{problem.error}</li>
      ))}
    </ul>
  );
}
