import { describe, expect, it } from 'vitest';
import type { AgendaBooking, Resource } from '@comptoir/contract/admin-booking';
import {
  addDays,
  bookingActions,
  droppedStart,
  formatDayRanges,
  gridBounds,
  openHoursOn,
  parseDayRanges,
  placeInLanes,
  steppedTarget,
  weekStartOf,
} from './agenda-model';

const stylist: Resource = {
  id: 1,
  name: 'Julie',
  kind: 'person',
  capacity: 1,
  weeklyHours: [
    { weekday: 2, startMinute: 540, endMinute: 720 },
    { weekday: 2, startMinute: 840, endMinute: 1140 },
    { weekday: 6, startMinute: 540, endMinute: 1020 },
  ],
  exceptions: [{ date: '2026-12-08', ranges: [], label: 'Formation' }],
  closedOnPublicHolidays: true,
  isActive: true,
};

function booking(id: number, localStart: string, localEnd: string): AgendaBooking {
  return {
    id,
    reference: `R-2026-${id}`,
    status: 'confirmed',
    service: { id: 1, name: 'Coupe femme' },
    person: { id: 1, name: 'Julie' },
    partySize: 1,
    start: '2026-12-01T09:00:00Z',
    end: '2026-12-01T10:00:00Z',
    localDate: '2026-12-01',
    localStart,
    localEnd,
    holdExpiresAt: null,
    changeableUntil: '2026-11-30T09:00:00Z',
    canChange: true,
    priceCents: 4500,
    paidCents: 0,
    dueOnlineCents: 0,
    customer: {
      firstname: 'Léa',
      lastname: 'Martin',
      email: 'lea@example.fr',
      phone: '0600000000',
    },
    note: null,
    resourceIds: [1],
    bufferEnd: '2026-12-01T10:10:00Z',
    source: 'back_office',
    createdAt: '2026-11-20T09:00:00Z',
  };
}

