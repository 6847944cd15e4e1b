import {
  and,
  asc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bookableServiceResources,
  bookableServices,
  bookingClaims,
  bookingResources,
  bookings,
  services,
  type BookableServiceRecord,
  type BookingRecord,
  type BookingResourceRecord,
} from '../../db/schema';

export type { BookableServiceRecord, BookingRecord, BookingResourceRecord };
export type BookingTransaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Statuses whose claims hold their time. */
const LIVE_STATUSES = ['held', 'awaiting_payment', 'confirmed'] as const;

/** A claim counts when it is confirmed (no expiry) or its hold has not expired yet. */
const liveClaim = (now: Date) =>
  or(isNull(bookingClaims.holdExpiresAt), gt(bookingClaims.holdExpiresAt, now));

export interface ClaimPlan {
  resourceId: number;
  seats: number;
  exclusive: boolean;
  /** A place's seats, checked under its row lock. */
  capacity: number;
}

export type TakeOutcome =
  | { taken: true; bookingId: number }
  | { taken: false; reason: 'time_taken' }
  | { taken: false; reason: 'seats'; remaining: number };

/** The exclusion_violation of PostgreSQL (and PGlite): another claim overlaps a person's. */
function isExclusionViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23P01') return true;
  }
  return false;
}

export function createBookingRepository(db: Db) {
  return {
    // ---- resources -------------------------------------------------------------------------
    async resources(siteId: number): Promise<BookingResourceRecord[]> {
      return db
        .select()
        .from(bookingResources)
        .where(and(eq(bookingResources.siteId, siteId), isNull(bookingResources.deletedAt)))
        .orderBy(asc(bookingResources.name), asc(bookingResources.id));
    },
    async resourcesByIds(siteId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(bookingResources)
        .where(
          and(
            eq(bookingResources.siteId, siteId),
            inArray(bookingResources.id, [...ids]),
            isNull(bookingResources.deletedAt),
          ),
        );
    },
    /** Resources by id, removed ones included: the names past bookings show. */
    async resourcesByIdsAll(siteId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(bookingResources)
        .where(and(eq(bookingResources.siteId, siteId), inArray(bookingResources.id, [...ids])));
    },
    async insertResource(values: typeof bookingResources.$inferInsert) {
      const [row] = await db.insert(bookingResources).values(values).returning();
      return row!;
    },
    async updateResource(
      siteId: number,
      id: number,
      values: Partial<typeof bookingResources.$inferInsert>,
    ) {
      const [row] = await db
        .update(bookingResources)
        .set(values)
        .where(
          and(
            eq(bookingResources.siteId, siteId),
            eq(bookingResources.id, id),
            isNull(bookingResources.deletedAt),
          ),
        )
        .returning();
      return row ?? null;
    },
    /** Live claims on a resource ending after `now`: the coming bookings that use it. */
    async comingClaims(siteId: number, resourceId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(bookingClaims)
        .where(
          and(
            eq(bookingClaims.siteId, siteId),
            eq(bookingClaims.resourceId, resourceId),
            gt(bookingClaims.endsAt, now),
            liveClaim(now),
          ),
        );
      return Number(row?.count ?? 0);
    },
    /** Removes a resource from the offers and the services that listed it, in one transaction. */
    async deleteResource(siteId: number, id: number, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(bookingResources)
          .set({ deletedAt: now, isActive: false })
          .where(
            and(
              eq(bookingResources.siteId, siteId),
              eq(bookingResources.id, id),
              isNull(bookingResources.deletedAt),
            ),
          )
          .returning({ id: bookingResources.id });
        if (!row) return false;
        await tx
          .delete(bookableServiceResources)
          .where(
            and(
              eq(bookableServiceResources.siteId, siteId),
              eq(bookableServiceResources.resourceId, id),
            ),
          );
        return true;
      });
    },

    // ---- bookable services -----------------------------------------------------------------
    async services(siteId: number, options: { onlineOnly: boolean; serviceId?: number }) {
      return db
        .select()
        .from(bookableServices)
        .where(
          and(
            eq(bookableServices.siteId, siteId),
            isNull(bookableServices.deletedAt),
            options.onlineOnly ? eq(bookableServices.isOnline, true) : undefined,
            options.serviceId === undefined
              ? undefined
              : eq(bookableServices.serviceId, options.serviceId),
          ),
        )
        .orderBy(asc(bookableServices.position), asc(bookableServices.id));
    },
    async service(siteId: number, id: number): Promise<BookableServiceRecord | null> {
      const [row] = await db
        .select()
        .from(bookableServices)
        .where(
          and(
            eq(bookableServices.siteId, siteId),
            eq(bookableServices.id, id),
            isNull(bookableServices.deletedAt),
          ),
        );
      return row ?? null;
    },
    /** The resource ids of services, by service id (deleted resources left out). */
    async resourceIdsOf(siteId: number, serviceIds: readonly number[]) {
      const byService = new Map<number, number[]>();
      if (serviceIds.length === 0) return byService;
      const rows = await db
        .select({
          serviceId: bookableServiceResources.bookableServiceId,
          resourceId: bookableServiceResources.resourceId,
        })
        .from(bookableServiceResources)
        .where(
          and(
            eq(bookableServiceResources.siteId, siteId),
            inArray(bookableServiceResources.bookableServiceId, [...serviceIds]),
          ),
        )
        .orderBy(asc(bookableServiceResources.resourceId));
      for (const row of rows) {
        byService.set(row.serviceId, [...(byService.get(row.serviceId) ?? []), row.resourceId]);
      }
      return byService;
    },
    async servicePageExists(siteId: number, serviceId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: services.id })
        .from(services)
        .where(and(eq(services.siteId, siteId), eq(services.id, serviceId)));
      return Boolean(row);
    },
    async nextServicePosition(siteId: number): Promise<number> {
      const [row] = await db
        .select({ max: sql<number>`coalesce(max(${bookableServices.position}), 0)::int` })
        .from(bookableServices)
        .where(eq(bookableServices.siteId, siteId));
      return Number(row?.max ?? 0) + 1;
    },
    /** Writes a service and its resources in one transaction (a new one when `id` is null). */
    async saveService(
      siteId: number,
      id: number | null,
      values: Omit<typeof bookableServices.$inferInsert, 'siteId' | 'id'>,
      resourceIds: readonly number[],
    ): Promise<BookableServiceRecord | null> {
      return db.transaction(async (tx) => {
        const [row] =
          id === null
            ? await tx
                .insert(bookableServices)
                .values({ ...values, siteId })
                .returning()
            : await tx
                .update(bookableServices)
                .set(values)
                .where(
                  and(
                    eq(bookableServices.siteId, siteId),
                    eq(bookableServices.id, id),
                    isNull(bookableServices.deletedAt),
                  ),
                )
                .returning();
        if (!row) return null;
        await tx
          .delete(bookableServiceResources)
          .where(
            and(
              eq(bookableServiceResources.siteId, siteId),
              eq(bookableServiceResources.bookableServiceId, row.id),
            ),
          );
        await tx.insert(bookableServiceResources).values(
          [...new Set(resourceIds)].map((resourceId) => ({
            siteId,
            bookableServiceId: row.id,
            resourceId,
          })),
        );
        return row;
      });
    },
    async deleteService(siteId: number, id: number, now: Date): Promise<boolean> {
      const [row] = await db
        .update(bookableServices)
        .set({ deletedAt: now, isOnline: false })
        .where(
          and(
            eq(bookableServices.siteId, siteId),
            eq(bookableServices.id, id),
            isNull(bookableServices.deletedAt),
          ),
        )
        .returning({ id: bookableServices.id });
      return Boolean(row);
    },

    // ---- occupancy ---------------------------------------------------------------------------
    /** The live claims on resources overlapping [from, to), except those of one booking. */
    async occupancies(
      siteId: number,
      resourceIds: readonly number[],
      from: Date,
      to: Date,
      now: Date,
      exceptBookingId?: number,
    ) {
      if (resourceIds.length === 0) return [];
      const rows = await db
        .select({
          resourceId: bookingClaims.resourceId,
          start: bookingClaims.startsAt,
          end: bookingClaims.endsAt,
          seats: bookingClaims.seats,
        })
        .from(bookingClaims)
        .where(
          and(
            eq(bookingClaims.siteId, siteId),
            inArray(bookingClaims.resourceId, [...resourceIds]),
            lt(bookingClaims.startsAt, to),
            gt(bookingClaims.endsAt, from),
            liveClaim(now),
            exceptBookingId === undefined
              ? undefined
              : ne(bookingClaims.bookingId, exceptBookingId),
          ),
        );
      return rows.map((row) => ({
        resourceId: row.resourceId,
        start: row.start.getTime(),
        end: row.end.getTime(),
        seats: row.seats,
      }));
    },

    /**
     * Takes a time on resources in one transaction: a new booking (`insert`) or an existing one
     * moved to it (`bookingId`, whose own claims are replaced). The places are locked in id order
     * and their seats counted (never more than their capacity); a person's claim is refused by
     * the database's exclusion constraint when another live claim overlaps it. Expired holds on
     * these resources are cleared first, so that an expired hold frees its time.
     */
    async take(input: {
      siteId: number;
      now: Date;
      startsAt: Date;
      occupiedUntil: Date;
      claims: readonly ClaimPlan[];
      holdExpiresAt: Date | null;
      insert?: Omit<typeof bookings.$inferInsert, 'siteId'>;
      bookingId?: number;
      update?: Partial<typeof bookings.$inferInsert>;
      /** Work of the same transaction with the booking as written (its mail, queued in it). */
      inTransaction?: (tx: BookingTransaction, booking: BookingRecord) => Promise<void>;
    }): Promise<TakeOutcome> {
      const resourceIds = input.claims.map((claim) => claim.resourceId);
      try {
        return await db.transaction(async (tx): Promise<TakeOutcome> => {
          const places = input.claims
            .filter((claim) => !claim.exclusive)
            .sort((a, b) => a.resourceId - b.resourceId);
          if (places.length > 0) {
            await tx
              .select({ id: bookingResources.id })
              .from(bookingResources)
              .where(
                and(
                  eq(bookingResources.siteId, input.siteId),
                  inArray(
                    bookingResources.id,
                    places.map((place) => place.resourceId),
                  ),
                ),
              )
              .orderBy(asc(bookingResources.id))
              .for('update');
          }
          await tx
            .delete(bookingClaims)
            .where(
              and(
                eq(bookingClaims.siteId, input.siteId),
                inArray(bookingClaims.resourceId, resourceIds),
                lte(bookingClaims.holdExpiresAt, input.now),
              ),
            );
          if (input.bookingId !== undefined) {
            await tx
              .delete(bookingClaims)
              .where(
                and(
                  eq(bookingClaims.siteId, input.siteId),
                  eq(bookingClaims.bookingId, input.bookingId),
                ),
              );
          }
          for (const place of places) {
            const [row] = await tx
              .select({ seats: sql<number>`coalesce(sum(${bookingClaims.seats}), 0)::int` })
              .from(bookingClaims)
              .where(
                and(
                  eq(bookingClaims.siteId, input.siteId),
                  eq(bookingClaims.resourceId, place.resourceId),
                  lt(bookingClaims.startsAt, input.occupiedUntil),
                  gt(bookingClaims.endsAt, input.startsAt),
                ),
              );
            const remaining = place.capacity - Number(row?.seats ?? 0);
            if (remaining < place.seats) {
              // Thrown, so that the transaction rolls back (the expired holds' cleanup with it).
              throw new SeatsRollback(Math.max(0, remaining));
            }
          }
          let bookingId: number;
          if (input.insert) {
            const [row] = await tx
              .insert(bookings)
              .values({ ...input.insert, siteId: input.siteId })
              .returning({ id: bookings.id });
            bookingId = row!.id;
          } else {
            bookingId = input.bookingId!;
            await tx
              .update(bookings)
              .set(input.update ?? {})
              .where(and(eq(bookings.siteId, input.siteId), eq(bookings.id, bookingId)));
          }
          await tx.insert(bookingClaims).values(
            input.claims.map((claim) => ({
              siteId: input.siteId,
              bookingId,
              resourceId: claim.resourceId,
              startsAt: input.startsAt,
              endsAt: input.occupiedUntil,
              seats: claim.seats,
              exclusive: claim.exclusive,
              holdExpiresAt: input.holdExpiresAt,
            })),
          );
          if (input.inTransaction) {
            const [row] = await tx
              .select()
              .from(bookings)
              .where(and(eq(bookings.siteId, input.siteId), eq(bookings.id, bookingId)));
            await input.inTransaction(tx, row!);
          }
          return { taken: true, bookingId };
        });
      } catch (error) {
        if (isExclusionViolation(error)) return { taken: false, reason: 'time_taken' };
        if (isRollback(error)) return rolledBack(error);
        throw error;
      }
    },

    // ---- bookings ----------------------------------------------------------------------------
    async booking(siteId: number, id: number): Promise<BookingRecord | null> {
      const [row] = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.siteId, siteId), eq(bookings.id, id)));
      return row ?? null;
    },
    async bookingByIntent(paymentIntentId: string): Promise<BookingRecord | null> {
      const [row] = await db
        .select()
        .from(bookings)
        .where(eq(bookings.paymentIntentId, paymentIntentId));
      return row ?? null;
    },
    async claimResourceIds(siteId: number, bookingIds: readonly number[]) {
      const byBooking = new Map<number, number[]>();
      if (bookingIds.length === 0) return byBooking;
      const rows = await db
        .select({ bookingId: bookingClaims.bookingId, resourceId: bookingClaims.resourceId })
        .from(bookingClaims)
        .where(
          and(eq(bookingClaims.siteId, siteId), inArray(bookingClaims.bookingId, [...bookingIds])),
        )
        .orderBy(asc(bookingClaims.resourceId));
      for (const row of rows) {
        byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), row.resourceId]);
      }
      return byBooking;
    },
    /**
     * Changes a booking when it is still in one of `from` statuses, with the change of its claims
     * in the same transaction: 'confirm' makes them permanent, 'release' deletes them, 'keep'
     * leaves them. Null when the booking was no longer in such a status (a concurrent change).
     */
    async transition(
      siteId: number,
      id: number,
      from: readonly BookingRecord['status'][],
      values: Partial<typeof bookings.$inferInsert>,
      claims: 'confirm' | 'release' | 'keep' | { holdUntil: Date },
      inTransaction?: (tx: BookingTransaction, booking: BookingRecord) => Promise<void>,
    ): Promise<BookingRecord | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(bookings)
          .set(values)
          .where(
            and(
              eq(bookings.siteId, siteId),
              eq(bookings.id, id),
              inArray(bookings.status, [...from]),
            ),
          )
          .returning();
        if (!row) return null;
        const ofBooking = and(eq(bookingClaims.siteId, siteId), eq(bookingClaims.bookingId, id));
        if (claims === 'confirm') {
          await tx.update(bookingClaims).set({ holdExpiresAt: null }).where(ofBooking);
        } else if (claims === 'release') {
          await tx.delete(bookingClaims).where(ofBooking);
        } else if (claims !== 'keep') {
          await tx.update(bookingClaims).set({ holdExpiresAt: claims.holdUntil }).where(ofBooking);
        }
        if (inTransaction) await inTransaction(tx, row);
        return row;
      });
    },
    /** How many claims a booking still has (an expired hold's may have been cleared). */
    async claimCount(siteId: number, id: number): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(bookingClaims)
        .where(and(eq(bookingClaims.siteId, siteId), eq(bookingClaims.bookingId, id)));
      return Number(row?.count ?? 0);
    },
    async bookingsOfUser(siteId: number, userId: number) {
      return db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, siteId),
            eq(bookings.userId, userId),
            ne(bookings.status, 'held'),
          ),
        )
        .orderBy(asc(bookings.startsAt));
    },
    /** The bookings starting in [from, to) the agenda shows (held ones left out). */
    async bookingsBetween(siteId: number, from: Date, to: Date) {
      return db
        .select()
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, siteId),
            gte(bookings.startsAt, from),
            lt(bookings.startsAt, to),
            ne(bookings.status, 'held'),
          ),
        )
        .orderBy(asc(bookings.startsAt), asc(bookings.id));
    },
    /** Bookings made in a period that are or were real (not held nor cancelled): the dashboard. */
    async countBookedBetween(siteId: number, from: Date, to: Date): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(bookings)
        .where(
          and(
            eq(bookings.siteId, siteId),
            gte(bookings.startsAt, from),
            lt(bookings.startsAt, to),
            notInArray(bookings.status, ['held', 'cancelled', 'awaiting_payment']),
          ),
        );
      return Number(row?.count ?? 0);
    },

    // ---- the job -----------------------------------------------------------------------------
    async dueReminders(now: Date, limit: number) {
      return db
        .select({ siteId: bookings.siteId, id: bookings.id })
        .from(bookings)
        .where(
          and(
            lte(bookings.reminderDueAt, now),
            isNull(bookings.reminderSentAt),
            eq(bookings.status, 'confirmed'),
            gt(bookings.startsAt, now),
          ),
        )
        .orderBy(asc(bookings.reminderDueAt))
        .limit(limit);
    },
    /** Claims a reminder (one worker sends it) within the transaction that queues its mail. */
    async claimReminder(tx: BookingTransaction, siteId: number, id: number, now: Date) {
      const [row] = await tx
        .update(bookings)
        .set({ reminderSentAt: now })
        .where(
          and(
            eq(bookings.siteId, siteId),
            eq(bookings.id, id),
            isNull(bookings.reminderSentAt),
            eq(bookings.status, 'confirmed'),
          ),
        )
        .returning();
      return row ?? null;
    },
    /**
     * The housekeeping: expired holds' claims deleted, bookings left unpaid past their time
     * cancelled, confirmed bookings whose end has passed completed.
     */
    async sweep(now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(bookingClaims).where(lte(bookingClaims.holdExpiresAt, now));
        await tx
          .update(bookings)
          .set({ status: 'cancelled', cancelledAt: now, cancelReason: 'Paiement non reçu' })
          .where(and(eq(bookings.status, 'awaiting_payment'), lte(bookings.holdExpiresAt, now)));
        await tx
          .update(bookings)
          .set({ status: 'completed' })
          .where(and(eq(bookings.status, 'confirmed'), lte(bookings.endsAt, now)));
      });
    },
    liveStatuses: LIVE_STATUSES,
  };
}

export type BookingRepository = ReturnType<typeof createBookingRepository>;

/** Drizzle's rollback carries no value: the seat outcome rides on a marked error. */
class SeatsRollback extends Error {
  constructor(readonly remaining: number) {
    super('rollback');
  }
}
function isRollback(error: unknown): error is SeatsRollback {
  return error instanceof SeatsRollback;
}
function rolledBack(error: SeatsRollback): TakeOutcome {
  return { taken: false, reason: 'seats', remaining: error.remaining };
}
