import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Fragment } from 'react';
import { getAdminOrder, type AdminOrderDetail } from '@comptoir/contract/admin-orders';
import { ApiError } from '@comptoir/contract/client';
import { formatPercent, formatPrice } from '@comptoir/domain/money';
import { parseSiteId } from '../../../../../lib/site-id';
import { auditWhen } from '../../../../../modules/admin/audit/audit-entry-list';
import { adminScreenApi } from '../../../../../modules/admin/frame/admin-session.server';
import { OrderActions } from '../../../../../modules/admin/orders/order-actions';
import { DELIVERY_TYPE_TEXTS, slotLabel } from '../../../../../modules/admin/orders/order-texts';
import styles from '../../../../../modules/admin/orders/orders.module.css';
import { paymentMeansText } from '@comptoir/domain/order';
import { orderStatusText } from '../../../../../modules/checkout/order-format';
import { IntentLink } from '../../../../../ui/intent-link';

export const instant = false;

export const metadata: Metadata = { title: 'Commande' };

type Address = AdminOrderDetail['billingAddress'];

function AddressLines({ address }: { address: Address }) {
  if (!address) return <>Aucune</>;
  const lines = [
    [address.firstname, address.lastname].filter(Boolean).join(' '),
    address.firstPart,
    address.secondPart,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.country,
  ].filter((line): line is string => Boolean(line));
  return (
    <>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </>
  );
}

