import type { AgendaBooking } from '@comptoir/contract/admin-booking';
import type { Booking } from '@comptoir/contract/booking';
import { localClockOf, localDateOf } from '@comptoir/domain/booking-availability';
import type { BookingRecord } from './booking-repository';

const HOUR = 3_600_000;

/** "R-2026-000123": the booking's id, under the year it was made. */
export function bookingReference(record: Pick<BookingRecord, 'id' | 'createdAt'>): string {
  return `R-${record.createdAt.getUTCFullYear()}-${String(record.id).padStart(6, '0')}`;
}

/** Until when the customer may cancel or move it online: its start less the deadline. */
export function changeableUntil(
  record: Pick<BookingRecord, 'startsAt' | 'cancellationDeadlineHours'>,
): Date {
  return new Date(record.startsAt.getTime() - record.cancellationDeadlineHours * HOUR);
}

/** Whether the customer may still cancel or move it online (docs/requirements/reservations.md). */
export function customerMayChange(record: BookingRecord, now: Date): boolean {
  return (
    (record.status === 'held' ||
      record.status === 'awaiting_payment' ||
      record.status === 'confirmed') &&
    now.getTime() < changeableUntil(record).getTime()
  );
}

export function bookingView(record: BookingRecord, personName: string | null, now: Date): Booking {
  const live = record.status === 'held' || record.status === 'awaiting_payment';
  return {
    id: record.id,
    reference: bookingReference(record),
    status: record.status,
    service: { id: record.bookableServiceId, name: record.serviceName },
    person:
      record.personResourceId === null
        ? null
        : { id: record.personResourceId, name: personName ?? '' },
    partySize: record.partySize,
    start: record.startsAt.toISOString(),
    end: record.endsAt.toISOString(),
    localDate: localDateOf(record.startsAt),
    localStart: localClockOf(record.startsAt),
    localEnd: localClockOf(record.endsAt),
    holdExpiresAt: live && record.holdExpiresAt ? record.holdExpiresAt.toISOString() : null,
    changeableUntil: changeableUntil(record).toISOString(),
    canChange: customerMayChange(record, now),
    priceCents: record.priceCents,
    paidCents: record.paidCents,
    dueOnlineCents: Math.max(0, record.dueOnlineCents - record.paidCents),
    customer: {
      firstname: record.firstname,
      lastname: record.lastname,
      email: record.email,
      phone: record.phone,
    },
    note: record.note,
  };
}

export function agendaView(
  record: BookingRecord,
  personName: string | null,
  resourceIds: number[],
  now: Date,
): AgendaBooking {
  return {
    ...bookingView(record, personName, now),
    resourceIds,
    bufferEnd: record.bufferEndsAt.toISOString(),
    source: record.source,
    createdAt: record.createdAt.toISOString(),
  };
}
