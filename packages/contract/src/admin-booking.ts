import { z } from 'zod';
import { bookingPaymentSchema, bookingSchema, BOOKING_MAX_PARTY_SIZE } from './booking';
import { defineEndpoint } from './endpoint';
import { INT4_MAX, rowIdSchema } from './ids';

/*
 * The back office's reservations (docs/requirements/reservations.md, issue 29): resources (the
 * people and places a service needs) with weekly hours and exceptions, bookable services, and the
 * agenda (day and week per resource) where the owner adds, moves, cancels and marks bookings.
 */

export const RESOURCE_NOT_FOUND_MESSAGE = 'Cette ressource est introuvable.';
export const RESOURCE_IN_USE_MESSAGE =
  'Des réservations à venir utilisent cette ressource : annulez-les ou déplacez-les d’abord.';
export const RESOURCE_HOURS_MESSAGE =
  'Chaque plage horaire va d’une heure de début à une heure de fin plus tardive, sans chevaucher une autre plage du même jour.';
export const BOOKABLE_SERVICE_RESOURCES_MESSAGE =
  'Choisissez au moins une ressource pour cette prestation.';
export const BOOKABLE_SERVICE_PAGE_MESSAGE = 'Cette page de prestation est introuvable.';
export const BOOKABLE_SERVICE_DEPOSIT_MESSAGE =
  'Indiquez le montant de l’acompte, au plus le prix de la prestation.';
export const BOOKABLE_SERVICE_SEATS_MESSAGE =
  'Le nombre de personnes par réservation dépasse les places d’un lieu de cette prestation.';
export const AGENDA_RANGE_MESSAGE =
  'Choisissez une période de 42 jours au plus, la fin après le début.';
export const BOOKING_NO_SHOW_TOO_EARLY_MESSAGE =
  'Une réservation ne se marque « absent » qu’une fois son heure venue.';
export const BOOKING_NOT_MOVABLE_MESSAGE = 'Seule une réservation confirmée se déplace.';
/** The longest period the agenda and the export read at once. */
export const AGENDA_MAX_DAYS = 42;
/** The longest period of the CSV export. */
export const BOOKINGS_EXPORT_MAX_DAYS = 366;

/** A person is booked whole (a stylist); a place has seats shared by bookings (a tasting room). */
export const resourceKindSchema = z.enum(['person', 'place']);
export type ResourceKind = z.infer<typeof resourceKindSchema>;

const minuteOfDaySchema = z.number().int().min(0).max(1440);

/** One opening range of a weekday: minutes after local midnight (600 is 10h00). */
export const weeklyRangeSchema = z.object({
  /** 1 = Monday … 7 = Sunday (ISO). */
  weekday: z.number().int().min(1).max(7),
  startMinute: minuteOfDaySchema,
  endMinute: minuteOfDaySchema,
});
export type WeeklyRange = z.infer<typeof weeklyRangeSchema>;

/** A day off, or a day with other hours (`ranges` empty = closed that day). */
export const resourceExceptionSchema = z.object({
  date: z.iso.date(),
  ranges: z.array(z.object({ startMinute: minuteOfDaySchema, endMinute: minuteOfDaySchema })),
  label: z.string().trim().max(120).nullable().default(null),
});
export type ResourceException = z.infer<typeof resourceExceptionSchema>;

export const resourceInputSchema = z.object({
  name: z
    .string({ error: 'Le nom est obligatoire.' })
    .trim()
    .min(1, { error: 'Le nom est obligatoire.' })
    .max(120, { error: 'Le nom fait 120 caractères au plus.' }),
  kind: resourceKindSchema,
  /** Seats of a place; 1 for a person. */
  capacity: z.number().int().min(1).max(500).default(1),
  weeklyHours: z.array(weeklyRangeSchema).max(70),
  exceptions: z.array(resourceExceptionSchema).max(400).default([]),
  /** Closed on French public holidays (the ones delivery already computes). */
  closedOnPublicHolidays: z.boolean().default(true),
  isActive: z.boolean().default(true),
});
export type ResourceInput = z.infer<typeof resourceInputSchema>;

export const resourceSchema = resourceInputSchema.extend({ id: z.number().int() });
export type Resource = z.infer<typeof resourceSchema>;

