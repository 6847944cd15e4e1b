import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { INT4_MAX, rowIdSchema } from './ids';

/*
 * Reservations (docs/requirements/reservations.md, issue 29): a visitor books a bookable service
 * (a haircut with a stylist, a tasting in a room of 12 seats) at a free time computed from the
 * resources' weekly hours, their exceptions, French public holidays, the existing bookings,
 * durations, buffers and the booking cut-off. A time is held for BOOKING_HOLD_MINUTES like a
 * click-and-collect slot, then confirmed as a guest or a customer. The confirmation mail carries
 * an .ics and a link (with the booking's secret token) to cancel or move it until the deadline.
 *
 * Times travel as ISO 8601 instants in UTC; `localDate`/`localStart`/`localEnd` are the site's
 * wall-clock (Europe/Paris) for display. Amounts are integer cents.
 */

/** How long a chosen time is held before the visitor confirms (as click-and-collect slots). */
export const BOOKING_HOLD_MINUTES = 15;
/** How many days ahead the storefront may ask free times for in one request. */
export const BOOKING_AVAILABILITY_MAX_DAYS = 62;
/** The largest party one booking may hold (a group tasting). */
export const BOOKING_MAX_PARTY_SIZE = 50;
/** The header that carries a booking's secret token (from the mail's link) on manage calls. */
export const BOOKING_TOKEN_HEADER = 'x-booking-token';
/**
 * How long a booking that asks for a card payment keeps its time once the details are given
 * ('awaiting_payment'): unpaid by then, its time is released (as a card order's stock).
 */
export const BOOKING_PAYMENT_MINUTES = 30;
/**
 * The storefront page the mails link to, to see, cancel or move a booking: the token rides in
 * the fragment, which a browser never sends to a server (so no server or proxy log holds it), and
 * the page sends it back in BOOKING_TOKEN_HEADER.
 */
export const bookingManagePath = (id: number, token: string) =>
  `/reservation/${id}#token=${encodeURIComponent(token)}`;

export const BOOKABLE_SERVICE_NOT_FOUND_MESSAGE = 'Cette prestation ne se réserve pas en ligne.';
export const BOOKING_NOT_FOUND_MESSAGE = 'Cette réservation est introuvable.';
export const BOOKING_TIME_TAKEN_MESSAGE =
  'Cet horaire vient d’être réservé : choisissez-en un autre.';
export const BOOKING_TIME_UNAVAILABLE_MESSAGE =
  'Cet horaire n’est pas proposé : choisissez-en un autre.';
export const BOOKING_NOT_ENOUGH_SEATS_MESSAGE = (remaining: number) =>
  remaining === 1
    ? 'Il ne reste qu’une place à cet horaire.'
    : `Il ne reste que ${remaining} places à cet horaire.`;
export const BOOKING_HOLD_EXPIRED_MESSAGE =
  'Le temps de réservation de cet horaire est écoulé : choisissez-le à nouveau.';
export const BOOKING_DEADLINE_PASSED_MESSAGE =
  'Le délai d’annulation ou de modification de cette réservation est dépassé : appelez-nous.';
export const BOOKING_ALREADY_CANCELLED_MESSAGE = 'Cette réservation est déjà annulée.';
export const BOOKING_PARTY_SIZE_MESSAGE = (max: number) =>
  `Indiquez un nombre de personnes de 1 à ${max}.`;
export const BOOKING_GUEST_DETAILS_MESSAGE =
  'Indiquez votre nom, votre e-mail et votre téléphone pour réserver.';
export const BOOKING_CONFIRMED_MESSAGE = 'Votre réservation est confirmée.';
export const BOOKING_CANCELLED_MESSAGE = 'Votre réservation est annulée.';
export const BOOKING_MOVED_MESSAGE = 'Votre réservation est déplacée.';
export const BOOKING_NOT_CHANGEABLE_MESSAGE =
  'Cette réservation ne peut plus être modifiée en ligne : appelez-nous.';
export const BOOKING_NOTHING_TO_PAY_MESSAGE = 'Cette réservation n’attend aucun paiement.';
export const BOOKING_CARD_UNAVAILABLE_MESSAGE =
  'Cette prestation se règle par carte à la réservation, ce que le site ne propose pas en ce moment : appelez-nous pour réserver.';