describe("the agenda's dates", () => {
  it('counts days across months and finds the Monday of a week', () => {
    expect(addDays('2026-11-30', 2)).toBe('2026-12-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekStartOf('2026-12-06')).toBe('2026-11-30');
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
  });
});

describe('hours typed by the owner', () => {
  it('reads the ways a French owner writes a day, sorted', () => {
    expect(parseDayRanges('14h-19h30, 9h – 12h')).toEqual([
      { startMinute: 540, endMinute: 720 },
      { startMinute: 840, endMinute: 1170 },
    ]);
    expect(parseDayRanges('09:00 à 12:00 et 13:30-18:00')).toEqual([
      { startMinute: 540, endMinute: 720 },
      { startMinute: 810, endMinute: 1080 },
    ]);
    expect(parseDayRanges('')).toEqual([]);
  });

  it('refuses a range that ends first, overlaps another, or is not two times', () => {
    expect(parseDayRanges('12h-9h')).toBeNull();
    expect(parseDayRanges('9h-12h, 11h-14h')).toBeNull();
    expect(parseDayRanges('le matin')).toBeNull();
    expect(parseDayRanges('25h-26h')).toBeNull();
  });

  it('writes them back as it reads them', () => {
    const ranges = parseDayRanges('9h-12h, 14h-19h')!;
    expect(formatDayRanges(ranges)).toBe('09:00-12:00, 14:00-19:00');
    expect(parseDayRanges(formatDayRanges(ranges))).toEqual(ranges);
  });
});

describe("a resource's day", () => {
  it('takes the weekday, then an exception, then a public holiday', () => {
    expect(openHoursOn(stylist, '2026-12-01').ranges).toHaveLength(2);
    expect(openHoursOn(stylist, '2026-12-08')).toEqual({ ranges: [], note: 'Formation' });
    // 2026-12-26 is a Saturday but no holiday; Christmas 2027 is a Saturday and one.
    expect(openHoursOn(stylist, '2026-12-26').ranges).toHaveLength(1);
    expect(openHoursOn(stylist, '2027-12-25')).toEqual({ ranges: [], note: 'Noël' });
    expect(openHoursOn({ ...stylist, closedOnPublicHolidays: false }, '2027-12-25').ranges).toEqual(
      [{ startMinute: 540, endMinute: 1020 }],
    );
  });

  it('shows the hours of the days shown, widened to a booking outside them', () => {
    expect(gridBounds([stylist], ['2026-12-01'], [])).toEqual({
      startMinute: 540,
      endMinute: 1140,
    });
    expect(gridBounds([stylist], ['2026-12-01'], [booking(1, '19:30', '20:15')])).toEqual({
      startMinute: 540,
      endMinute: 1260,
    });
    expect(gridBounds([stylist], ['2026-12-08'], [])).toEqual({
      startMinute: 480,
      endMinute: 1140,
    });
  });
});

describe('bookings side by side', () => {
  it('gives overlapping bookings their own lane and the others the whole width', () => {
    const placed = placeInLanes([
      booking(1, '10:00', '11:00'),
      booking(2, '10:30', '11:30'),
      booking(3, '11:00', '12:00'),
      booking(4, '14:00', '15:00'),
    ]);
    const byId = new Map(placed.map((item) => [item.booking.id, item]));
    expect(byId.get(1)).toMatchObject({ lane: 0, lanes: 2 });
    expect(byId.get(2)).toMatchObject({ lane: 1, lanes: 2 });
    expect(byId.get(3)).toMatchObject({ lane: 0, lanes: 2 });
    expect(byId.get(4)).toMatchObject({ lane: 0, lanes: 1 });
  });
});

describe('moving a booking', () => {
  const bounds = { startMinute: 540, endMinute: 1140 };

  it('steps a quarter of an hour and a column with the arrows, within the grid', () => {
    const at = { column: 1, startMinute: 600 };
    expect(steppedTarget(at, 'ArrowDown', 60, bounds, 7)).toEqual({ column: 1, startMinute: 615 });
    expect(steppedTarget(at, 'ArrowUp', 60, bounds, 7)).toEqual({ column: 1, startMinute: 585 });
    expect(steppedTarget(at, 'ArrowLeft', 60, bounds, 7)).toEqual({ column: 0, startMinute: 600 });
    expect(steppedTarget({ column: 6, startMinute: 600 }, 'ArrowRight', 60, bounds, 7)).toEqual({
      column: 6,
      startMinute: 600,
    });
    expect(steppedTarget(at, 'End', 60, bounds, 7)).toEqual({ column: 1, startMinute: 1080 });
    expect(steppedTarget({ column: 1, startMinute: 540 }, 'ArrowUp', 60, bounds, 7)).toEqual({
      column: 1,
      startMinute: 540,
    });
    expect(steppedTarget(at, 'a', 60, bounds, 7)).toBeNull();
  });

  it('snaps a drop to the quarter of an hour nearest to where the pointer left it', () => {
    // 2 px a minute: 50 px down is 25 minutes, snapped to 30.
    expect(droppedStart(600, 50, 2, 60, bounds)).toBe(630);
    expect(droppedStart(600, -14, 2, 60, bounds)).toBe(600);
    expect(droppedStart(600, 10_000, 2, 60, bounds)).toBe(1080);
  });
});

describe('what the owner may do with a booking', () => {
  const coming = booking(1, '10:00', '11:00');
  const before = '2026-12-01T08:00:00Z';
  const after = '2026-12-01T09:30:00Z';

  it('moves and cancels a coming confirmed booking, and cannot call it missed yet', () => {
    expect(bookingActions(coming, before)).toEqual({
      move: true,
      cancel: true,
      markNoShow: false,
      markShown: false,
    });
  });

  it('marks a started booking missed, then honoured again, and no longer cancels it', () => {
    expect(bookingActions(coming, after)).toMatchObject({ cancel: false, markNoShow: true });
    expect(bookingActions({ ...coming, status: 'no_show' }, after)).toEqual({
      move: false,
      cancel: false,
      markNoShow: false,
      markShown: true,
    });
  });

  it('does nothing with a cancelled one, and moves only confirmed ones', () => {
    expect(bookingActions({ ...coming, status: 'cancelled' }, before)).toEqual({
      move: false,
      cancel: false,
      markNoShow: false,
      markShown: false,
    });
    expect(bookingActions({ ...coming, status: 'awaiting_payment' }, before)).toMatchObject({
      move: false,
      cancel: true,
    });
  });
});
