import type { BookableService, BookingDay, BookingStatus } from '@comptoir/contract/booking';
import { formatPrice } from '@comptoir/domain/money';
import { dayLabel } from '../delivery/calendar-model';

/*
 * The booking pages' French words and the calendar arithmetic they need, pure so that each is
 * tested (booking-format.test.ts). Types only from the contract: no zod reaches the page.
 */

export { dayLabel };

/** "2026-11-30" plus `count` days, as an ISO date (calendar days: no time zone involved). */
export function addDays(date: string, count: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + count)).toISOString().slice(0, 10);
}

const shortDay = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "2026-11-30" → "lun. 30 nov.": a day's button, where room is short. */
export function shortDayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return shortDay.format(Date.UTC(year!, month! - 1, day!));
}

/** The Monday of a date's week (ISO weeks start on Monday, as French calendars do). */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** 1 = Monday … 7 = Sunday (ISO), the column of a day in its week. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return ((new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay() + 6) % 7) + 1;
}

export interface BookingWeek {
  /** The week's Monday, YYYY-MM-DD. */
  monday: string;
  days: BookingDay[];
}

/** Days grouped by week, in order: the time picker's rows. */
export function weeksOf(days: readonly BookingDay[]): BookingWeek[] {
  const weeks: BookingWeek[] = [];
  for (const day of days) {
    const monday = mondayOf(day.date);
    const last = weeks.at(-1);
    if (last && last.monday === monday) last.days.push(day);
    else weeks.push({ monday, days: [day] });
  }
  return weeks;
}

/** "Semaine du 30 novembre". */
export function weekLabel(monday: string): string {
  const label = dayLabel(monday);
  return `Semaine du ${label.slice(label.indexOf(' ') + 1)}`;
}

/** "Aucun horaire libre", "1 horaire libre", "8 horaires libres". */
export function freeTimesText(count: number): string {
  if (count === 0) return 'Aucun horaire libre';
  return count === 1 ? '1 horaire libre' : `${count} horaires libres`;
}

/** 30 → "30 min", 60 → "1 h", 90 → "1 h 30". */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
}

/** What the visitor pays, and when: the service's line under its name. */
export function priceText(
  service: Pick<BookableService, 'priceCents' | 'payment' | 'depositCents'> & {
    /** The price is per person (a tasting for a party). */
    pricePerPerson?: boolean;
  },
): string {
  if (service.priceCents === 0) return 'Gratuit';
  const price = `${formatPrice(service.priceCents)}${service.pricePerPerson ? ' par personne' : ''}`;
  switch (service.payment) {
    case 'none':
      return `${price}, réglé sur place`;
    case 'deposit':
      return `${price}, dont un acompte de ${formatPrice(service.depositCents)} réglé en ligne par carte`;
    case 'full':
      return `${price}, réglé en ligne par carte`;
  }
}

/** "1 place", "6 places". */
export function seatsText(count: number): string {
  return count === 1 ? '1 place' : `${count} places`;
}

/** "1 personne", "6 personnes". */
export function peopleText(count: number): string {
  return count === 1 ? '1 personne' : `${count} personnes`;
}

/** The hold's countdown as a clock, "14:05", from the milliseconds left. */
export function countdownText(millisecondsLeft: number): string {
  const seconds = Math.max(0, Math.ceil(millisecondsLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The countdown as it is spoken, in whole minutes: "14 minutes", "moins d’une minute". */
export function countdownSpoken(millisecondsLeft: number): string {
  const minutes = Math.floor(Math.max(0, millisecondsLeft) / 60_000);
  if (minutes === 0) return 'moins d’une minute';
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const STATUS_TEXT: Record<BookingStatus, string> = {
  held: 'En attente de confirmation',
  awaiting_payment: 'En attente de paiement',
  confirmed: 'Confirmée',
  cancelled: 'Annulée',
  no_show: 'Absence signalée',
  completed: 'Passée',
};

export function bookingStatusText(status: BookingStatus): string {
  return STATUS_TEXT[status];
}

/** "samedi 12 décembre, de 10:00 à 11:30". */
export function whenText(booking: { localDate: string; localStart: string; localEnd: string }) {
  return `${dayLabel(booking.localDate)}, de ${booking.localStart} à ${booking.localEnd}`;
}

const deadline = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

/** An instant as the site's clock reads it: "vendredi 11 décembre à 10:00". */
export function parisMomentText(iso: string): string {
  return deadline.format(new Date(iso));
}
