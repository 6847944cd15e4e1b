import type { Order } from '@comptoir/contract/order';
import { deliveryFeeLine } from '@comptoir/domain/delivery';
import { formatPrice } from '@comptoir/domain/money';
import { paymentMeansText } from '@comptoir/domain/order';
import { orderSlotText } from './order-format';
import styles from './checkout.module.css';

/** How to pay a transfer or a cheque: the site's details and the reference to give. */
export function PaymentInstructions({ order }: { order: Order }) {
  const instructions = order.paymentInstructions;
  if (!instructions) return null;
  const due = formatPrice(order.totals.amountDueCents);
  if (instructions.method === 'BANK_TRANSFER') {
    return (
      <section className={styles.instructions} aria-labelledby={`instructions-${order.id}`}>
        <h2 id={`instructions-${order.id}`} className={styles.heading}>
          Réglez votre commande par virement
        </h2>
        <p>
          Virez <strong>{due}</strong> sur le compte ci-dessous en indiquant la référence{' '}
          <strong>{instructions.reference}</strong> : votre commande est préparée dès réception du
          virement.
        </p>
        <dl className={styles.details}>
          {instructions.accountHolder ? (
            <div>
              <dt>Titulaire du compte</dt>
              <dd>{instructions.accountHolder}</dd>
            </div>
          ) : null}
          <div>
            <dt>IBAN</dt>
            <dd className={styles.code} data-testid="payment-iban">
              {instructions.iban}
            </dd>
          </div>
          {instructions.bic ? (
            <div>
              <dt>BIC</dt>
              <dd className={styles.code}>{instructions.bic}</dd>
            </div>
          ) : null}
          <div>
            <dt>Référence à indiquer</dt>
            <dd className={styles.code} data-testid="payment-reference">
              {instructions.reference}
            </dd>
          </div>
        </dl>
      </section>
    );
  }
  return (
    <section className={styles.instructions} aria-labelledby={`instructions-${order.id}`}>
      <h2 id={`instructions-${order.id}`} className={styles.heading}>
        Réglez votre commande par chèque
      </h2>
      <p>
        Envoyez un chèque de <strong>{due}</strong> en notant au dos la référence{' '}
        <strong>{instructions.reference}</strong> : votre commande est préparée dès réception du
        chèque.
      </p>
      <dl className={styles.details}>
        <div>
          <dt>À l’ordre de</dt>
          <dd>{instructions.payableTo}</dd>
        </div>
        <div>
          <dt>À envoyer à</dt>
          <dd>{instructions.mailingAddress}</dd>
        </div>
      </dl>
    </section>
  );
}

/** An address as lines: who, the street, its complement, the commune, the country. */
function AddressLines({ lines }: { lines: readonly (string | null | undefined)[] }) {
  const shown = lines.filter((line): line is string => Boolean(line && line.trim()));
  return (
    <address className={styles.address}>
      {shown.map((line, index) => (
        <span key={`${index}-${line}`}>{line}</span>
      ))}
    </address>
  );
}

/**
 * How and where the order reaches the customer (decision 0086): the carrier and the delivery
 * address, the carrier and the relay point, or the pick-up place and its slot.
 */
export function OrderDelivery({ order }: { order: Order }) {
  switch (order.deliveryType) {
    case 'CLICK_AND_COLLECT': {
      const place = order.pickupPlace ?? null;
      return (
        <>
          <p className={styles.deliveryText}>
            {order.slot
              ? `Retrait sur place ${orderSlotText(order.slot, place?.slotMinutes ?? null)}.`
              : 'Retrait sur place.'}
          </p>
          {place ? (
            <AddressLines
              lines={[
                place.name,
                place.addressLine1,
                place.addressLine2,
                `${place.postalCode} ${place.city}`,
                place.country,
              ]}
            />
          ) : null}
        </>
      );
    }
    case 'PICKUP': {
      const point = order.accessPoint;
      return (
        <>
          <p className={styles.deliveryText}>
            {`Livraison en point relais par ${order.carrier?.name ?? 'transporteur'}.`}
          </p>
          {point ? (
            <AddressLines
              lines={[
                point.name,
                point.addLine1,
                // The provider names the country by its code (« FRA »): the commune says enough.
                [point.zipCode, point.city].filter(Boolean).join(' '),
              ]}
            />
          ) : null}
        </>
      );
    }
    case 'DELIVERY': {
      const address = order.deliveryAddress ?? null;
      return (
        <>
          <p className={styles.deliveryText}>
            {`Livraison à domicile par ${order.carrier?.name ?? 'transporteur'}.`}
          </p>
          {address ? (
            <AddressLines
              lines={[
                `${address.firstname} ${address.lastname}`,
                address.firstPart,
                address.secondPart,
                `${address.postalCode} ${address.city}`,
                address.country,
              ]}
            />
          ) : null}
        </>
      );
    }
    default:
      return (
        <p className={styles.deliveryText}>Rien à expédier : votre commande est dématérialisée.</p>
      );
  }
}

/** The lines and totals of a placed order, as the API recomputed them. */
export function OrderLines({ order }: { order: Order }) {
  const { totals } = order;
  const fee = deliveryFeeLine(order.deliveryType, totals.shippingCents);
  return (
    <>
      <table className={styles.orderTable}>
        <caption className="visually-hidden">Produits commandés</caption>
        <thead>
          <tr>
            <th scope="col">Produit</th>
            <th scope="col" className={styles.numeric}>
              Quantité
            </th>
            <th scope="col" className={styles.numeric}>
              Prix unitaire
            </th>
            <th scope="col" className={styles.numeric}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.declinationId}-${line.productId}-${line.unitPriceCents}`}>
              <th scope="row">
                {line.name}
                {line.year ? ` ${line.year}` : ''}
              </th>
              <td className={styles.numeric}>{line.quantity}</td>
              <td className={styles.numeric}>{formatPrice(line.unitPriceCents)}</td>
              <td className={styles.numeric}>{formatPrice(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.totals}>
        <div>
          <dt>Total des produits</dt>
          <dd>{formatPrice(totals.productsCents)}</dd>
        </div>
        {totals.discountCents > 0 ? (
          <div>
            <dt>Réduction{order.discount ? ` (${order.discount.code})` : ''}</dt>
            <dd>− {formatPrice(totals.discountCents)}</dd>
          </div>
        ) : null}
        {fee ? (
          <div>
            <dt>{fee.label}</dt>
            <dd>{fee.value}</dd>
          </div>
        ) : null}
        <div className={styles.grandTotal}>
          <dt>Total TTC</dt>
          <dd data-testid="order-total">{formatPrice(totals.totalCents)}</dd>
        </div>
        <div className={styles.vat}>
          <dt>dont TVA</dt>
          <dd>{formatPrice(totals.vatCents)}</dd>
        </div>
        {totals.voucherCents > 0 ? (
          <div>
            <dt>Bon cadeau{order.giftVoucher ? ` (…${order.giftVoucher.codeEnd})` : ''}</dt>
            <dd>− {formatPrice(totals.voucherCents)}</dd>
          </div>
        ) : null}
        <div className={styles.amountDue}>
          <dt>{order.isPaid ? 'Payé' : 'Montant à régler'}</dt>
          <dd data-testid="order-amount-due">{formatPrice(totals.amountDueCents)}</dd>
        </div>
        <div>
          <dt>Moyen de paiement</dt>
          <dd>{paymentMeansText(order)}</dd>
        </div>
      </dl>
    </>
  );
}
