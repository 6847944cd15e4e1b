/*
 * The click-and-collect calendar's and the relay list's pure parts (decision 0046): months, their
 * weeks, French labels. Apart from delivery-model so that the cart page, which reads the fee,
 * never loads these formatters.
 */

/** A calendar month. */
export interface Month {
  month: number;
  year: number;
}

export function addMonths({ month, year }: Month, count: number): Month {
  const index = year * 12 + (month - 1) + count;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
}

const monthNames = new Intl.DateTimeFormat('fr-FR', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayNames = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "novembre 2026". */
export function monthLabel({ month, year }: Month): string {
  return monthNames.format(Date.UTC(year, month - 1, 1));
}

/** "2026-11-27" → "vendredi 27 novembre". */
export function dayLabel(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return dayNames.format(Date.UTC(year!, month! - 1, day!));
}

/**
 * The weeks of a month, Monday first, as ISO dates or null for the days of other months: the
 * calendar's rows.
 */
export function monthWeeks({ month, year }: Month): (string | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const offset = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: offset }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) {
    cells.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

/** The month of a date in Paris, where the shop is. */
export function parisMonth(now: Date): Month {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    month: 'numeric',
    year: 'numeric',
  }).formatToParts(now);
  return {
    month: Number(parts.find((part) => part.type === 'month')!.value),
    year: Number(parts.find((part) => part.type === 'year')!.value),
  };
}

/** "1,2 km" or "850 m": a relay point's distance. */
export function distanceLabel(metres: number): string {
  if (metres < 1000) return `${metres} m`;
  return `${(metres / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} km`;
}
