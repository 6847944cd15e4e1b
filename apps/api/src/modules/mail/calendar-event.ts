import { createEvent } from 'ics';
import type { MailAttachment } from '../../plugins/mail';

/**
 * Europe/Paris as RFC 5545 wants it beside a TZID: central European time, summer time from the
 * last Sunday of March to the last Sunday of October (EU rules since 1996).
 */
const PARIS_TIME_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Paris',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** "2026-06-02" and 600 minutes → "20260602T100000": a wall-clock time in Paris. */
function parisWallClock(date: string, minutes: number): string {
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0');
  const rest = String(minutes % 60).padStart(2, '0');
  return `${date.replaceAll('-', '')}T${hours}${rest}00`;
}

export interface CalendarEventInput {
  /** Unique and stable per order or booking, so that a calendar updates the event instead of doubling it. */
  uid: string;
  /** The writer's product identifier (PRODID), e.g. 'comptoir/commande'. */
  productId: string;
  title: string;
  /** The day (YYYY-MM-DD, Paris) and its start and end in minutes after local midnight. */
  date: string;
  startMinutes: number;
  endMinutes: number;
  /** The instants of that start and end (for the stamp and for calendars without the zone). */
  start: Date;
  end: Date;
  location: string;
  description: string;
  now: Date;
  filename: string;
}

/**
 * An appointment (a pick-up slot, a booking) as an iCalendar event (the `ics` package writes it,
 * escaped and folded), its times then stated in Europe/Paris (TZID with the zone's rules) rather
 * than in UTC, so that the customer's calendar shows the shop's hours as the shop gave them. The
 * one place the API writes .ics files.
 */
export function calendarEvent(input: CalendarEventInput): MailAttachment {
  const { error, value } = createEvent({
    uid: input.uid,
    productId: input.productId,
    method: 'PUBLISH',
    title: input.title,
    description: input.description,
    location: input.location,
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: input.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
    created: input.now.getTime(),
  });
  if (error || !value) throw error ?? new Error('The calendar event was not written');
  const zoned = value
    .replace(
      /^DTSTART:\d{8}T\d{6}Z$/m,
      `DTSTART;TZID=Europe/Paris:${parisWallClock(input.date, input.startMinutes)}`,
    )
    .replace(
      /^DTEND:\d{8}T\d{6}Z$/m,
      `DTEND;TZID=Europe/Paris:${parisWallClock(input.date, input.endMinutes)}`,
    )
    .replace(/^BEGIN:VEVENT$/m, `${PARIS_TIME_ZONE}\r\nBEGIN:VEVENT`);
  if (!zoned.includes('DTSTART;TZID=') || !zoned.includes('DTEND;TZID=')) {
    throw new Error('The calendar event has no start or end to state in Paris time');
  }
  return {
    filename: input.filename,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: Buffer.from(zoned, 'utf8'),
  };
}
