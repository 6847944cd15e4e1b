import type { AgendaBooking, Resource, WeeklyRange } from '@comptoir/contract/admin-booking';
import { frenchPublicHolidays } from '@comptoir/domain/opening-calendar';

/*
 * The agenda's arithmetic, kept out of the components so that it is tested alone: Paris dates as
 * "YYYY-MM-DD" strings (no Date in local time, whatever the owner's computer says), minutes after
 * midnight for the hours, where each booking sits in its column, and where a move lands.
 */

/** The step of a move with the arrow keys and of the grid's snapping when dropped, in minutes. */
export const MOVE_STEP_MINUTES = 15;

export const WEEKDAY_NAMES = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
] as const;

/** "2026-12-01" plus `days` days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The Monday of the date's week. */
export function weekStartOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

const longDate = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const shortDate = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "mardi 1 décembre". */
export function frenchLongDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** "mar. 1 déc." */
export function frenchShortDate(date: string): string {
  return shortDate.format(new Date(`${date}T00:00:00Z`));
}

/** 570 → "09:30". */
export function formatMinute(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** "09:30" → 570; null when it is not a time of the day. */
export function parseMinute(text: string): number | null {
  const match = /^\s*(\d{1,2})\s*(?:[:h]\s*(\d{2})?)?\s*$/i.exec(text);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

export interface MinuteRange {
  startMinute: number;
  endMinute: number;
}

/**
 * A day's hours as the owner types them, "9h-12h, 14h-19h30" or "09:00 – 12:00 ; 14:00 – 19:30",
 * sorted; null when a part is not two times, or a range ends before it starts or overlaps another
 * (the contract's rule, said here before the round trip). Empty text is a closed day.
 */
export function parseDayRanges(text: string): MinuteRange[] | null {
  const parts = text
    .split(/[,;]|\bet\b/)
    .map((part) => part.trim())
    .filter(Boolean);
  const ranges: MinuteRange[] = [];
  for (const part of parts) {
    const bounds = part.split(/\s*(?:-|–|—|à)\s*/);
    if (bounds.length !== 2) return null;
    const startMinute = parseMinute(bounds[0]!);
    const endMinute = parseMinute(bounds[1]!);
    if (startMinute === null || endMinute === null || endMinute <= startMinute) return null;
    ranges.push({ startMinute, endMinute });
  }
  ranges.sort((a, b) => a.startMinute - b.startMinute);
  for (let index = 1; index < ranges.length; index += 1) {
    if (ranges[index]!.startMinute < ranges[index - 1]!.endMinute) return null;
  }
  return ranges;
}

/** [{540, 720}, {840, 1140}] → "09:00-12:00, 14:00-19:00". */
export function formatDayRanges(ranges: readonly MinuteRange[]): string {
  return [...ranges]
    .sort((a, b) => a.startMinute - b.startMinute)
    .map((range) => `${formatMinute(range.startMinute)}-${formatMinute(range.endMinute)}`)
    .join(', ');
}

/** The weekly hours of one weekday. */
export function rangesOfWeekday(hours: readonly WeeklyRange[], weekday: number): MinuteRange[] {
  return hours
    .filter((range) => range.weekday === weekday)
    .map(({ startMinute, endMinute }) => ({ startMinute, endMinute }))
    .sort((a, b) => a.startMinute - b.startMinute);
}

const holidaysByYear = new Map<number, Map<string, string>>();

/** The French public holiday's name on that date, if it is one. */
export function publicHolidayOn(date: string): string | null {
  const year = Number(date.slice(0, 4));
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = frenchPublicHolidays(year);
    holidaysByYear.set(year, holidays);
  }
  return holidays.get(date) ?? null;
}

export interface OpenDay {
  ranges: MinuteRange[];
  /** Why the day differs from the week's hours: an exception's label, a holiday's name. */
  note: string | null;
}

/**
 * A resource's open hours on a date, as the free times are computed: an exception replaces the
 * day, a public holiday closes it when the resource closes on them, else the weekday's hours.
 */
export function openHoursOn(resource: Resource, date: string): OpenDay {
  const exception = resource.exceptions.find((candidate) => candidate.date === date);
  if (exception) {
    return {
      ranges: exception.ranges,
      note: exception.label ?? (exception.ranges.length === 0 ? 'Fermé' : 'Horaires modifiés'),
    };
  }
  const holiday = publicHolidayOn(date);
  if (holiday && resource.closedOnPublicHolidays) return { ranges: [], note: holiday };
  return { ranges: rangesOfWeekday(resource.weeklyHours, isoWeekday(date)), note: null };
}

/** "HH:MM" of Paris wall-clock → minutes after midnight. */
export function minuteOfLocal(localTime: string): number {
  const [hours, minutes] = localTime.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** A booking's place on its day: start and end in minutes (the end on its day, 1440 at most). */
export function bookingMinutes(booking: AgendaBooking): MinuteRange {
  const startMinute = minuteOfLocal(booking.localStart);
  const endMinute = minuteOfLocal(booking.localEnd);
  return { startMinute, endMinute: endMinute <= startMinute ? 1440 : endMinute };
}

/**
 * The hours the grid shows: from the earliest opening to the latest closing of the resources on
 * the days shown, widened to any booking outside them, in whole hours (8h to 19h when nothing
 * says otherwise).
 */
export function gridBounds(
  resources: readonly Resource[],
  dates: readonly string[],
  bookings: readonly AgendaBooking[],
): MinuteRange {
  let start = Infinity;
  let end = -Infinity;
  for (const resource of resources) {
    for (const date of dates) {
      for (const range of openHoursOn(resource, date).ranges) {
        start = Math.min(start, range.startMinute);
        end = Math.max(end, range.endMinute);
      }
    }
  }
  for (const booking of bookings) {
    const { startMinute, endMinute } = bookingMinutes(booking);
    start = Math.min(start, startMinute);
    end = Math.max(end, endMinute);
  }
  if (!Number.isFinite(start)) return { startMinute: 8 * 60, endMinute: 19 * 60 };
  return {
    startMinute: Math.floor(start / 60) * 60,
    endMinute: Math.min(1440, Math.ceil(end / 60) * 60),
  };
}

export interface PlacedBooking {
  booking: AgendaBooking;
  /** Its lane among the bookings it overlaps (a room with seats holds several at once). */
  lane: number;
  lanes: number;
}

/**
 * Side by side the bookings of one column that overlap (several parties in a tasting room),
 * each in the first lane free at its start; every booking of an overlapping group shares the
 * group's number of lanes, so that they split the column's width evenly.
 */
export function placeInLanes(bookings: readonly AgendaBooking[]): PlacedBooking[] {
  const sorted = [...bookings].sort(
    (a, b) =>
      bookingMinutes(a).startMinute - bookingMinutes(b).startMinute ||
      bookingMinutes(a).endMinute - bookingMinutes(b).endMinute ||
      a.id - b.id,
  );
  const placed: PlacedBooking[] = [];
  let group: PlacedBooking[] = [];
  let groupEnd = -1;
  let laneEnds: number[] = [];
  const closeGroup = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const booking of sorted) {
    const { startMinute, endMinute } = bookingMinutes(booking);
    if (startMinute >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= startMinute);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(endMinute);
    } else laneEnds[lane] = endMinute;
    const item = { booking, lane, lanes: 1 };
    group.push(item);
    placed.push(item);
    groupEnd = Math.max(groupEnd, endMinute);
  }
  closeGroup();
  return placed;
}