export const BOOKING_PAYMENT_REQUIRED_MESSAGE =
  'Cette réservation se règle par carte : terminez le paiement pour la confirmer.';

/** What the visitor pays online when booking: nothing, a deposit, or the full price. */
export const bookingPaymentSchema = z.enum(['none', 'deposit', 'full']);
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/** A person the visitor may choose (a stylist); rooms and chairs are never shown to visitors. */
export const bookablePersonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type BookablePerson = z.infer<typeof bookablePersonSchema>;

export const bookableServiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** One or two sentences shown on the booking page. */
  description: z.string().nullable(),
  durationMinutes: z.number().int().min(1),
  /** Cents; 0 is free. */
  priceCents: z.number().int().min(0),
  /** The price is per person (a tasting): a booking costs it times its party size. */
  pricePerPerson: z.boolean(),
  payment: bookingPaymentSchema,
  /** Cents paid online when `payment` is 'deposit' (per booking), else 0. */
  depositCents: z.number().int().min(0),
  /** Seats one booking may take: 1 for a haircut, up to the room's seats for a tasting. */
  maxPartySize: z.number().int().min(1),
  /** Hours before the start until which the customer may cancel or move online. */
  cancellationDeadlineHours: z.number().int().min(0),
  /** The people the visitor may choose among (empty when the service needs none by name). */
  people: z.array(bookablePersonSchema),
  /** The page of the service (GET /service/:id) this booking offer belongs to, if any. */
  serviceId: z.number().int().nullable(),
});
export type BookableService = z.infer<typeof bookableServiceSchema>;

export const listBookableServices = defineEndpoint({
  method: 'GET',
  path: '/booking/service',
  summary:
    "The site's services that book online, by position; serviceId=N keeps the one of a service page",
  tags: ['booking'],
  query: z.object({ serviceId: rowIdSchema.optional() }),
  response: z.object({ services: z.array(bookableServiceSchema) }),
});

export const bookingTimeSchema = z.object({
  /** ISO 8601 in UTC. */
  start: z.string(),
  end: z.string(),
  /** Europe/Paris wall-clock, "HH:MM". */
  localStart: z.string(),
  localEnd: z.string(),
  /** Seats left at this time for a capacity service; 1 for a service that takes a person. */
  seatsLeft: z.number().int().min(1),
  /** The people free at this time (ids among the service's `people`), when it has any. */
  personIds: z.array(z.number().int()),
});
export type BookingTime = z.infer<typeof bookingTimeSchema>;

export const bookingDaySchema = z.object({
  /** YYYY-MM-DD, Europe/Paris. */
  date: z.string(),
  times: z.array(bookingTimeSchema),
});
export type BookingDay = z.infer<typeof bookingDaySchema>;

const isoDateSchema = z.iso.date();

export const getBookingAvailability = defineEndpoint({
  method: 'GET',
  path: '/booking/service/:id/availability',
  summary:
    'Free times of a bookable service, day by day from `from` for `days` days: hours less exceptions, holidays, bookings, buffers and the cut-off',
  tags: ['booking'],
  params: z.object({ id: rowIdSchema }),
  query: z.object({
    from: isoDateSchema,
    days: z.coerce.number().int().min(1).max(BOOKING_AVAILABILITY_MAX_DAYS).default(14),
    personId: rowIdSchema.optional(),
    partySize: z.coerce.number().int().min(1).max(BOOKING_MAX_PARTY_SIZE).default(1),
  }),
  response: z.object({ serviceId: z.number().int(), days: z.array(bookingDaySchema) }),
});

