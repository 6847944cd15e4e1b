/*
 * Click-and-collect calendar (issue 9): the days and slots a customer may pick, computed from the
 * site's opening hours (MONDAY_HOURS…SUNDAY_HOURS), its closures, the French public holidays, the
 * preparation lead time (CLICK_AND_COLLECT_HOURS) and the capacity of each slot. Days are civil
 * dates (YYYY-MM-DD) in the shop's time zone; instants are UTC Dates, so that DST changes never
 * move a slot.
 */

export const SHOP_TIME_ZONE = 'Europe/Paris';

/** An opening range in minutes after midnight, local time: 600–750 is 10h00–12h30. */
export interface OpeningRange {
  start: number;
  end: number;
}

/** The weekday parameters, Sunday first, as Date.getUTCDay() numbers them. */
export const WEEKDAY_HOURS_PARAMETERS = [
  'SUNDAY_HOURS',
  'MONDAY_HOURS',
  'TUESDAY_HOURS',
  'WEDNESDAY_HOURS',
  'THURSDAY_HOURS',
  'FRIDAY_HOURS',
  'SATURDAY_HOURS',
] as const;

const TIME = String.raw`(\d{1,2})\s*(?:[hH:]\s*(\d{2})?)?`;
const RANGE = new RegExp(String.raw`^${TIME}\s*(?:-|–|—|à|a)\s*${TIME}$`);

