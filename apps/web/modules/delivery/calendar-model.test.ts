import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dayLabel,
  distanceLabel,
  monthLabel,
  monthWeeks,
  parisMonth,
} from './calendar-model';

describe('the calendar months', () => {
  it('moves across years', () => {
    expect(addMonths({ month: 12, year: 2026 }, 1)).toEqual({ month: 1, year: 2027 });
    expect(addMonths({ month: 1, year: 2027 }, -1)).toEqual({ month: 12, year: 2026 });
    expect(addMonths({ month: 11, year: 2026 }, 2)).toEqual({ month: 1, year: 2027 });
  });

  it('lays a month out in weeks from Monday', () => {
    // 1 November 2026 is a Sunday.
    const weeks = monthWeeks({ month: 11, year: 2026 });
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it('names months and days in French', () => {
    expect(monthLabel({ month: 11, year: 2026 })).toBe('novembre 2026');
    expect(dayLabel('2026-11-27')).toBe('vendredi 27 novembre');
  });

  it('takes the month in Paris, where the shop is', () => {
    expect(parisMonth(new Date('2026-11-30T23:30:00Z'))).toEqual({ month: 12, year: 2026 });
  });
});

describe('a relay point’s distance', () => {
  it('reads in metres, then kilometres', () => {
    expect(distanceLabel(850)).toBe('850 m');
    expect(distanceLabel(1234)).toBe('1,2 km');
  });
});
