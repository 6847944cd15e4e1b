/*
 * Reservations' free times (docs/requirements/reservations.md): the start times a bookable
 * service offers, day by day, computed from its resources' weekly hours, their exceptions, the
 * French public holidays (the click-and-collect calendar's), the bookings that already occupy
 * them (with their buffers), the service's duration, buffer, step and cut-off, the visitor's
 * choice of person and the seats a group needs. Pure: the API decides with it (availability,
 * hold, move) and nothing else repeats the rule.
 *
 * Days are civil dates in Europe/Paris (YYYY-MM-DD); instants are UTC milliseconds, so that a
 * DST change never moves a booking.
 */
import { frenchPublicHolidays, SHOP_TIME_ZONE, zonedInstant } from './opening-calendar';

/** One opening range of a day, in minutes after local midnight (600–720 is 10h00–12h00). */
export interface DayRange {
  startMinute: number;
  endMinute: number;
}

export interface AvailabilityResource {
  id: number;
  /** A person is booked whole; a place shares its seats among the bookings at one time. */
  kind: 'person' | 'place';
  capacity: number;
  /** 1 = Monday … 7 = Sunday. */
  weeklyHours: readonly (DayRange & { weekday: number })[];
  /** A date's own hours (empty ranges: closed that day), before the weekly hours and holidays. */
  exceptions: readonly { date: string; ranges: readonly DayRange[] }[];
  closedOnPublicHolidays: boolean;
}

/** A booking (or a live hold) occupying a resource from its start to the end of its buffer. */
export interface Occupancy {
  resourceId: number;
  start: number;
  end: number;
  seats: number;
}

export interface AvailabilityQuery {
  /** First day asked (YYYY-MM-DD, Paris) and how many days. */
  from: string;
  days: number;
  durationMinutes: number;
  bufferAfterMinutes: number;
  stepMinutes: number;
  /** The cut-off: a time starting sooner than this after `now` is not offered. */
  minNoticeMinutes: number;
  partySize: number;
  /** One of these people is needed (none: the service needs no one by name). */
  people: readonly AvailabilityResource[];
  /** Every one of these places is needed, with `partySize` seats. */
  places: readonly AvailabilityResource[];
  /** The visitor's choice among `people`. */
  personId?: number;
  occupancies: readonly Occupancy[];
  now: Date;
  timeZone?: string;
}

export interface FreeTime {
  /** UTC instants (ms) of the start and the end (the buffer not included). */
  start: number;
  end: number;
  localStart: string;
  localEnd: string;
  /** Seats left for a place; 1 when the service takes only a person. */
  seatsLeft: number;
  /** The free people among those asked, by id. */
  personIds: number[];
}

export interface FreeDay {
  date: string;
  times: FreeTime[];
}

const MINUTE = 60_000;
const DAY_MINUTES = 1440;

/** "HH:MM" of a number of minutes after local midnight. */
export function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The date `days` after a YYYY-MM-DD date. */
export function addDaysTo(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 1 = Monday … 7 = Sunday, as ISO 8601 and the back office's hours number them. */
export function isoWeekday(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

const holidaysByYear = new Map<number, Map<string, string>>();
function isPublicHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    holidays = frenchPublicHolidays(year);
    holidaysByYear.set(year, holidays);
  }
  return holidays.has(date);
}

/**
 * A resource's opening ranges on a date: the date's exception when it has one, else closed on a
 * public holiday when the resource closes on them, else its weekly hours for that weekday.
 */
export function resourceRangesOn(resource: AvailabilityResource, date: string): DayRange[] {
  const exception = resource.exceptions.find((candidate) => candidate.date === date);
  if (exception) return [...exception.ranges];
  if (resource.closedOnPublicHolidays && isPublicHoliday(date)) return [];
  const weekday = isoWeekday(date);
  return resource.weeklyHours
    .filter((range) => range.weekday === weekday)
    .map(({ startMinute, endMinute }) => ({ startMinute, endMinute }));
}

const within = (ranges: readonly DayRange[], start: number, end: number) =>
  ranges.some((range) => range.startMinute <= start && end <= range.endMinute);

/**
 * The instant of a wall-clock minute of a day: one offset for the whole day unless the day has
 * a DST change (then each minute is converted on its own; a minute that does not exist is null).
 */
function dayClock(date: string, timeZone: string): (minute: number) => number | null {
  const midnight = zonedInstant(date, 0, timeZone);
  const lastMinute = zonedInstant(date, DAY_MINUTES - 1, timeZone);
  if (
    midnight &&
    lastMinute &&
    lastMinute.getTime() - midnight.getTime() === (DAY_MINUTES - 1) * MINUTE
  ) {
    const base = midnight.getTime();
    return (minute) => base + minute * MINUTE;
  }
  return (minute) => zonedInstant(date, minute, timeZone)?.getTime() ?? null;
}

/** Seats taken on a resource by the occupancies overlapping [start, end). */
function seatsTaken(occupancies: readonly Occupancy[], start: number, end: number): number {
  let taken = 0;
  for (const occupancy of occupancies) {
    if (occupancy.start < end && occupancy.end > start) taken += occupancy.seats;
  }
  return taken;
}

