import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedDays,
  daySlots,
  easterSunday,
  findSlot,
  frenchPublicHolidays,
  parseOpeningHours,
  slotKey,
  zonedInstant,
  type CalendarRules,
} from './opening-calendar';

const weekdays = parseOpeningHours('10h00 – 12h30 / 14h00 – 18h30');
/** Closed on Sunday, afternoons on Monday, days on Tuesday to Saturday. */
const rules: CalendarRules = {
  weeklyHours: [
    [],
    parseOpeningHours('14h00 – 18h00'),
    weekdays,
    weekdays,
    weekdays,
    weekdays,
    parseOpeningHours('10h – 18h'),
  ],
  slotMinutes: 60,
  capacity: 3,
  closures: [],
  leadHours: 24,
};

describe('opening hours', () => {
  it('reads the hours as owners write them', () => {
    expect(weekdays).toEqual([
      { start: 600, end: 750 },
      { start: 840, end: 1110 },
    ]);
    expect(parseOpeningHours('9h-12h, 14h-18h')).toEqual([
      { start: 540, end: 720 },
      { start: 840, end: 1080 },
    ]);
    expect(parseOpeningHours('09:00 - 19:00')).toEqual([{ start: 540, end: 1140 }]);
  });

  it('reads blank, closed or unreadable hours as closed', () => {
    expect(parseOpeningHours(null)).toEqual([]);
    expect(parseOpeningHours('Fermé')).toEqual([]);
    expect(parseOpeningHours('18h – 10h')).toEqual([]);
    expect(parseOpeningHours('25h – 26h')).toEqual([]);
  });
});

describe('French public holidays', () => {
  it('computes Easter for known years', () => {
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 });
  });

  it('lists the eleven holidays, the movable ones from Easter', () => {
    const holidays = frenchPublicHolidays(2026);
    expect(holidays.size).toBe(11);
    expect(holidays.get('2026-04-06')).toBe('Lundi de Pâques');
    expect(holidays.get('2026-05-14')).toBe('Ascension');
    expect(holidays.get('2026-05-25')).toBe('Lundi de Pentecôte');
    expect(holidays.get('2026-07-14')).toBe('Fête nationale');
  });

  it('always puts Easter on a Sunday between 22 March and 25 April (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 4099 }), (year) => {
        const { month, day } = easterSunday(year);
        expect(new Date(Date.UTC(year, month - 1, day)).getUTCDay()).toBe(0);
        const key = month * 100 + day;
        expect(key).toBeGreaterThanOrEqual(322);
        expect(key).toBeLessThanOrEqual(425);
      }),
    );
  });
});