/** Where a booking would go: a column of the grid and a start on that column's day. */
export interface MoveTarget {
  column: number;
  startMinute: number;
}

/**
 * A step of the keyboard move: ↑ and ↓ by a quarter of an hour, ← and → to the column beside
 * (the day before or after in the week view, the person beside in the day view), Début and Fin to
 * the grid's first and last time. The booking stays within the grid's hours and columns.
 */
export function steppedTarget(
  target: MoveTarget,
  key: string,
  durationMinutes: number,
  bounds: MinuteRange,
  columnCount: number,
): MoveTarget | null {
  const latest = Math.max(bounds.startMinute, bounds.endMinute - durationMinutes);
  const clampMinute = (minute: number) => Math.min(latest, Math.max(bounds.startMinute, minute));
  switch (key) {
    case 'ArrowUp':
      return { ...target, startMinute: clampMinute(target.startMinute - MOVE_STEP_MINUTES) };
    case 'ArrowDown':
      return { ...target, startMinute: clampMinute(target.startMinute + MOVE_STEP_MINUTES) };
    case 'ArrowLeft':
      return { ...target, column: Math.max(0, target.column - 1) };
    case 'ArrowRight':
      return { ...target, column: Math.min(columnCount - 1, target.column + 1) };
    case 'Home':
      return { ...target, startMinute: bounds.startMinute };
    case 'End':
      return { ...target, startMinute: latest };
    default:
      return null;
  }
}

/**
 * The start a drag lands on: the booking's start moved by the pointer's vertical travel,
 * snapped to the move step and kept within the grid's hours.
 */
export function droppedStart(
  startMinute: number,
  deltaY: number,
  pixelsPerMinute: number,
  durationMinutes: number,
  bounds: MinuteRange,
): number {
  const moved = startMinute + deltaY / pixelsPerMinute;
  const snapped = Math.round(moved / MOVE_STEP_MINUTES) * MOVE_STEP_MINUTES;
  const latest = Math.max(bounds.startMinute, bounds.endMinute - durationMinutes);
  return Math.min(latest, Math.max(bounds.startMinute, snapped));
}

/** Bookings that still hold their time (a cancelled one stays listed, greyed, in the agenda). */
export function isActiveBooking(booking: AgendaBooking): boolean {
  return booking.status !== 'cancelled' && booking.status !== 'held';
}

export interface BookingActions {
  /** Dragged, stepped with the keys or « Déplacer »: the API moves confirmed bookings only. */
  move: boolean;
  cancel: boolean;
  /** Once its time has come, a confirmed (or honoured) booking may be marked missed… */
  markNoShow: boolean;
  /** …and a missed one back to honoured. */
  markShown: boolean;
}

/** What the owner may do with a booking at `now` (ISO 8601), as the API allows it. */
export function bookingActions(booking: AgendaBooking, now: string): BookingActions {
  const started = Date.parse(booking.start) <= Date.parse(now);
  return {
    move: booking.status === 'confirmed',
    cancel: !started && (booking.status === 'confirmed' || booking.status === 'awaiting_payment'),
    markNoShow: started && (booking.status === 'confirmed' || booking.status === 'completed'),
    markShown: booking.status === 'no_show',
  };
}

export const BOOKING_STATUS_LABELS: Record<AgendaBooking['status'], string> = {
  held: 'En cours de réservation',
  awaiting_payment: 'En attente de paiement',
  confirmed: 'Confirmée',
  cancelled: 'Annulée',
  no_show: 'Absent',
  completed: 'Honorée',
};
