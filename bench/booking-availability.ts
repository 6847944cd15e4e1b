/**
 * The reservations' free-time computation (issue 29, @comptoir/domain/booking-availability): a
 * month of free times for a service that needs one of two stylists and a room, with a month of
 * bookings on all three, timed in this process. Goal: under 50 ms on this machine, printed met or
 * not (a slow machine gives a high figure, never a failure).
 */
import {
  addDaysTo,
  freeTimes,
  type AvailabilityQuery,
  type AvailabilityResource,
  type Occupancy,
} from '@comptoir/domain/booking-availability';
import { zonedInstant } from '@comptoir/domain/opening-calendar';
import { goals, markdownTable, median, yesNo } from './report';

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const FROM = '2027-03-01';
const DAYS = 31;

const person = (id: number): AvailabilityResource => ({
  id,
  kind: 'person',
  capacity: 1,
  weeklyHours: [2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, startMinute: h(9), endMinute: h(12, 30) },
    { weekday, startMinute: h(14), endMinute: h(19) },
  ]),
  exceptions: [{ date: '2027-03-17', ranges: [] }],
  closedOnPublicHolidays: true,
});

const room: AvailabilityResource = {
  id: 3,
  kind: 'place',
  capacity: 4,
  weeklyHours: [1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    startMinute: h(8),
    endMinute: h(20),
  })),
  exceptions: [],
  closedOnPublicHolidays: false,
};

/** A booked month: each stylist busy 75 minutes every 3 hours, the room with two seats taken each morning. */
function bookedMonth(): Occupancy[] {
  const occupancies: Occupancy[] = [];
  for (let index = 0; index < DAYS; index += 1) {
    const date = addDaysTo(FROM, index);
    for (let minute = h(9); minute < h(19); minute += 180) {
      for (const id of [1, 2]) {
        const start = zonedInstant(date, minute + (id - 1) * 60)!.getTime();
        occupancies.push({ resourceId: id, start, end: start + 75 * 60_000, seats: 1 });
      }
    }
    const morning = zonedInstant(date, h(9))!.getTime();
    occupancies.push({ resourceId: 3, start: morning, end: morning + 4 * 3_600_000, seats: 2 });
  }
  return occupancies;
}

export function benchBookingAvailability(runs = 30): { table: string; met: boolean } {
  const query: AvailabilityQuery = {
    from: FROM,
    days: DAYS,
    durationMinutes: 45,
    bufferAfterMinutes: 15,
    stepMinutes: 15,
    minNoticeMinutes: 120,
    partySize: 1,
    people: [person(1), person(2)],
    places: [room],
    occupancies: bookedMonth(),
    now: new Date('2027-02-15T08:00:00Z'),
  };
  // Warm-up: the first runs compile the code and fill the formatters' caches.
  for (let run = 0; run < 5; run += 1) freeTimes(query);
  const durations: number[] = [];
  let offered = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const days = freeTimes(query);
    durations.push(performance.now() - started);
    offered = days.reduce((sum, day) => sum + day.times.length, 0);
  }
  const figure = median(durations);
  const met = figure < goals.bookingMonthMs;
  return {
    met,
    table: markdownTable(
      ['measure', 'median', 'slowest', 'goal', 'met'],
      [
        [
          `free times of a month, 3 resources (${query.occupancies.length} bookings, ${offered} times offered, ${runs} runs)`,
          `${figure.toFixed(1)} ms`,
          `${Math.max(...durations).toFixed(1)} ms`,
          `< ${goals.bookingMonthMs} ms`,
          yesNo(met),
        ],
      ],
    ),
  };
}

// `npx tsx bench/booking-availability.ts`: this measure alone, without the bench's servers.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { table, met } = benchBookingAvailability();
  console.log(`### Reservations: free-time computation\n\n${table}\n\nGoal met: ${yesNo(met)}.`);
}
