'use client';

import type { ShippingQuote } from '@comptoir/contract/shipping';
import { carrierFeeText } from '@comptoir/domain/delivery';
import { formatPrice } from '@comptoir/domain/money';
import type { CartCarrier } from '../../lib/stores/cart-store';
import { carrierOf } from './delivery-model';
import styles from './delivery.module.css';

interface CarrierChoiceProps {
  /** The quote for the chosen commune and the cart; null while it is asked or when it failed. */
  quote: ShippingQuote | null;
  /** Why there is no carrier to choose (none serves the address, the call failed). */
  error: string | null;
  /** A quote is being asked. */
  quoting: boolean;
  chosen: CartCarrier | null;
  /** The radio group's name, unique on the page. */
  name: string;
  onChoose: (carrier: CartCarrier) => void;
}

/**
 * The quote's messages and the carriers with their fees, once a commune is chosen: the step opens
 * without them, so their code loads in a chunk of its own then (decision 0086).
 */
export function CarrierChoice({
  quote,
  error,
  quoting,
  chosen,
  name,
  onChoose,
}: CarrierChoiceProps) {
  return (
    <>
      {quote?.shippingMessage ? <p className={styles.notice}>{quote.shippingMessage}</p> : null}
      {quote?.freeShippingMessage ? (
        <p className={styles.freeShipping} data-testid="free-shipping-message">
          {quote.freeShippingMessage}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <fieldset className={styles.fieldset} aria-busy={quoting}>
        <legend className={styles.legend}>Transporteur</legend>
        {quoting && !quote ? <p role="status">Calcul des frais de livraison…</p> : null}
        <div className={styles.choices}>
          {(quote?.carriers ?? []).map((offer) => (
            <label key={offer.id} className={styles.carrier}>
              <input
                type="radio"
                name={name}
                value={offer.id}
                checked={chosen?.id === offer.id}
                onChange={() => onChoose(carrierOf(offer, chosen))}
              />
              <span className={styles.carrierName}>
                {offer.name}
                {offer.description ? (
                  <span className={styles.carrierDescription}>{offer.description}</span>
                ) : null}
              </span>
              <span className={styles.carrierPrice}>
                {carrierFeeText(offer.fdp)}
                {offer.fdp === 0 && offer.price > 0 ? (
                  <s className={styles.crossed}>
                    <span className="visually-hidden">au lieu de </span>
                    {formatPrice(offer.price)}
                  </s>
                ) : null}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
