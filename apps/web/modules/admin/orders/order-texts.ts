import type { AdminOrderSummary } from '@comptoir/contract/admin-orders';
import type { OrderDeliveryType } from '@comptoir/domain/delivery';
import { ORDER_STATUSES, type OrderStatus } from '@comptoir/domain/order';
import { dayLabel } from '../../delivery/calendar-model';
import { minutesText, orderStatusText } from '../../checkout/order-format';

/*
 * How the back office names an order's status, delivery and slot. The status words are the
 * customer's own (orderStatusText), so the owner and the customer read the same thing.
 */

export const DELIVERY_TYPE_TEXTS: Readonly<Record<OrderDeliveryType, string>> = {
  DELIVERY: 'Livraison à domicile',
  PICKUP: 'Point relais',
  CLICK_AND_COLLECT: 'Retrait sur place',
  NO_DELIVERY: 'Sans livraison',
};

export const STATUS_CHOICES = ORDER_STATUSES.map((status) => ({
  value: status,
  label: orderStatusText(status),
}));

/** What the button that moves an order to `status` says. */
export const MOVE_TEXTS: Readonly<Partial<Record<OrderStatus, string>>> = {
  PREPARING: 'Passer en préparation',
  SHIPPED: 'Marquer expédiée',
  READY_FOR_PICKUP: 'Marquer prête à retirer',
  DELIVERED: 'Marquer livrée',
  PICKED_UP: 'Marquer retirée',
  CANCELLED: 'Annuler la commande',
};

/** « vendredi 27 novembre à 10:00 ». */
export function slotLabel(slot: { date: string; startMinutes: number }): string {
  return `${dayLabel(slot.date)} à ${minutesText(slot.startMinutes)}`;
}

export function deliveryLabel(order: Pick<AdminOrderSummary, 'deliveryType' | 'slot'>): string {
  const type = DELIVERY_TYPE_TEXTS[order.deliveryType];
  return order.slot ? `${type}, ${slotLabel(order.slot)}` : type;
}

const shortDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** « 27 nov. » for a YYYY-MM-DD day. */
export function dayText(date: string): string {
  return shortDay.format(new Date(`${date}T00:00:00Z`));
}