function minutesOf(hours: string, minutes: string | undefined): number | null {
  const h = Number(hours);
  const m = minutes === undefined ? 0 : Number(minutes);
  if (h > 24 || m > 59 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
}

/**
 * The ranges of an opening-hours text as owners write it: "10h00 – 12h30 / 14h00 – 18h30",
 * "9h-12h, 14h-18h", "09:00 - 19:00". Blank, "Fermé" or anything unreadable is closed (no range):
 * a slot is never offered on a guess. Ranges come back sorted, without overlaps.
 */
export function parseOpeningHours(text: string | null): OpeningRange[] {
  if (text === null) return [];
  const ranges: OpeningRange[] = [];
  for (const part of text.split(/\s*(?:\/|,|;|\bet\b)\s*/)) {
    const match = RANGE.exec(part.trim());
    if (!match) continue;
    const start = minutesOf(match[1]!, match[2]);
    const end = minutesOf(match[3]!, match[4]);
    if (start !== null && end !== null && end > start) ranges.push({ start, end });
  }
  ranges.sort((a, b) => a.start - b.start);
  return ranges.filter((range, index) => index === 0 || range.start >= ranges[index - 1]!.end);
}

/** A civil date as YYYY-MM-DD. */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function addDays(year: number, month: number, day: number, days: number): string {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

/** The eleven French public holidays of a year (Code du travail, L3133-1), by date. */
export function frenchPublicHolidays(year: number): Map<string, string> {
  const easter = easterSunday(year);
  const afterEaster = (days: number) => addDays(year, easter.month, easter.day, days);
  return new Map([
    [isoDate(year, 1, 1), 'Jour de l’an'],
    [afterEaster(1), 'Lundi de Pâques'],
    [isoDate(year, 5, 1), 'Fête du Travail'],
    [isoDate(year, 5, 8), 'Victoire 1945'],
    [afterEaster(39), 'Ascension'],
    [afterEaster(50), 'Lundi de Pentecôte'],
    [isoDate(year, 7, 14), 'Fête nationale'],
    [isoDate(year, 8, 15), 'Assomption'],
    [isoDate(year, 11, 1), 'Toussaint'],
    [isoDate(year, 11, 11), 'Armistice 1918'],
    [isoDate(year, 12, 25), 'Noël'],
  ]);
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a time zone, as if it were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/**
 * The instant of a wall-clock time in a time zone, or null when that time does not exist there
 * (the hour skipped when clocks go forward). A time that happens twice (clocks go back) is its
 * first occurrence.
 */
export function zonedInstant(
  date: string,
  minutes: number,
  timeZone = SHOP_TIME_ZONE,
): Date | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(year, month - 1, day, 0, minutes);
  // Try the zone's two offsets around that day; keep the earliest candidate that reads back right.
  const offsets = new Set([
    wallClockMs(wanted - 12 * 3_600_000, timeZone) - (wanted - 12 * 3_600_000),
    wallClockMs(wanted + 12 * 3_600_000, timeZone) - (wanted + 12 * 3_600_000),
  ]);
  const candidates = [...offsets]
    .map((offset) => wanted - offset)
    .filter((instant) => wallClockMs(instant, timeZone) === wanted)
    .sort((a, b) => a - b);
  return candidates.length === 0 ? null : new Date(candidates[0]!);
}

/** A closure of the shop, from one date to another, both included (YYYY-MM-DD). */
export interface Closure {
  from: string;
  to: string;
}

export interface CalendarRules {
  /** Opening ranges by weekday, Sunday first (index = Date.getUTCDay()). */
  weeklyHours: readonly (readonly OpeningRange[])[];
  /** Length of a slot in minutes; a range holds as many whole slots as fit. */
  slotMinutes: number;
  /** Customers one slot takes. */
  capacity: number;
  closures: readonly Closure[];
  /** CLICK_AND_COLLECT_HOURS: a slot must start at least this many hours after now. */
  leadHours: number;
  timeZone?: string;
}

export interface CalendarSlot {
  /** The slot's start in minutes after local midnight: stable for a weekday, the spec's idSchedule. */
  idSchedule: number;
  /** The slot's start instant (the spec's dateSchedule). */
  dateSchedule: Date;
  /** Local times, "10:00" and "11:00". */
  start: string;
  end: string;
  /** Places left. */
  remaining: number;
}

export interface CalendarDay {
  date: string;
  slots: CalendarSlot[];
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Why a day has no slot at all, whatever the hour: a public holiday or a closure. */
export function isClosedDay(date: string, closures: readonly Closure[]): boolean {
  const year = Number(date.slice(0, 4));
  if (frenchPublicHolidays(year).has(date)) return true;
  return closures.some((closure) => closure.from <= date && date <= closure.to);
}

/** The key of a slot in the bookings map: `YYYY-MM-DD/idSchedule`. */
export const slotKey = (date: string, idSchedule: number) => `${date}/${idSchedule}`;

/**
 * Every slot of a day by the opening hours, before lead time and capacity; none on a holiday or a
 * closure. A slot whose start does not exist (DST gap) is skipped.
 */
export function daySlots(date: string, rules: CalendarRules): Omit<CalendarSlot, 'remaining'>[] {
  if (isClosedDay(date, rules.closures)) return [];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const slots: Omit<CalendarSlot, 'remaining'>[] = [];
  for (const range of rules.weeklyHours[weekday] ?? []) {
    for (
      let start = range.start;
      start + rules.slotMinutes <= range.end;
      start += rules.slotMinutes
    ) {
      const instant = zonedInstant(date, start, rules.timeZone);
      if (instant === null) continue;
      slots.push({
        idSchedule: start,
        dateSchedule: instant,
        start: clock(start),
        end: clock(start + rules.slotMinutes),
      });
    }
  }
  return slots;
}

/**
 * The days of a month that have at least one slot to offer, with those slots: open, not a
 * holiday nor a closure, starting at least leadHours after now, and not full (bookings by
 * slotKey count the held and ordered places).
 */
export function allowedDays(
  year: number,
  month: number,
  rules: CalendarRules,
  now: Date,
  bookings: ReadonlyMap<string, number>,
): CalendarDay[] {
  const earliest = now.getTime() + rules.leadHours * 3_600_000;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const days: CalendarDay[] = [];
  for (let day = 1; day <= daysInMonth; day += 1) {
    const date = isoDate(year, month, day);
    const slots: CalendarSlot[] = [];
    for (const slot of daySlots(date, rules)) {
      if (slot.dateSchedule.getTime() < earliest) continue;
      const remaining = rules.capacity - (bookings.get(slotKey(date, slot.idSchedule)) ?? 0);
      if (remaining > 0) slots.push({ ...slot, remaining });
    }
    if (slots.length > 0) days.push({ date, slots });
  }
  return days;
}

/** The slot a customer asks for, if the calendar offers it at that moment (capacity aside). */
export function findSlot(
  date: string,
  idSchedule: number,
  rules: CalendarRules,
  now: Date,
): Omit<CalendarSlot, 'remaining'> | null {
  const earliest = now.getTime() + rules.leadHours * 3_600_000;
  const slot = daySlots(date, rules).find((candidate) => candidate.idSchedule === idSchedule);
  return slot !== undefined && slot.dateSchedule.getTime() >= earliest ? slot : null;
}