export const listResources = defineEndpoint({
  method: 'GET',
  path: '/admin/booking/resource',
  summary: "The site's booking resources (people and places), by name",
  tags: ['admin', 'booking'],
  response: z.object({ resources: z.array(resourceSchema) }),
});
export const createResource = defineEndpoint({
  method: 'POST',
  path: '/admin/booking/resource',
  summary: 'Adds a booking resource',
  tags: ['admin', 'booking'],
  body: resourceInputSchema,
  response: resourceSchema,
});
export const updateResource = defineEndpoint({
  method: 'PUT',
  path: '/admin/booking/resource/:id',
  summary: "Changes a booking resource's name, seats, hours or exceptions",
  tags: ['admin', 'booking'],
  params: z.object({ id: rowIdSchema }),
  body: resourceInputSchema,
  response: resourceSchema,
});
export const deleteResource = defineEndpoint({
  method: 'DELETE',
  path: '/admin/booking/resource/:id',
  summary: 'Removes a booking resource that no coming booking uses',
  tags: ['admin', 'booking'],
  params: z.object({ id: rowIdSchema }),
  response: z.null(),
});

export const bookableServiceInputSchema = z.object({
  name: z
    .string({ error: 'Le nom est obligatoire.' })
    .trim()
    .min(1, { error: 'Le nom est obligatoire.' })
    .max(200, { error: 'Le nom fait 200 caractères au plus.' }),
  description: z.string().trim().max(1000).nullable().default(null),
  durationMinutes: z.number().int().min(5, { error: 'Une durée de 5 minutes au moins.' }).max(720),
  bufferAfterMinutes: z.number().int().min(0).max(240).default(0),
  priceCents: z.number().int().min(0).max(100_000_000),
  /** The price is per person: a booking costs it times its party size (a tasting). */
  pricePerPerson: z.boolean().default(false),
  payment: bookingPaymentSchema.default('none'),
  depositCents: z.number().int().min(0).max(100_000_000).default(0),
  maxPartySize: z.number().int().min(1).max(BOOKING_MAX_PARTY_SIZE).default(1),
  /** Hours before the start until which the customer may cancel or move online. */
  cancellationDeadlineHours: z.number().int().min(0).max(720).default(24),
  /** Minutes before the start after which a time is no longer offered online (the cut-off). */
  minNoticeMinutes: z.number().int().min(0).max(10_080).default(120),
  /** Start times are offered every this many minutes within the hours. */
  stepMinutes: z.number().int().min(5).max(240).default(15),
  /**
   * The resources it needs: every listed place, and one of the listed people (the visitor may
   * choose which when `visitorChoosesPerson`).
   */
  resourceIds: z.array(z.number().int().positive().max(INT4_MAX)).min(1).max(20),
  visitorChoosesPerson: z.boolean().default(true),
  /** Offered on the storefront; off, only the owner books it from the agenda. */
  isOnline: z.boolean().default(true),
  /** The service page (GET /service/:id) that offers to book it. */
  serviceId: z.number().int().positive().max(INT4_MAX).nullable().default(null),
});
export type BookableServiceInput = z.infer<typeof bookableServiceInputSchema>;

export const adminBookableServiceSchema = bookableServiceInputSchema.extend({
  id: z.number().int(),
  position: z.number().int(),
});
export type AdminBookableService = z.infer<typeof adminBookableServiceSchema>;

export const listAdminBookableServices = defineEndpoint({
  method: 'GET',
  path: '/admin/booking/service',
  summary: "The site's bookable services, online or not, by position",
  tags: ['admin', 'booking'],
  response: z.object({ services: z.array(adminBookableServiceSchema) }),
});
export const createBookableService = defineEndpoint({
  method: 'POST',
  path: '/admin/booking/service',
  summary: 'Adds a bookable service',
  tags: ['admin', 'booking'],
  body: bookableServiceInputSchema,
  response: adminBookableServiceSchema,
});
export const updateBookableService = defineEndpoint({
  method: 'PUT',
  path: '/admin/booking/service/:id',
  summary: 'Changes a bookable service (coming bookings keep their times)',
  tags: ['admin', 'booking'],
  params: z.object({ id: rowIdSchema }),
  body: bookableServiceInputSchema,
  response: adminBookableServiceSchema,
});
export const deleteBookableService = defineEndpoint({
  method: 'DELETE',
  path: '/admin/booking/service/:id',
  summary: 'Removes a bookable service from the offer (its bookings stay in the agenda)',
  tags: ['admin', 'booking'],
  params: z.object({ id: rowIdSchema }),
  response: z.null(),
});

