import { describe, expect, it } from 'vitest';
import {
  findFreeTime,
  freeTimes,
  localClockOf,
  localDateOf,
  rangesAreValid,
  resourceRangesOn,
  type AvailabilityQuery,
  type AvailabilityResource,
} from './booking-availability';

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

const stylist = (
  id: number,
  overrides: Partial<AvailabilityResource> = {},
): AvailabilityResource => ({
  id,
  kind: 'person',
  capacity: 1,
  // Tuesday to Saturday, 9h00–12h00 and 14h00–18h00.
  weeklyHours: [2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, startMinute: h(9), endMinute: h(12) },
    { weekday, startMinute: h(14), endMinute: h(18) },
  ]),
  exceptions: [],
  closedOnPublicHolidays: true,
  ...overrides,
});

const room: AvailabilityResource = {
  id: 10,
  kind: 'place',
  capacity: 12,
  weeklyHours: [{ weekday: 6, startMinute: h(10), endMinute: h(11, 30) }],
  exceptions: [],
  closedOnPublicHolidays: true,
};

/** Monday 7 December 2026, 8h00 in Paris (UTC+1). */
const NOW = new Date('2026-12-07T07:00:00Z');
const at = (date: string, time: string) => new Date(`${date}T${time}:00+01:00`).getTime();

function query(overrides: Partial<AvailabilityQuery> = {}): AvailabilityQuery {
  return {
    from: '2026-12-08',
    days: 1,
    durationMinutes: 45,
    bufferAfterMinutes: 15,
    stepMinutes: 15,
    minNoticeMinutes: 120,
    partySize: 1,
    people: [stylist(1)],
    places: [],
    occupancies: [],
    now: NOW,
    ...overrides,
  };
}

const starts = (q: AvailabilityQuery) =>
  freeTimes(q).map((day) => day.times.map((time) => time.localStart));

