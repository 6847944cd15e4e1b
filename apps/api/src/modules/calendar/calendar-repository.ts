import { and, eq, gt, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pickupCalendars, pickupClosures, pickupSlotBookings } from '../../db/schema';

export interface PickupCalendar {
  companyAddressId: number;
  slotMinutes: number;
  slotCapacity: number;
}

/** Places that count: taken by an order (no expiry), or held and not yet expired. */
const liveBooking = (now: Date) =>
  or(isNull(pickupSlotBookings.expiresAt), gt(pickupSlotBookings.expiresAt, now));

export function createCalendarRepository(db: Db) {
  return {
    async findCalendar(siteId: number, companyAddressId: number): Promise<PickupCalendar | null> {
      const [calendar] = await db
        .select({
          companyAddressId: pickupCalendars.companyAddressId,
          slotMinutes: pickupCalendars.slotMinutes,
          slotCapacity: pickupCalendars.slotCapacity,
        })
        .from(pickupCalendars)
        .where(
          and(
            eq(pickupCalendars.siteId, siteId),
            eq(pickupCalendars.companyAddressId, companyAddressId),
          ),
        );
      return calendar ?? null;
    },

    async closures(siteId: number, companyAddressId: number, from: string, to: string) {
      return db
        .select({ from: pickupClosures.startsOn, to: pickupClosures.endsOn })
        .from(pickupClosures)
        .where(
          and(
            eq(pickupClosures.siteId, siteId),
            eq(pickupClosures.companyAddressId, companyAddressId),
            lte(pickupClosures.startsOn, to),
            gte(pickupClosures.endsOn, from),
          ),
        );
    },

    /** Live places taken per slot between two dates, as `date/idSchedule` → count. */
    async bookedPlaces(
      siteId: number,
      companyAddressId: number,
      from: string,
      to: string,
      now: Date,
    ): Promise<Map<string, number>> {
      const rows = await db
        .select({
          date: pickupSlotBookings.slotDate,
          scheduleId: pickupSlotBookings.scheduleId,
          count: sql<number>`count(*)::int`,
        })
        .from(pickupSlotBookings)
        .where(
          and(
            eq(pickupSlotBookings.siteId, siteId),
            eq(pickupSlotBookings.companyAddressId, companyAddressId),
            gte(pickupSlotBookings.slotDate, from),
            lte(pickupSlotBookings.slotDate, to),
            liveBooking(now),
          ),
        )
        .groupBy(pickupSlotBookings.slotDate, pickupSlotBookings.scheduleId);
      return new Map(rows.map((row) => [`${row.date}/${row.scheduleId}`, Number(row.count)]));
    },

    /**
     * Holds a place for a cart if the slot has one left, replacing the cart's previous hold, in
     * one transaction that locks the calendar row: two customers asking for the last place at
     * once are served one after the other, and the second finds it taken.
     */
    async hold(input: {
      siteId: number;
      companyAddressId: number;
      date: string;
      scheduleId: number;
      cartId: number;
      capacity: number;
      now: Date;
      expiresAt: Date;
    }): Promise<'held' | 'full' | 'ordered'> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: pickupCalendars.companyAddressId })
          .from(pickupCalendars)
          .where(
            and(
              eq(pickupCalendars.siteId, input.siteId),
              eq(pickupCalendars.companyAddressId, input.companyAddressId),
            ),
          )
          .for('update');
        const [taken] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(pickupSlotBookings)
          .where(
            and(
              eq(pickupSlotBookings.siteId, input.siteId),
              eq(pickupSlotBookings.companyAddressId, input.companyAddressId),
              eq(pickupSlotBookings.slotDate, input.date),
              eq(pickupSlotBookings.scheduleId, input.scheduleId),
              ne(pickupSlotBookings.cartId, input.cartId),
              liveBooking(input.now),
            ),
          );
        if (Number(taken?.count ?? 0) >= input.capacity) return 'full';
        const ofThisCart = and(
          eq(pickupSlotBookings.siteId, input.siteId),
          eq(pickupSlotBookings.cartId, input.cartId),
        );
        const [previous] = await tx
          .select({ expiresAt: pickupSlotBookings.expiresAt })
          .from(pickupSlotBookings)
          .where(ofThisCart);
        // A place an order took is not given back by choosing another slot.
        if (previous && previous.expiresAt === null) return 'ordered';
        await tx.delete(pickupSlotBookings).where(ofThisCart);
        await tx.insert(pickupSlotBookings).values({
          siteId: input.siteId,
          companyAddressId: input.companyAddressId,
          slotDate: input.date,
          scheduleId: input.scheduleId,
          cartId: input.cartId,
          expiresAt: input.expiresAt,
        });
        return 'held';
      });
    },

    /** Drops a cart's hold (never a place an order took). */
    async release(siteId: number, cartId: number): Promise<void> {
      await db
        .delete(pickupSlotBookings)
        .where(
          and(
            eq(pickupSlotBookings.siteId, siteId),
            eq(pickupSlotBookings.cartId, cartId),
            sql`${pickupSlotBookings.expiresAt} IS NOT NULL`,
          ),
        );
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