export const bookingStatusSchema = z.enum([
  'held',
  'awaiting_payment',
  'confirmed',
  'cancelled',
  'no_show',
  'completed',
]);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** A booking as its customer sees it (the confirmation page, the manage page from the mail). */
export const bookingSchema = z.object({
  id: z.number().int(),
  /** Short reference printed in mails and on the agenda, e.g. "R-2026-000123". */
  reference: z.string(),
  status: bookingStatusSchema,
  service: z.object({ id: z.number().int(), name: z.string() }),
  person: bookablePersonSchema.nullable(),
  partySize: z.number().int().min(1),
  start: z.string(),
  end: z.string(),
  localDate: z.string(),
  localStart: z.string(),
  localEnd: z.string(),
  /** While held: when the time is released unless confirmed. */
  holdExpiresAt: z.string().nullable(),
  /** Until when the customer may cancel or move it online (ISO 8601). */
  changeableUntil: z.string(),
  canChange: z.boolean(),
  priceCents: z.number().int().min(0),
  /** What is or was paid online, cents. */
  paidCents: z.number().int().min(0),
  /** What is due online to confirm it (deposit or full price), cents; 0 when nothing is. */
  dueOnlineCents: z.number().int().min(0),
  customer: z.object({
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string(),
  }),
  note: z.string().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** The hold: a booking in status 'held' and the secret that lets this browser confirm it. */
export const bookingHoldSchema = z.object({
  booking: bookingSchema,
  /** Sent back in BOOKING_TOKEN_HEADER to confirm, cancel, move or pay this booking. */
  token: z.string(),
});
export type BookingHold = z.infer<typeof bookingHoldSchema>;

export const holdBooking = defineEndpoint({
  method: 'POST',
  path: '/booking/hold',
  summary: `Holds a free time of a bookable service for ${BOOKING_HOLD_MINUTES} minutes`,
  tags: ['booking'],
  body: z.strictObject({
    serviceId: z.number().int().positive().max(INT4_MAX),
    /** ISO 8601: one of the `start`s the availability listed. */
    start: z.iso.datetime({ offset: true }),
    /** A person among the service's people; left out, the first free one is taken. */
    personId: z.number().int().positive().max(INT4_MAX).optional(),
    partySize: z.number().int().min(1).max(BOOKING_MAX_PARTY_SIZE).default(1),
  }),
  response: bookingHoldSchema,
});

const trimmed = (max: number) => z.string().trim().min(1).max(max);

export const confirmBooking = defineEndpoint({
  method: 'POST',
  path: '/booking/:id/confirm',
  summary:
    'Confirms a held booking (token header) for a guest or the logged-in customer; mails the confirmation with an .ics, or asks for the online payment first',
  tags: ['booking'],
  params: z.object({ id: rowIdSchema }),
  body: z.strictObject({
    /** A guest's details; a logged-in customer's come from the account when left out. */
    customer: z
      .strictObject({
        firstname: trimmed(100),
        lastname: trimmed(100),
        email: z.email().max(254),
        phone: z.string().trim().min(6).max(30),
      })
      .optional(),
    note: z.string().trim().max(1000).optional(),
  }),
  response: bookingSchema,
});

export const getBooking = defineEndpoint({
  method: 'GET',
  path: '/booking/:id',
  summary: 'A booking, for the holder of its token (mail link) or the customer who made it',
  tags: ['booking'],
  params: z.object({ id: rowIdSchema }),
  response: bookingSchema,
});

export const cancelBooking = defineEndpoint({
  method: 'POST',
  path: '/booking/:id/cancel',
  summary:
    'Cancels a booking before its deadline (token or customer); refunds what was paid online; mails the customer and the site',
  tags: ['booking'],
  params: z.object({ id: rowIdSchema }),
  response: bookingSchema,
});

export const moveBooking = defineEndpoint({
  method: 'POST',
  path: '/booking/:id/move',
  summary:
    'Moves a booking to another free time before its deadline (token or customer), in one transaction; mails the new .ics',
  tags: ['booking'],
  params: z.object({ id: rowIdSchema }),
  body: z.strictObject({
    start: z.iso.datetime({ offset: true }),
    personId: z.number().int().positive().max(INT4_MAX).optional(),
  }),
  response: bookingSchema,
});

export const listMyBookings = defineEndpoint({
  method: 'GET',
  path: '/booking/mine',
  summary: "The logged-in customer's bookings, coming ones first",
  tags: ['booking'],
  response: z.object({ bookings: z.array(bookingSchema) }),
});

export const payBooking = defineEndpoint({
  method: 'POST',
  path: '/booking/:id/payment-intent',
  summary:
    "Starts the card payment of a booking's deposit or price (token header); the Stripe webhook confirms it",
  tags: ['booking'],
  params: z.object({ id: rowIdSchema }),
  response: z.object({ clientSecret: z.string(), publicKey: z.string(), amountCents: z.number() }),
});