/** One order, whole, with what the owner can do with it next. */
export default async function OrderPage({
  params,
}: {
  params: Promise<{ site: string; id: string }>;
}) {
  const { site, id } = await params;
  const siteId = parseSiteId(site);
  const orderId = parseSiteId(id);
  if (siteId === null || orderId === null) notFound();
  const api = await adminScreenApi(siteId);
  const detail = await api
    .call(getAdminOrder, { params: { id: orderId } })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) notFound();
      throw error;
    });
  const { order, customer } = detail;
  const { totals } = order;

  return (
    <>
      <p>
        <IntentLink href="/admin/commandes">← Toutes les commandes</IntentLink>
      </p>
      <h1>
        Commande {order.reference}{' '}
        <span className={styles.status} data-status={order.status}>
          {orderStatusText(order.status)}
        </span>
      </h1>
      <p>
        Passée le <time dateTime={order.createdAt}>{auditWhen(order.createdAt)}</time> ·{' '}
        {paymentMeansText(order)} · {order.isPaid ? 'paiement reçu' : 'paiement attendu'}
      </p>
      <div className={styles.sections}>
        <section aria-labelledby="suite" className={`${styles.card} ${styles.wide}`}>
          <h2 id="suite">Étape suivante</h2>
          <OrderActions
            siteId={siteId}
            orderId={order.id}
            state={{
              status: order.status,
              paymentMethod: order.paymentMethod,
              isPaid: order.isPaid,
            }}
            amountDueCents={totals.amountDueCents}
          />
          <p className={styles.toolbar}>
            <a href={`/admin/commandes/${order.id}/preparation`}>Bon de préparation (PDF)</a>
            {detail.invoiceReference && (
              <a href={`/admin/commandes/${order.id}/facture`}>
                Facture {detail.invoiceReference} (PDF)
              </a>
            )}
          </p>
        </section>
        <section aria-labelledby="articles" className={`${styles.card} ${styles.wide}`}>
          <h2 id="articles">Articles et montants</h2>
          <table className={styles.lines}>
            <caption className={styles.caption}>Lignes de la commande</caption>
            <thead>
              <tr>
                <th scope="col">Article</th>
                <th scope="col">Quantité</th>
                <th scope="col">TVA</th>
                <th scope="col">Total TTC</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={`${line.declinationId}-${line.productId}-${line.name}`}>
                  <td>
                    {line.name}
                    {line.year ? ` ${line.year}` : ''}
                  </td>
                  <td>
                    {line.quantity} × {formatPrice(line.unitPriceCents)}
                  </td>
                  <td>{formatPercent(line.vatRateBasisPoints)}</td>
                  <td>{formatPrice(line.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <dl className={styles.details} style={{ marginTop: 12 }}>
            <dt>Produits</dt>
            <dd>{formatPrice(totals.productsCents)}</dd>
            {totals.discountCents > 0 && (
              <>
                <dt>Remise{order.discount ? ` (${order.discount.code})` : ''}</dt>
                <dd>− {formatPrice(totals.discountCents)}</dd>
              </>
            )}
            <dt>Livraison</dt>
            <dd>{formatPrice(totals.shippingCents)}</dd>
            <dt>Total TTC</dt>
            <dd>
              <strong>{formatPrice(totals.totalCents)}</strong>
            </dd>
            {totals.vat.map((vat) => (
              <Fragment key={vat.rateBasisPoints}>
                <dt>TVA {formatPercent(vat.rateBasisPoints)}</dt>
                <dd>
                  {formatPrice(vat.vatCents)} (sur {formatPrice(vat.baseCents)} HT)
                </dd>
              </Fragment>
            ))}
            {totals.voucherCents > 0 && (
              <>
                <dt>Bon cadeau</dt>
                <dd>− {formatPrice(totals.voucherCents)}</dd>
              </>
            )}
            <dt>À payer</dt>
            <dd>{formatPrice(totals.amountDueCents)}</dd>
          </dl>
        </section>
        <section aria-labelledby="client" className={styles.card}>
          <h2 id="client">Client</h2>
          <dl className={styles.details}>
            <dt>Nom</dt>
            <dd>
              {customer.userId ? (
                <IntentLink href={`/admin/clients/${customer.userId}`}>
                  {customer.firstname} {customer.lastname}
                </IntentLink>
              ) : (
                `${customer.firstname} ${customer.lastname}${customer.email ? ' (sans compte)' : ''}`
              )}
            </dd>
            <dt>E-mail</dt>
            <dd>
              {customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '—'}
            </dd>
            <dt>Téléphone</dt>
            <dd>{customer.phone ? <a href={`tel:${customer.phone}`}>{customer.phone}</a> : '—'}</dd>
            <dt>Facturation</dt>
            <dd>
              <AddressLines address={detail.billingAddress} />
            </dd>
          </dl>
          {detail.message && (
            <>
              <h3>Message du client</h3>
              <p style={{ whiteSpace: 'pre-wrap' }}>{detail.message}</p>
            </>
          )}
        </section>
        <section aria-labelledby="livraison" className={styles.card}>
          <h2 id="livraison">Livraison</h2>
          <dl className={styles.details}>
            <dt>Mode</dt>
            <dd>
              {DELIVERY_TYPE_TEXTS[order.deliveryType]}
              {order.carrier ? ` (${order.carrier.name})` : ''}
            </dd>
            {detail.pickup && (
              <>
                <dt>Retrait</dt>
                <dd>
                  {detail.pickup.place ? `${detail.pickup.place}, ` : ''}
                  {slotLabel(detail.pickup)}
                </dd>
              </>
            )}
            {order.accessPoint && (
              <>
                <dt>Point relais</dt>
                <dd>
                  {[
                    order.accessPoint.name,
                    order.accessPoint.addLine1,
                    order.accessPoint.zipCode,
                    order.accessPoint.city,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </dd>
              </>
            )}
            {detail.deliveryAddress && (
              <>
                <dt>Adresse</dt>
                <dd>
                  <AddressLines address={detail.deliveryAddress} />
                </dd>
              </>
            )}
          </dl>
        </section>
        <section aria-labelledby="historique" className={`${styles.card} ${styles.wide}`}>
          <h2 id="historique">Historique</h2>
          <ol className={styles.history}>
            {detail.history.map((entry, index) => (
              <li key={index}>
                <time dateTime={entry.at}>{auditWhen(entry.at)}</time> —{' '}
                {entry.fromStatus === entry.toStatus
                  ? `paiement reçu (${orderStatusText(entry.toStatus).toLowerCase()})`
                  : orderStatusText(entry.toStatus)}{' '}
                ({entry.actor})
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}
