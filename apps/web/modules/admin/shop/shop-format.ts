import { formatPrice } from '@comptoir/domain/money';

/*
 * How the shop screens write days and amounts for the owner (French, Paris time).
 */

const longDay = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** "2026-06-01" → "1 juin 2026". */
export function frenchDay(day: string): string {
  return longDay.format(new Date(`${day}T00:00:00Z`));
}

/** An instant as "01/06/2026 14:05" in Paris. */
export function frenchDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export { formatPrice };
