'use client';

import { useEffect, useState } from 'react';
import type { listOrders } from '@comptoir/contract/order';
import type { EndpointResponse } from '@comptoir/contract/endpoint';
import { formatPrice } from '@comptoir/domain/money';
import { IntentLink } from '../../ui/intent-link';
import { failureMessage } from '../../ui/server-errors';
import { listOrdersRoute } from '../checkout/checkout-routes';
import { orderDateText, orderStatusText } from '../checkout/order-format';
import { accountOrderPathOf } from './account-paths';
import { browserApi } from './browser-api';
import { endSessionOn401 } from './use-account-failure';
import orderStyles from './orders.module.css';
import styles from './account.module.css';

type OrderSummaries = EndpointResponse<typeof listOrders>;

type Loaded =
  | { state: 'loading' }
  | { state: 'shown'; orders: OrderSummaries }
  | { state: 'failed'; message: string };

/** /mon-compte/commandes: the member's orders on this site, newest first (GET /order). */
export function OrderHistory({ siteId }: { siteId: number }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    browserApi(siteId)
      .call(listOrdersRoute)
      .then((orders) => live && setLoaded({ state: 'shown', orders }))
      .catch((error: unknown) => {
        if (!live) return;
        endSessionOn401(error);
        setLoaded({ state: 'failed', message: failureMessage(error) });
      });
    return () => {
      live = false;
    };
  }, [siteId]);

  return (
    <section className={styles.card} aria-labelledby="mes-commandes">
      <h2 id="mes-commandes" className={styles.panelTitle}>
        Mes commandes
      </h2>
      {loaded.state === 'loading' ? (
        <p className={styles.loading} role="status">
          Chargement de vos commandes…
        </p>
      ) : loaded.state === 'failed' ? (
        <p role="alert">{loaded.message}</p>
      ) : loaded.orders.length === 0 ? (
        <p>Vous n’avez pas encore passé de commande sur ce site.</p>
      ) : (
        <table className={orderStyles.history}>
          <caption className="visually-hidden">
            Vos commandes, de la plus récente à la plus ancienne
          </caption>
          <thead>
            <tr>
              <th scope="col">Référence</th>
              <th scope="col">Date</th>
              <th scope="col">État</th>
              <th scope="col" className={orderStyles.numeric}>
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {loaded.orders.map((order) => (
              <tr key={order.id}>
                <th scope="row">
                  <IntentLink
                    href={accountOrderPathOf(order.id)}
                    aria-label={`Commande ${order.reference}`}
                  >
                    {order.reference}
                  </IntentLink>
                </th>
                <td>{orderDateText(order.createdAt)}</td>
                <td>
                  <span className={orderStyles.status} data-status={order.status}>
                    {orderStatusText(order.status)}
                  </span>
                </td>
                <td className={orderStyles.numeric}>{formatPrice(order.totals.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
