import type { AdminOrderSummary } from '@comptoir/contract/admin-orders';
import { formatPrice } from '@comptoir/domain/money';
import { IntentLink } from '../../../ui/intent-link';
import { auditWhen } from '../audit/audit-entry-list';
import { PAYMENT_METHOD_LABELS } from '@comptoir/domain/order';
import { orderStatusText } from '../../checkout/order-format';
import { deliveryLabel } from './order-texts';
import styles from './orders.module.css';

/**
 * Orders as a table (the list, a customer's orders, the dashboard). On a phone each row becomes
 * a card: the cells stack with their column's name before them.
 */
export function OrderTable({
  orders,
  caption,
  withCustomer = true,
}: {
  orders: readonly AdminOrderSummary[];
  caption: string;
  withCustomer?: boolean;
}) {
  return (
    <table className={styles.table}>
      <caption className={styles.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Commande</th>
          <th scope="col">Date</th>
          {withCustomer && <th scope="col">Client</th>}
          <th scope="col">Livraison</th>
          <th scope="col">Total</th>
          <th scope="col">Paiement</th>
          <th scope="col">État</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <th scope="row" data-label="Commande">
              <IntentLink href={`/admin/commandes/${order.id}`}>{order.reference}</IntentLink>
            </th>
            <td data-label="Date">
              <time dateTime={order.createdAt}>{auditWhen(order.createdAt)}</time>
            </td>
            {withCustomer && <td data-label="Client">{order.customerName}</td>}
            <td data-label="Livraison">{deliveryLabel(order)}</td>
            <td data-label="Total" className={styles.amount}>
              {formatPrice(order.totalCents)}
            </td>
            <td data-label="Paiement">
              {PAYMENT_METHOD_LABELS[order.paymentMethod]}
              {order.isPaid ? ' (reçu)' : ' (attendu)'}
            </td>
            <td data-label="État">
              <span className={styles.status} data-status={order.status}>
                {orderStatusText(order.status)}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