/**
 * The free times of a service, day by day from `from` for `days` days (days without a time are
 * kept, with no time, so that a picker shows them closed). A time is offered when:
 * - its start is on the service's step from the start of an opening range, and the service
 *   (without its buffer) fits inside an opening range of every resource it needs;
 * - it starts at least `minNoticeMinutes` after now;
 * - one of the people (the chosen one, if any) has no occupancy over the time and its buffer;
 * - every place has `partySize` seats left over the time and its buffer (seats of overlapping
 *   occupancies add up, whatever their own times).
 */
export function freeTimes(query: AvailabilityQuery): FreeDay[] {
  const timeZone = query.timeZone ?? SHOP_TIME_ZONE;
  const earliest = query.now.getTime() + query.minNoticeMinutes * MINUTE;
  const people =
    query.personId === undefined
      ? query.people
      : query.people.filter((person) => person.id === query.personId);
  const byResource = new Map<number, Occupancy[]>();
  for (const occupancy of query.occupancies) {
    const list = byResource.get(occupancy.resourceId);
    if (list) list.push(occupancy);
    else byResource.set(occupancy.resourceId, [occupancy]);
  }
  const occupancyOf = (id: number) => byResource.get(id) ?? [];
  const days: FreeDay[] = [];
  // A chosen person who is not among the service's people: nothing is free.
  const impossible =
    (query.personId !== undefined && people.length === 0) ||
    query.places.some((place) => place.capacity < query.partySize) ||
    (query.people.length === 0 && query.places.length === 0);

  for (let index = 0; index < query.days; index += 1) {
    const date = addDaysTo(query.from, index);
    const times: FreeTime[] = [];
    days.push({ date, times });
    if (impossible) continue;
    const placeRanges = query.places.map((place) => resourceRangesOn(place, date));
    if (placeRanges.some((ranges) => ranges.length === 0)) continue;
    const peopleRanges = people.map((person) => resourceRangesOn(person, date));
    if (people.length > 0 && peopleRanges.every((ranges) => ranges.length === 0)) continue;

    // Candidate starts: each opening range's start, then every step, of the needed resources.
    const starts = new Set<number>();
    for (const ranges of [...placeRanges, ...peopleRanges]) {
      for (const range of ranges) {
        for (
          let minute = range.startMinute;
          minute + query.durationMinutes <= range.endMinute;
          minute += query.stepMinutes
        ) {
          starts.add(minute);
        }
      }
    }
    const instantOf = dayClock(date, timeZone);
    for (const startMinute of [...starts].sort((a, b) => a - b)) {
      const endMinute = startMinute + query.durationMinutes;
      if (!placeRanges.every((ranges) => within(ranges, startMinute, endMinute))) continue;
      const start = instantOf(startMinute);
      const end = instantOf(endMinute);
      if (start === null || end === null || start < earliest) continue;
      const occupiedUntil = end + query.bufferAfterMinutes * MINUTE;
      let seatsLeft = Number.POSITIVE_INFINITY;
      for (const place of query.places) {
        seatsLeft = Math.min(
          seatsLeft,
          place.capacity - seatsTaken(occupancyOf(place.id), start, occupiedUntil),
        );
      }
      if (seatsLeft < query.partySize) continue;
      const personIds: number[] = [];
      people.forEach((person, personIndex) => {
        if (!within(peopleRanges[personIndex]!, startMinute, endMinute)) return;
        if (seatsTaken(occupancyOf(person.id), start, occupiedUntil) === 0) {
          personIds.push(person.id);
        }
      });
      if (people.length > 0 && personIds.length === 0) continue;
      times.push({
        start,
        end,
        localStart: clockTime(startMinute),
        localEnd: clockTime(endMinute),
        seatsLeft: query.places.length > 0 ? seatsLeft : 1,
        personIds,
      });
    }
  }
  return days;
}

/** The Paris date (YYYY-MM-DD) of an instant. */
export function localDateOf(instant: Date, timeZone = SHOP_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The Paris wall-clock "HH:MM" of an instant. */
export function localClockOf(instant: Date, timeZone = SHOP_TIME_ZONE): string {
  return new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
}

/**
 * The free time starting at `start` if the service offers it now (the same rule as the list:
 * a hold or a move never takes a time the list would not show), else null.
 */
export function findFreeTime(
  query: Omit<AvailabilityQuery, 'from' | 'days'>,
  start: Date,
): FreeTime | null {
  const date = localDateOf(start, query.timeZone ?? SHOP_TIME_ZONE);
  const [day] = freeTimes({ ...query, from: date, days: 1 });
  return day?.times.find((time) => time.start === start.getTime()) ?? null;
}

/**
 * Whether weekly ranges are well formed: each ends after it starts, and no two of the same
 * weekday overlap (RESOURCE_HOURS_MESSAGE otherwise).
 */
export function rangesAreValid(ranges: readonly (DayRange & { weekday?: number })[]): boolean {
  if (ranges.some((range) => range.endMinute <= range.startMinute)) return false;
  const sorted = [...ranges].sort(
    (a, b) => (a.weekday ?? 0) - (b.weekday ?? 0) || a.startMinute - b.startMinute,
  );
  return sorted.every(
    (range, index) =>
      index === 0 ||
      (sorted[index - 1]!.weekday ?? 0) !== (range.weekday ?? 0) ||
      sorted[index - 1]!.endMinute <= range.startMinute,
  );
}
