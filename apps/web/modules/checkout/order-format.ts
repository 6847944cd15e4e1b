import { ORDER_STATUS_LABELS, type OrderStatus } from '@comptoir/domain/order';
import { dayLabel } from '../delivery/calendar-model';

/*
 * How an order reads in French on the confirmation and account pages (decision 0055). Amounts
 * go through formatPrice (packages/domain/money); these are the words around them.
 */

/** "le vendredi 27 novembre, de 10:00 à 10:30". */
export function slotText(date: string, start: string, end: string): string {
  return `le ${dayLabel(date)}, de ${start} à ${end}`;
}

/** A slot named by its start in minutes after midnight (600 → "10:00"). */
export function minutesText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The order's slot as the order keeps it (its day and start): "le vendredi 27 novembre à 10:00";
 * with the length of the place's slots, "le vendredi 27 novembre, de 10:00 à 10:30".
 */
export function orderSlotText(
  slot: { date: string; idSchedule: number },
  slotMinutes: number | null = null,
): string {
  if (slotMinutes === null) return `le ${dayLabel(slot.date)} à ${minutesText(slot.idSchedule)}`;
  return slotText(
    slot.date,
    minutesText(slot.idSchedule),
    minutesText(slot.idSchedule + slotMinutes),
  );
}

/** "En attente de paiement", "Payée"… */
export function orderStatusText(status: OrderStatus): string {
  const label = ORDER_STATUS_LABELS[status];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

/** "25 novembre 2026", in Paris time. */
export function orderDateText(iso: string): string {
  return dateFormat.format(new Date(iso));
}
