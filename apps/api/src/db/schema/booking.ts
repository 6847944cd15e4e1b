/**
 * Reservations (docs/requirements/reservations.md, decision 0124): the resources a service needs
 * (people, places with seats), the bookable services, the bookings and the claims a booking
 * makes on its resources' time. Never two claims of one person overlap: an exclusion constraint
 * over (site, resource, time range) written in the migration (drizzle has no word for it).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sites } from './platform';
import { users } from './users';

export interface StoredWeeklyRange {
  weekday: number;
  startMinute: number;
  endMinute: number;
}
export interface StoredException {
  date: string;
  ranges: { startMinute: number; endMinute: number }[];
  label: string | null;
}

export const bookingResources = pgTable(
  'booking_resources',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    /** 'person' (booked whole) or 'place' (seats shared by the bookings of one time). */
    kind: text('kind').$type<'person' | 'place'>().notNull(),
    capacity: integer('capacity').notNull().default(1),
    weeklyHours: jsonb('weekly_hours').$type<StoredWeeklyRange[]>().notNull(),
    exceptions: jsonb('exceptions').$type<StoredException[]>().notNull().default([]),
    closedOnPublicHolidays: boolean('closed_on_public_holidays').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    /** Removed from the back office: past bookings keep pointing at it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('booking_resources_site_id_key').on(table.siteId, table.id),
    check('booking_resources_kind_check', sql`${table.kind} in ('person', 'place')`),
    check('booking_resources_capacity_check', sql`${table.capacity} >= 1`),
  ],
);

export const bookableServices = pgTable(
  'bookable_services',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    description: text('description'),
    durationMinutes: integer('duration_minutes').notNull(),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    priceCents: integer('price_cents').notNull(),
    pricePerPerson: boolean('price_per_person').notNull().default(false),
    /** 'none', 'deposit' or 'full': what is paid by card to confirm. */
    payment: text('payment').$type<'none' | 'deposit' | 'full'>().notNull().default('none'),
    depositCents: integer('deposit_cents').notNull().default(0),
    maxPartySize: integer('max_party_size').notNull().default(1),
    cancellationDeadlineHours: integer('cancellation_deadline_hours').notNull().default(24),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(120),
    stepMinutes: integer('step_minutes').notNull().default(15),
    visitorChoosesPerson: boolean('visitor_chooses_person').notNull().default(true),
    isOnline: boolean('is_online').notNull().default(true),
    /** The service page that offers to book it (the page going away leaves the offer). */
    serviceId: integer('service_id'),
    position: integer('position').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    unique('bookable_services_site_id_key').on(table.siteId, table.id),
    check('bookable_services_payment_check', sql`${table.payment} in ('none', 'deposit', 'full')`),
    check(
      'bookable_services_amounts_check',
      sql`${table.priceCents} >= 0 and ${table.depositCents} >= 0`,
    ),
  ],
);

