'use client';

import { useParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { Order } from '@comptoir/contract/order';
import { DEFAULT_LANG, SITE_ID_HEADER, USER_LANG_HEADER } from '@comptoir/contract/request';
import { IntentLink } from '../../ui/intent-link';
import { failureMessage } from '../../ui/server-errors';
import { notifyError } from '../../ui/toaster';
import { CART_PATH } from '../cart/cart-paths';
import { getOrderRoute } from '../checkout/checkout-routes';
import { orderDateText, orderStatusText } from '../checkout/order-format';
import { OrderDelivery, OrderLines, PaymentInstructions } from '../checkout/order-summary';
import { ACCOUNT_ORDERS_PATH } from './account-paths';
import { BROWSER_API_BASE, browserApi } from './browser-api';
import { reorder, reorderText, type ReorderOutcome } from './reorder';
import { endSessionOn401 } from './use-account-failure';
import orderStyles from './orders.module.css';
import styles from './account.module.css';

type Loaded =
  { state: 'loading' } | { state: 'shown'; order: Order } | { state: 'failed'; message: string };

const INVOICE_FAILED_MESSAGE =
  'La facture ne peut pas être téléchargée pour le moment. Réessayez dans un instant.';

/**
 * The invoice of a paid order (GET /order/:id/invoice): fetched with the site's header and the
 * session cookie, then saved, as a plain link cannot carry the site's header.
 */
function InvoiceButton({ siteId, order }: { siteId: number; order: Order }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const response = await fetch(`${BROWSER_API_BASE}/order/${order.id}/invoice`, {
        headers: { [SITE_ID_HEADER]: String(siteId), [USER_LANG_HEADER]: DEFAULT_LANG },
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(String(response.status));
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `facture-${order.reference}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notifyError(INVOICE_FAILED_MESSAGE);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-busy={busy || undefined}
      onClick={() => void download()}
    >
      {busy ? 'Préparation de la facture…' : 'Télécharger la facture (PDF)'}
    </button>
  );
}

function Reorder({ siteId, order }: { siteId: number; order: Order }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ReorderOutcome | null>(null);
  return (
    <div className={orderStyles.reorder}>
      <button
        type="button"
        className="button"
        aria-busy={busy || undefined}
        onClick={async () => {
          if (busy) return;
          setBusy(true);
          setOutcome(null);
          try {
            setOutcome(await reorder(siteId, order));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Ajout au panier…' : 'Commander à nouveau'}
      </button>
      <div role="status" aria-live="polite">
        {outcome ? (
          <div className={orderStyles.reorderOutcome}>
            <p>{reorderText(outcome)}</p>
            {outcome.refused.length > 0 ? (
              <ul>
                {outcome.refused.map((line) => (
                  <li key={line.name}>
                    <strong>{line.name}</strong> : {line.message}
                  </li>
                ))}
              </ul>
            ) : null}
            {outcome.added > 0 ? <IntentLink href={CART_PATH}>Voir mon panier</IntentLink> : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** /mon-compte/commandes/<id>: one of the member's orders (GET /order/:id). */
export function OrderDetail({ siteId }: { siteId: number }) {
  const params = useParams<{ id: string }>();
  const orderId = /^[1-9]\d{0,9}$/.test(params.id ?? '') ? Number(params.id) : null;
  const [fetched, setFetched] = useState<{ orderId: number; loaded: Loaded } | null>(null);

  useEffect(() => {
    if (orderId === null) return;
    let live = true;
    const setLoaded = (loaded: Loaded) => setFetched({ orderId, loaded });
    browserApi(siteId)
      .call(getOrderRoute, { params: { id: orderId } })
      .then((order) => live && setLoaded({ state: 'shown', order }))
      .catch((error: unknown) => {
        if (!live) return;
        endSessionOn401(error);
        setLoaded({ state: 'failed', message: failureMessage(error) });
      });
    return () => {
      live = false;
    };
  }, [siteId, orderId]);

  const loaded: Loaded =
    orderId === null
      ? { state: 'failed', message: 'Cette commande est introuvable.' }
      : fetched && fetched.orderId === orderId
        ? fetched.loaded
        : { state: 'loading' };
  if (loaded.state !== 'shown') {
    return (
      <section className={styles.card}>
        {loaded.state === 'loading' ? (
          <p className={styles.loading} role="status">
            Chargement de la commande…
          </p>
        ) : (
          <div role="alert">
            <p>{loaded.message}</p>
            <IntentLink href={ACCOUNT_ORDERS_PATH}>Retour à mes commandes</IntentLink>
          </div>
        )}
      </section>
    );
  }
  const { order } = loaded;
  return (
    <div className={orderStyles.detail}>
      <section className={styles.card} aria-labelledby="commande">
        <h2 id="commande" className={styles.panelTitle}>
          Commande {order.reference}
        </h2>
        <dl className={styles.identity}>
          <dt>Passée le</dt>
          <dd>{orderDateText(order.createdAt)}</dd>
          <dt>État</dt>
          <dd>
            <span className={orderStyles.status} data-status={order.status}>
              {orderStatusText(order.status)}
            </span>
          </dd>
          <dt>{order.deliveryType === 'CLICK_AND_COLLECT' ? 'Retrait' : 'Livraison'}</dt>
          <dd>
            <OrderDelivery order={order} />
          </dd>
        </dl>
        <div className={orderStyles.actions}>
          <Reorder siteId={siteId} order={order} />
          {order.isPaid ? <InvoiceButton siteId={siteId} order={order} /> : null}
        </div>
      </section>
      <PaymentInstructions order={order} />
      <section className={styles.card} aria-labelledby="contenu">
        <h2 id="contenu" className={styles.panelTitle}>
          Contenu de la commande
        </h2>
        <OrderLines order={order} />
      </section>
      <p>
        <IntentLink href={ACCOUNT_ORDERS_PATH}>Retour à mes commandes</IntentLink>
      </p>
    </div>
  );
}