describe('time zone', () => {
  it('places Paris wall-clock times in winter and summer', () => {
    expect(zonedInstant('2026-01-15', 600)?.toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(zonedInstant('2026-07-15', 600)?.toISOString()).toBe('2026-07-15T08:00:00.000Z');
  });

  it('skips the hour that does not exist when clocks go forward, and takes the first of a doubled hour', () => {
    expect(zonedInstant('2026-03-29', 150)).toBeNull();
    expect(zonedInstant('2026-03-29', 180)?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(zonedInstant('2026-10-25', 150)?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });
});

describe('allowed days', () => {
  const noon = (date: string) => new Date(`${date}T12:00:00Z`);

  it('offers the opening slots after the lead time, none on Sunday', () => {
    const days = allowedDays(2026, 6, rules, noon('2026-06-01'), new Map());
    // Noon UTC on Monday 1 June + 24 h is 14h00 in Paris on Tuesday 2 June.
    expect(days[0]?.date).toBe('2026-06-02');
    expect(days[0]?.slots.map((slot) => slot.start)).toEqual(['14:00', '15:00', '16:00', '17:00']);
    expect(days.some((day) => day.date === '2026-06-07')).toBe(false);
    const tuesday = days.find((day) => day.date === '2026-06-09')!;
    expect(tuesday.slots.map((slot) => `${slot.start}-${slot.end}`)).toEqual([
      '10:00-11:00',
      '11:00-12:00',
      '14:00-15:00',
      '15:00-16:00',
      '16:00-17:00',
      '17:00-18:00',
    ]);
    expect(tuesday.slots[0]).toMatchObject({ idSchedule: 600, remaining: 3 });
    expect(tuesday.slots[0]!.dateSchedule.toISOString()).toBe('2026-06-09T08:00:00.000Z');
  });

  it('offers nothing on public holidays and closures', () => {
    const days = allowedDays(
      2026,
      5,
      { ...rules, closures: [{ from: '2026-05-19', to: '2026-05-21' }] },
      noon('2026-04-01'),
      new Map(),
    );
    const dates = days.map((day) => day.date);
    expect(dates).not.toContain('2026-05-01');
    expect(dates).not.toContain('2026-05-08');
    expect(dates).not.toContain('2026-05-14');
    expect(dates).not.toContain('2026-05-25');
    expect(dates).not.toContain('2026-05-20');
    expect(dates).toContain('2026-05-22');
  });

  it('removes full slots and counts the places left', () => {
    const bookings = new Map([
      [slotKey('2026-06-09', 600), 3],
      [slotKey('2026-06-09', 660), 2],
    ]);
    const tuesday = allowedDays(2026, 6, rules, noon('2026-06-01'), bookings).find(
      (day) => day.date === '2026-06-09',
    )!;
    expect(tuesday.slots[0]).toMatchObject({ idSchedule: 660, remaining: 1 });
  });

  it('crosses a month end with the lead time', () => {
    const now = new Date('2026-06-30T15:30:00Z'); // 17h30 in Paris on Tuesday 30 June
    expect(allowedDays(2026, 6, rules, now, new Map())).toEqual([]);
    // + 40 h is 9h30 on Thursday 2 July; + 48 h is 17h30, after its last slot.
    const july = allowedDays(2026, 7, { ...rules, leadHours: 40 }, now, new Map());
    expect(july[0]?.date).toBe('2026-07-02');
    expect(july[0]?.slots[0]?.start).toBe('10:00');
    expect(allowedDays(2026, 7, { ...rules, leadHours: 48 }, now, new Map())[0]?.date).toBe(
      '2026-07-03',
    );
  });

  it('keeps wall-clock slots across the DST changes', () => {
    const march = allowedDays(2026, 3, rules, noon('2026-03-01'), new Map());
    const before = march.find((day) => day.date === '2026-03-28')!; // Saturday, winter time
    const after = march.find((day) => day.date === '2026-03-31')!; // Tuesday, summer time
    expect(before.slots[0]!.dateSchedule.toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(after.slots[0]!.dateSchedule.toISOString()).toBe('2026-03-31T08:00:00.000Z');
    const october = allowedDays(2026, 10, rules, noon('2026-10-01'), new Map());
    expect(
      october.find((day) => day.date === '2026-10-27')!.slots[0]!.dateSchedule.toISOString(),
    ).toBe('2026-10-27T09:00:00.000Z');
  });

  it('skips a slot that starts in the hour skipped by DST', () => {
    const night: CalendarRules = {
      ...rules,
      weeklyHours: [parseOpeningHours('1h – 4h'), [], [], [], [], [], []],
      leadHours: 0,
    };
    expect(daySlots('2026-03-29', night).map((slot) => slot.start)).toEqual(['01:00', '03:00']);
  });

  it('finds an offered slot and refuses one too soon, closed or unknown', () => {
    const now = noon('2026-06-01');
    expect(findSlot('2026-06-09', 600, rules, now)?.end).toBe('11:00');
    expect(findSlot('2026-06-02', 600, rules, now)).toBeNull();
    expect(findSlot('2026-06-07', 600, rules, now)).toBeNull();
    expect(findSlot('2026-06-09', 610, rules, now)).toBeNull();
  });

  it('only offers slots inside the opening hours, after the lead time, with places left (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2025, max: 2030 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 24 * 40 }),
        fc.integer({ min: 0, max: 72 }),
        (year, month, hoursBefore, leadHours) => {
          const now = new Date(Date.UTC(year, month - 1, 1) - hoursBefore * 3_600_000);
          const days = allowedDays(year, month, { ...rules, leadHours }, now, new Map());
          for (const day of days) {
            expect(day.date.startsWith(`${year}-${String(month).padStart(2, '0')}`)).toBe(true);
            expect(frenchPublicHolidays(year).has(day.date)).toBe(false);
            for (const slot of day.slots) {
              expect(slot.dateSchedule.getTime()).toBeGreaterThanOrEqual(
                now.getTime() + leadHours * 3_600_000,
              );
              expect(slot.remaining).toBeGreaterThan(0);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 30_000); // 60 generated calendars: seconds on a loaded CI machine
});