/** A booking as the agenda shows it: the customer's booking plus what the owner needs. */
export const agendaBookingSchema = bookingSchema.extend({
  /** Every resource it occupies (the person and the places). */
  resourceIds: z.array(z.number().int()),
  /** End of the buffer after it, during which its resources stay taken. */
  bufferEnd: z.string(),
  source: z.enum(['online', 'back_office']),
  createdAt: z.string(),
});
export type AgendaBooking = z.infer<typeof agendaBookingSchema>;

export const getAgenda = defineEndpoint({
  method: 'GET',
  path: '/admin/booking/agenda',
  summary:
    'The bookings between two dates (a day or a week), held ones excluded, with the resources and their hours for the grid',
  tags: ['admin', 'booking'],
  query: z.object({
    from: z.iso.date(),
    /** Exclusive; at most 42 days after `from`. */
    to: z.iso.date(),
    resourceId: rowIdSchema.optional(),
  }),
  response: z.object({
    bookings: z.array(agendaBookingSchema),
    resources: z.array(resourceSchema),
  }),
});

export const adminCreateBooking = defineEndpoint({
  method: 'POST',
  path: '/admin/booking',
  summary:
    'Books a time for a customer on the phone (no hold, no online payment); mails the customer when asked',
  tags: ['admin', 'booking'],
  body: z.strictObject({
    serviceId: z.number().int().positive().max(INT4_MAX),
    start: z.iso.datetime({ offset: true }),
    personId: z.number().int().positive().max(INT4_MAX).optional(),
    partySize: z.number().int().min(1).max(BOOKING_MAX_PARTY_SIZE).default(1),
    customer: z.strictObject({
      firstname: z.string().trim().min(1).max(100),
      lastname: z.string().trim().min(1).max(100),
      email: z.email().max(254).or(z.literal('')),
      phone: z.string().trim().max(30),
    }),
    note: z.string().trim().max(1000).optional(),
    sendMail: z.boolean().default(true),
  }),
  response: agendaBookingSchema,
});

export const adminMoveBooking = defineEndpoint({
  method: 'POST',
  path: '/admin/booking/:id/move',
  summary:
    'Moves a booking to another time or person (drag and drop or keyboard in the agenda); mails the customer the new .ics',
  tags: ['admin', 'booking'],
  params: z.object({ id: rowIdSchema }),
  body: z.strictObject({
    start: z.iso.datetime({ offset: true }),
    personId: z.number().int().positive().max(INT4_MAX).optional(),
    sendMail: z.boolean().default(true),
  }),
  response: agendaBookingSchema,
});

export const adminCancelBooking = defineEndpoint({
  method: 'POST',
  path: '/admin/booking/:id/cancel',
  summary: 'Cancels a booking at any time, refunding what was paid online; mails the customer',
  tags: ['admin', 'booking'],
  params: z.object({ id: rowIdSchema }),
  body: z.strictObject({ reason: z.string().trim().max(500).optional() }),
  response: agendaBookingSchema,
});

export const markBookingNoShow = defineEndpoint({
  method: 'POST',
  path: '/admin/booking/:id/no-show',
  summary: 'Marks a past booking as a no-show (or back to honoured with noShow false)',
  tags: ['admin', 'booking'],
  params: z.object({ id: rowIdSchema }),
  body: z.strictObject({ noShow: z.boolean() }),
  response: agendaBookingSchema,
});

/** A file, not an envelope (as the orders' export): UTF-8 with BOM, `;` separated. */
export const bookingsCsvRoute = {
  method: 'GET',
  path: '/admin/booking/export',
  summary:
    'The bookings between two dates as CSV (reference, date, times, service, person, customer, party, status, amounts)',
  tags: ['admin', 'booking'],
  query: z.object({ from: z.iso.date(), to: z.iso.date() }),
} as const;
