import {
  CALENDAR_NOT_FOUND_MESSAGE,
  SLOT_ALREADY_ORDERED_MESSAGE,
  SLOT_FULL_MESSAGE,
  SLOT_HOLD_MINUTES,
  SLOT_UNAVAILABLE_MESSAGE,
  type AllowedDates,
  type SlotHold,
} from '@comptoir/contract/calendar';
import {
  allowedDays,
  findSlot,
  isoDate,
  parseOpeningHours,
  WEEKDAY_HOURS_PARAMETERS,
  type CalendarRules,
} from '@comptoir/domain/opening-calendar';
import { HttpError } from '../../http/http-error';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import type { CalendarRepository, PickupCalendar } from './calendar-repository';

export function createCalendarService(dependencies: {
  repository: CalendarRepository;
  readParameters: (siteId: number) => Promise<SiteParameterValues>;
  now: () => Date;
}) {
  const { repository, readParameters, now } = dependencies;

  async function calendarOf(siteId: number, id: number): Promise<PickupCalendar> {
    const calendar = await repository.findCalendar(siteId, id);
    if (!calendar) throw new HttpError(404, CALENDAR_NOT_FOUND_MESSAGE);
    return calendar;
  }

  /** The rules of a calendar between two dates: the site's hours, its lead time, the closures. */
  async function rulesOf(
    siteId: number,
    calendar: PickupCalendar,
    from: string,
    to: string,
  ): Promise<CalendarRules> {
    const parameters = await readParameters(siteId);
    const lead = parameters.number('CLICK_AND_COLLECT_HOURS');
    return {
      weeklyHours: WEEKDAY_HOURS_PARAMETERS.map((type) => parseOpeningHours(parameters.text(type))),
      slotMinutes: calendar.slotMinutes,
      capacity: calendar.slotCapacity,
      closures: await repository.closures(siteId, calendar.companyAddressId, from, to),
      leadHours: lead !== null && lead > 0 ? lead : 0,
    };
  }

  return {
    async allowedDates(
      siteId: number,
      id: number,
      month: number,
      year: number,
    ): Promise<AllowedDates> {
      const calendar = await calendarOf(siteId, id);
      const from = isoDate(year, month, 1);
      const to = isoDate(year, month, new Date(Date.UTC(year, month, 0)).getUTCDate());
      const at = now();
      const rules = await rulesOf(siteId, calendar, from, to);
      const booked = await repository.bookedPlaces(siteId, id, from, to, at);
      return {
        id,
        month,
        year,
        slotMinutes: calendar.slotMinutes,
        days: allowedDays(year, month, rules, at, booked).map((day) => ({
          date: day.date,
          slots: day.slots.map((slot) => ({
            ...slot,
            dateSchedule: slot.dateSchedule.toISOString(),
          })),
        })),
      };
    },

    /** Holds a place in a slot the calendar offers now, for SLOT_HOLD_MINUTES. */
    async hold(
      siteId: number,
      id: number,
      cartId: number,
      date: string,
      idSchedule: number,
    ): Promise<SlotHold> {
      const calendar = await calendarOf(siteId, id);
      const at = now();
      const slot = findSlot(date, idSchedule, await rulesOf(siteId, calendar, date, date), at);
      if (slot === null) {
        throw new HttpError(422, SLOT_UNAVAILABLE_MESSAGE, [
          { key: 'idSchedule', error: SLOT_UNAVAILABLE_MESSAGE },
        ]);
      }
      const expiresAt = new Date(at.getTime() + SLOT_HOLD_MINUTES * 60_000);
      const held = await repository.hold({
        siteId,
        companyAddressId: id,
        date,
        scheduleId: idSchedule,
        cartId,
        capacity: calendar.slotCapacity,
        now: at,
        expiresAt,
      });
      if (held === 'full') throw new HttpError(409, SLOT_FULL_MESSAGE);
      if (held === 'ordered') throw new HttpError(409, SLOT_ALREADY_ORDERED_MESSAGE);
      return {
        id,
        date,
        idSchedule,
        dateSchedule: slot.dateSchedule.toISOString(),
        start: slot.start,
        end: slot.end,
        expiresAt: expiresAt.toISOString(),
      };
    },

    release: (siteId: number, cartId: number) => repository.release(siteId, cartId),
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