describe('freeTimes', () => {
  it('steps through each opening range and keeps the service inside it', () => {
    const [tuesday] = freeTimes(query());
    expect(tuesday!.date).toBe('2026-12-08');
    const times = tuesday!.times.map((time) => time.localStart);
    expect(times.slice(0, 3)).toEqual(['09:00', '09:15', '09:30']);
    // 11h15 + 45 min ends at noon; 11h30 would not fit.
    expect(times).toContain('11:15');
    expect(times).not.toContain('11:30');
    expect(times).toContain('14:00');
    expect(times.at(-1)).toBe('17:15');
    expect(tuesday!.times[0]).toMatchObject({
      start: at('2026-12-08', '09:00'),
      end: at('2026-12-08', '09:45'),
      localEnd: '09:45',
      seatsLeft: 1,
      personIds: [1],
    });
  });

  it('keeps every day asked, empty when closed (Monday, Sunday)', () => {
    const week = freeTimes(query({ from: '2026-12-07', days: 7 }));
    expect(week.map((day) => day.date)).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
    ]);
    expect(week[0]!.times).toEqual([]);
    expect(week[6]!.times).toEqual([]);
    expect(week[1]!.times.length).toBeGreaterThan(0);
  });

  it('closes on French public holidays unless the resource works them, and an exception wins', () => {
    // Friday 25 December 2026.
    expect(starts(query({ from: '2026-12-25' }))).toEqual([[]]);
    expect(
      starts(
        query({ from: '2026-12-25', people: [stylist(1, { closedOnPublicHolidays: false })] }),
      )[0]!.length,
    ).toBeGreaterThan(0);
    const open = stylist(1, {
      exceptions: [{ date: '2026-12-25', ranges: [{ startMinute: h(10), endMinute: h(11) }] }],
    });
    expect(starts(query({ from: '2026-12-25', people: [open] }))).toEqual([['10:00', '10:15']]);
    const dayOff = stylist(1, { exceptions: [{ date: '2026-12-08', ranges: [] }] });
    expect(starts(query({ people: [dayOff] }))).toEqual([[]]);
  });

  it('leaves out the times a booking and its buffer overlap', () => {
    // A booking 10h00–10h45, buffer to 11h00.
    const occupancies = [
      { resourceId: 1, start: at('2026-12-08', '10:00'), end: at('2026-12-08', '11:00'), seats: 1 },
    ];
    const times = starts(query({ occupancies }))[0]!;
    // 9h15 + 45 min + 15 min buffer = 10h15 would overlap; 9h00 ends its buffer at 10h00 exactly.
    expect(times).toContain('09:00');
    expect(times).not.toContain('09:15');
    expect(times).not.toContain('10:45');
    expect(times).toContain('11:00');
  });

  it('offers nothing sooner than the cut-off', () => {
    const times = starts(query({ now: new Date('2026-12-08T09:10:00Z') }))[0]!; // 10h10 in Paris
    expect(times[0]).toBe('14:00'); // 12h10 is the earliest, and the morning ends at noon
    const none = starts(query({ minNoticeMinutes: 0, now: new Date('2026-12-08T09:10:00Z') }))[0]!;
    expect(none[0]).toBe('10:15');
  });

  it('follows the duration and the step', () => {
    const long = starts(query({ durationMinutes: 180, stepMinutes: 60 }))[0]!;
    expect(long).toEqual(['09:00', '14:00', '15:00']);
  });

  it('lists who is free, and only the chosen person when one is chosen', () => {
    const late = stylist(2, {
      weeklyHours: [{ weekday: 2, startMinute: h(10), endMinute: h(18) }],
    });
    const both = freeTimes(query({ people: [stylist(1), late] }))[0]!;
    expect(both.times.find((t) => t.localStart === '09:00')!.personIds).toEqual([1]);
    expect(both.times.find((t) => t.localStart === '10:00')!.personIds).toEqual([1, 2]);
    const busy = [
      { resourceId: 1, start: at('2026-12-08', '10:00'), end: at('2026-12-08', '11:00'), seats: 1 },
    ];
    const chosen = freeTimes(
      query({ people: [stylist(1), late], personId: 2, occupancies: busy }),
    )[0]!;
    expect(chosen.times[0]!.localStart).toBe('10:00');
    expect(chosen.times.every((t) => t.personIds.join() === '2')).toBe(true);
    expect(starts(query({ personId: 99 }))).toEqual([[]]);
  });

  it('counts the seats of a place, overlapping bookings adding up', () => {
    const saturday = {
      from: '2026-12-12',
      people: [],
      places: [room],
      durationMinutes: 90,
      bufferAfterMinutes: 0,
      stepMinutes: 90,
      minNoticeMinutes: 0,
    };
    const taken = [
      {
        resourceId: 10,
        start: at('2026-12-12', '10:00'),
        end: at('2026-12-12', '11:30'),
        seats: 5,
      },
      {
        resourceId: 10,
        start: at('2026-12-12', '10:00'),
        end: at('2026-12-12', '11:30'),
        seats: 3,
      },
    ];
    const [day] = freeTimes(query({ ...saturday, occupancies: taken }));
    expect(day!.times).toMatchObject([{ localStart: '10:00', seatsLeft: 4, personIds: [] }]);
    expect(freeTimes(query({ ...saturday, occupancies: taken, partySize: 5 }))[0]!.times).toEqual(
      [],
    );
    expect(freeTimes(query({ ...saturday, partySize: 13 }))[0]!.times).toEqual([]);
  });

  it('needs every place and one person at once', () => {
    const chair: AvailabilityResource = {
      ...room,
      id: 11,
      capacity: 1,
      weeklyHours: [{ weekday: 2, startMinute: h(14), endMinute: h(16) }],
    };
    const times = starts(query({ places: [chair] }))[0]!;
    expect(times[0]).toBe('14:00');
    expect(times.at(-1)).toBe('15:15');
  });

  it('states times in Paris across the change to summer time', () => {
    // Saturday 28 March 2026 (UTC+1) and Saturday 4 April 2026 (UTC+2).
    const before = freeTimes(
      query({ from: '2026-03-28', now: new Date('2026-03-01T00:00:00Z') }),
    )[0]!;
    const after = freeTimes(
      query({ from: '2026-04-04', now: new Date('2026-03-01T00:00:00Z') }),
    )[0]!;
    expect(new Date(before.times[0]!.start).toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(new Date(after.times[0]!.start).toISOString()).toBe('2026-04-04T07:00:00.000Z');
    // The day of the change itself (Sunday 29 March) with a resource open that day.
    const sunday = stylist(1, {
      weeklyHours: [{ weekday: 7, startMinute: h(9), endMinute: h(10) }],
    });
    const change = freeTimes(
      query({ from: '2026-03-29', people: [sunday], now: new Date('2026-03-01T00:00:00Z') }),
    )[0]!;
    expect(new Date(change.times[0]!.start).toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });
});

describe('findFreeTime', () => {
  it('finds a listed time by its start, and nothing for a time the list would not show', () => {
    const q = query();
    expect(findFreeTime(q, new Date(at('2026-12-08', '09:15')))).toMatchObject({
      localStart: '09:15',
    });
    expect(findFreeTime(q, new Date(at('2026-12-08', '09:10')))).toBeNull();
    expect(findFreeTime(q, new Date(at('2026-12-07', '10:00')))).toBeNull();
  });
});

describe('helpers', () => {
  it('reads a resource’s ranges of a day: exception, then holiday, then the week', () => {
    expect(resourceRangesOn(stylist(1), '2026-12-08')).toEqual([
      { startMinute: h(9), endMinute: h(12) },
      { startMinute: h(14), endMinute: h(18) },
    ]);
    expect(resourceRangesOn(stylist(1), '2026-11-11')).toEqual([]);
  });

  it('checks ranges: end after start, no overlap within a day', () => {
    expect(
      rangesAreValid([
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 1, startMinute: 720, endMinute: 800 },
      ]),
    ).toBe(true);
    expect(
      rangesAreValid([
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 2, startMinute: 600, endMinute: 700 },
      ]),
    ).toBe(true);
    expect(
      rangesAreValid([
        { weekday: 1, startMinute: 540, endMinute: 720 },
        { weekday: 1, startMinute: 700, endMinute: 800 },
      ]),
    ).toBe(false);
    expect(rangesAreValid([{ startMinute: 600, endMinute: 600 }])).toBe(false);
  });

  it('gives the Paris date and clock of an instant', () => {
    expect(localDateOf(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(localClockOf(new Date('2026-07-01T08:05:00Z'))).toBe('10:05');
  });
});