/** The resources a bookable service needs: every place, one of the people. */
export const bookableServiceResources = pgTable(
  'bookable_service_resources',
  {
    siteId: integer('site_id').notNull(),
    bookableServiceId: integer('bookable_service_id').notNull(),
    resourceId: integer('resource_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.bookableServiceId, table.resourceId] }),
    foreignKey({
      name: 'bookable_service_resources_service_fk',
      columns: [table.siteId, table.bookableServiceId],
      foreignColumns: [bookableServices.siteId, bookableServices.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'bookable_service_resources_resource_fk',
      columns: [table.siteId, table.resourceId],
      foreignColumns: [bookingResources.siteId, bookingResources.id],
    }),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    bookableServiceId: integer('bookable_service_id').notNull(),
    /** The service's name when booked: the agenda and the mails keep it if the offer changes. */
    serviceName: text('service_name').notNull(),
    personResourceId: integer('person_resource_id'),
    partySize: integer('party_size').notNull().default(1),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** End of the buffer after it: its resources stay taken until then. */
    bufferEndsAt: timestamp('buffer_ends_at', { withTimezone: true }).notNull(),
    status: text('status')
      .$type<'held' | 'awaiting_payment' | 'confirmed' | 'cancelled' | 'no_show' | 'completed'>()
      .notNull(),
    /** While held or awaiting payment: when the time is released. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** sha256 of the secret sent in the mail's link and to the browser that held it. */
    tokenHash: text('token_hash').notNull(),
    /** sha256 of the secret in the link of the last confirmation or move mail (a new one each). */
    mailTokenHash: text('mail_token_hash'),
    userId: integer('user_id'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    note: text('note'),
    priceCents: integer('price_cents').notNull(),
    /** What is asked by card to confirm it (the deposit or the price), cents. */
    dueOnlineCents: integer('due_online_cents').notNull().default(0),
    paidCents: integer('paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    paymentIntentId: text('payment_intent_id'),
    cancellationDeadlineHours: integer('cancellation_deadline_hours').notNull(),
    source: text('source').$type<'online' | 'back_office'>().notNull().default('online'),
    reminderDueAt: timestamp('reminder_due_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('bookings_site_id_key').on(table.siteId, table.id),
    unique('bookings_payment_intent_key').on(table.paymentIntentId),
    foreignKey({
      name: 'bookings_service_fk',
      columns: [table.siteId, table.bookableServiceId],
      foreignColumns: [bookableServices.siteId, bookableServices.id],
    }),
    foreignKey({
      name: 'bookings_person_fk',
      columns: [table.siteId, table.personResourceId],
      foreignColumns: [bookingResources.siteId, bookingResources.id],
    }),
    foreignKey({
      name: 'bookings_user_fk',
      columns: [table.siteId, table.userId],
      foreignColumns: [users.siteId, users.id],
    }).onDelete('set null'),
    index('bookings_site_start_idx').on(table.siteId, table.startsAt),
    index('bookings_reminder_idx').on(table.reminderDueAt),
    // The jobs that release unpaid holds and close past bookings (every site's, once a minute).
    index('bookings_status_hold_idx').on(table.status, table.holdExpiresAt),
    index('bookings_status_end_idx').on(table.status, table.endsAt),
    check(
      'bookings_status_check',
      sql`${table.status} in ('held', 'awaiting_payment', 'confirmed', 'cancelled', 'no_show', 'completed')`,
    ),
    check(
      'bookings_times_check',
      sql`${table.startsAt} < ${table.endsAt} and ${table.endsAt} <= ${table.bufferEndsAt}`,
    ),
    check('bookings_party_check', sql`${table.partySize} >= 1`),
  ],
);

/**
 * The time a live booking (held, awaiting payment, confirmed) takes on each of its resources,
 * from its start to the end of its buffer. A person's claims are exclusive: the migration's
 * EXCLUDE constraint (btree_gist) refuses two that overlap on one resource. A place's claims
 * carry seats, counted against its capacity under the resource's row lock. An expired hold's
 * claims are deleted before a new claim is written over them (and by the sweep job).
 */
export const bookingClaims = pgTable(
  'booking_claims',
  {
    siteId: integer('site_id').notNull(),
    bookingId: integer('booking_id').notNull(),
    resourceId: integer('resource_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    seats: integer('seats').notNull(),
    /** A person's claim: no other exclusive claim of the resource may overlap it. */
    exclusive: boolean('exclusive').notNull(),
    /** The hold's expiry (null once confirmed): past it, the claim no longer counts. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.bookingId, table.resourceId] }),
    foreignKey({
      name: 'booking_claims_booking_fk',
      columns: [table.siteId, table.bookingId],
      foreignColumns: [bookings.siteId, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'booking_claims_resource_fk',
      columns: [table.siteId, table.resourceId],
      foreignColumns: [bookingResources.siteId, bookingResources.id],
    }),
    index('booking_claims_resource_time_idx').on(table.siteId, table.resourceId, table.startsAt),
    // The job that frees the times of expired holds.
    index('booking_claims_hold_idx').on(table.holdExpiresAt),
    check('booking_claims_time_check', sql`${table.startsAt} < ${table.endsAt}`),
    check('booking_claims_seats_check', sql`${table.seats} >= 1`),
  ],
);

export type BookingRecord = typeof bookings.$inferSelect;
export type BookingResourceRecord = typeof bookingResources.$inferSelect;
export type BookableServiceRecord = typeof bookableServices.$inferSelect;
