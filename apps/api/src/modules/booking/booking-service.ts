import { createHash, randomBytes } from 'node:crypto';
import {
  BOOKABLE_SERVICE_NOT_FOUND_MESSAGE,
  BOOKING_ALREADY_CANCELLED_MESSAGE,
  BOOKING_CARD_UNAVAILABLE_MESSAGE,
  BOOKING_DEADLINE_PASSED_MESSAGE,
  BOOKING_GUEST_DETAILS_MESSAGE,
  BOOKING_HOLD_EXPIRED_MESSAGE,
  BOOKING_HOLD_MINUTES,
  BOOKING_NOT_CHANGEABLE_MESSAGE,
  BOOKING_NOT_ENOUGH_SEATS_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  BOOKING_NOTHING_TO_PAY_MESSAGE,
  BOOKING_PARTY_SIZE_MESSAGE,
  BOOKING_PAYMENT_MINUTES,
  BOOKING_PAYMENT_REQUIRED_MESSAGE,
  BOOKING_TIME_TAKEN_MESSAGE,
  BOOKING_TIME_UNAVAILABLE_MESSAGE,
  type BookableService,
  type Booking,
  type BookingDay,
  type BookingHold,
} from '@comptoir/contract/booking';
import {
  findFreeTime,
  freeTimes,
  localDateOf,
  type AvailabilityQuery,
  type AvailabilityResource,
} from '@comptoir/domain/booking-availability';
import { zonedInstant } from '@comptoir/domain/opening-calendar';
import { HttpError } from '../../http/http-error';
import type {
  BookableServiceRecord,
  BookingRecord,
  BookingRepository,
  BookingResourceRecord,
  BookingTransaction,
  ClaimPlan,
} from './booking-repository';
import type { BookingMails } from './booking-mail-sender';
import { bookingView, customerMayChange } from './booking-view';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Who asks: the browser's or the mail's token, and the logged-in customer. */
export interface BookingCaller {
  token: string | null;
  userId: number | null;
}

/** What the reservations need of card payment (the payment module's Stripe, decision 0053). */
export interface CardPayments {
  cardAvailable(siteId: number): Promise<boolean>;
  startIntent(
    siteId: number,
    input: {
      amountCents: number;
      description: string;
      metadata: Record<string, string>;
      idempotencyKey: string;
      existingId: string | null;
    },
  ): Promise<{ id: string; clientSecret: string; publicKey: string; amountCents: number }>;
  refund(
    siteId: number,
    paymentIntentId: string,
    amountCents: number,
    idempotencyKey: string,
  ): Promise<void>;
}

/** The Stripe metadata kind that sends a payment's events to the reservations. */
export const BOOKING_PAYMENT_KIND = 'booking';

export const hashBookingToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newBookingToken = () => randomBytes(32).toString('base64url');

/**
 * A booking's price and what is paid online to confirm it: the price (times the party when it is
 * per person); the whole of it for 'full', the deposit (never more than the price, when there is
 * one) for 'deposit', nothing for 'none'.
 */
export function bookingPrice(
  service: Pick<
    BookableServiceRecord,
    'priceCents' | 'pricePerPerson' | 'payment' | 'depositCents'
  >,
  partySize: number,
): { priceCents: number; dueOnlineCents: number } {
  const priceCents = service.priceCents * (service.pricePerPerson ? partySize : 1);
  const dueOnlineCents =
    service.payment === 'full'
      ? priceCents
      : service.payment === 'deposit'
        ? priceCents > 0
          ? Math.min(service.depositCents, priceCents)
          : service.depositCents
        : 0;
  return { priceCents, dueOnlineCents };
}

/** A service with its resources, split as the free-time rule wants them. */
export interface ServiceSetup {
  service: BookableServiceRecord;
  people: BookingResourceRecord[];
  places: BookingResourceRecord[];
}

const asAvailability = (resource: BookingResourceRecord): AvailabilityResource => ({
  id: resource.id,
  kind: resource.kind,
  capacity: resource.kind === 'person' ? 1 : resource.capacity,
  weeklyHours: resource.weeklyHours,
  exceptions: resource.exceptions,
  closedOnPublicHolidays: resource.closedOnPublicHolidays,
});

export function createBookingService(deps: {
  repository: BookingRepository;
  now: () => Date;
  payments: CardPayments;
  mails: BookingMails;
  log: { error(details: Record<string, unknown>, message: string): void };
}) {
  const { repository, now, payments, mails } = deps;

  // ---- steps shared by the flows -------------------------------------------------------------

  /** A service with its active resources; null when it is gone or (for visitors) not online. */
  async function setupOf(
    siteId: number,
    id: number,
    options: { online: boolean },
  ): Promise<ServiceSetup | null> {
    const service = await repository.service(siteId, id);
    if (!service || (options.online && !service.isOnline)) return null;
    const ids = (await repository.resourceIdsOf(siteId, [id])).get(id) ?? [];
    const resources = (await repository.resourcesByIds(siteId, ids)).filter((r) => r.isActive);
    return {
      service,
      people: resources.filter((r) => r.kind === 'person').sort((a, b) => a.id - b.id),
      places: resources.filter((r) => r.kind === 'place').sort((a, b) => a.id - b.id),
    };
  }

  async function onlineSetup(siteId: number, id: number): Promise<ServiceSetup> {
    const setup = await setupOf(siteId, id, { online: true });
    if (!setup) throw new HttpError(404, BOOKABLE_SERVICE_NOT_FOUND_MESSAGE);
    return setup;
  }

  function checkPartySize(setup: ServiceSetup, partySize: number): void {
    if (partySize > setup.service.maxPartySize) {
      const message = BOOKING_PARTY_SIZE_MESSAGE(setup.service.maxPartySize);
      throw new HttpError(422, message, [{ key: 'partySize', error: message }]);
    }
  }

  /** The rule's query for a service (the owner books without the cut-off). */
  function queryOf(
    setup: ServiceSetup,
    partySize: number,
    options: { personId?: number; byOwner: boolean },
  ): Omit<AvailabilityQuery, 'from' | 'days' | 'occupancies'> {
    const { service } = setup;
    return {
      durationMinutes: service.durationMinutes,
      bufferAfterMinutes: service.bufferAfterMinutes,
      stepMinutes: service.stepMinutes,
      minNoticeMinutes: options.byOwner ? 0 : service.minNoticeMinutes,
      partySize,
      people: setup.people.map(asAvailability),
      places: setup.places.map(asAvailability),
      ...(options.personId === undefined ? {} : { personId: options.personId }),
      now: now(),
    };
  }

  const resourceIdsOf = (setup: ServiceSetup) => [
    ...setup.people.map((r) => r.id),
    ...setup.places.map((r) => r.id),
  ];

  /**
   * The time asked, checked against the free-time rule: 422 when the service does not offer it
   * at all, 409 when bookings took it (or its seats).
   */
  async function resolveTime(
    siteId: number,
    setup: ServiceSetup,
    start: Date,
    partySize: number,
    options: { personId?: number; byOwner: boolean; exceptBookingId?: number },
  ) {
    const query = queryOf(setup, partySize, options);
    const occupancies = await repository.occupancies(
      siteId,
      resourceIdsOf(setup),
      new Date(start.getTime() - DAY),
      new Date(start.getTime() + 2 * DAY),
      query.now,
      options.exceptBookingId,
    );
    const time = findFreeTime({ ...query, occupancies }, start);
    if (time) return time;
    const unbooked = findFreeTime({ ...query, occupancies: [] }, start);
    if (!unbooked) {
      throw new HttpError(422, BOOKING_TIME_UNAVAILABLE_MESSAGE, [
        { key: 'start', error: BOOKING_TIME_UNAVAILABLE_MESSAGE },
      ]);
    }
    const seats = findFreeTime({ ...query, partySize: 1, occupancies }, start);
    if (seats && setup.places.length > 0 && seats.seatsLeft < partySize) {
      throw new HttpError(409, BOOKING_NOT_ENOUGH_SEATS_MESSAGE(seats.seatsLeft));
    }
    throw new HttpError(409, BOOKING_TIME_TAKEN_MESSAGE);
  }

  function claimsOf(setup: ServiceSetup, personId: number | null, partySize: number): ClaimPlan[] {
    return [
      ...(personId === null
        ? []
        : [{ resourceId: personId, seats: 1, exclusive: true, capacity: 1 }]),
      ...setup.places.map((place) => ({
        resourceId: place.id,
        seats: partySize,
        exclusive: false,
        capacity: place.capacity,
      })),
    ];
  }

  function refusedTake(
    outcome: { reason: 'time_taken' } | { reason: 'seats'; remaining: number },
  ): never {
    if (outcome.reason === 'seats' && outcome.remaining > 0) {
      throw new HttpError(409, BOOKING_NOT_ENOUGH_SEATS_MESSAGE(outcome.remaining));
    }
    throw new HttpError(409, BOOKING_TIME_TAKEN_MESSAGE);
  }

  /** A booking the caller may read: its token's holder, or the customer who made it. */
  async function authorized(
    siteId: number,
    id: number,
    caller: BookingCaller,
  ): Promise<BookingRecord> {
    const record = await repository.booking(siteId, id);
    if (record) {
      const hash = caller.token ? hashBookingToken(caller.token) : null;
      if (hash && (hash === record.tokenHash || hash === record.mailTokenHash)) return record;
      if (caller.userId !== null && record.userId === caller.userId) return record;
    }
    throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
  }

  async function personNameOf(siteId: number, record: BookingRecord): Promise<string | null> {
    if (record.personResourceId === null) return null;
    const [person] = await repository.resourcesByIdsAll(siteId, [record.personResourceId]);
    return person?.name ?? null;
  }

  async function view(siteId: number, record: BookingRecord): Promise<Booking> {
    return bookingView(record, await personNameOf(siteId, record), now());
  }

  const holdExpired = (record: BookingRecord) =>
    record.holdExpiresAt !== null && record.holdExpiresAt.getTime() <= now().getTime();

  function reminderDueOf(startsAt: Date, at: Date): Date | null {
    const due = new Date(startsAt.getTime() - DAY);
    return due.getTime() > at.getTime() ? due : null;
  }

  /** Refunds what was paid online (the whole of it), once: the idempotency key is the booking's. */
  async function refundPaid(siteId: number, record: BookingRecord): Promise<number> {
    const refundable = record.paidCents - record.refundedCents;
    if (refundable <= 0 || !record.paymentIntentId) return 0;
    await payments.refund(
      siteId,
      record.paymentIntentId,
      refundable,
      `comptoir-booking-refund-${siteId}-${record.id}`,
    );
    return refundable;
  }

  // ---- the flows -----------------------------------------------------------------------------

  return {
    setupOf,
    resolveTime,
    claimsOf,
    refusedTake,
    refundPaid,
    reminderDueOf,
    view,
    personNameOf,
    moveTo,

    async listServices(siteId: number, servicePageId?: number): Promise<BookableService[]> {
      const records = await repository.services(siteId, {
        onlineOnly: true,
        ...(servicePageId === undefined ? {} : { serviceId: servicePageId }),
      });
      const resourceIds = await repository.resourceIdsOf(
        siteId,
        records.map((record) => record.id),
      );
      const resources = new Map(
        (await repository.resources(siteId)).filter((r) => r.isActive).map((r) => [r.id, r]),
      );
      return records.map((record) => {
        const people = (resourceIds.get(record.id) ?? [])
          .map((id) => resources.get(id))
          .filter((r): r is BookingResourceRecord => r?.kind === 'person');
        return {
          id: record.id,
          name: record.name,
          description: record.description,
          durationMinutes: record.durationMinutes,
          priceCents: record.priceCents,
          pricePerPerson: record.pricePerPerson,
          payment: record.payment,
          depositCents: record.payment === 'deposit' ? record.depositCents : 0,
          maxPartySize: record.maxPartySize,
          cancellationDeadlineHours: record.cancellationDeadlineHours,
          people: record.visitorChoosesPerson
            ? people.map((person) => ({ id: person.id, name: person.name }))
            : [],
          serviceId: record.serviceId,
        };
      });
    },

    async availability(
      siteId: number,
      id: number,
      query: { from: string; days: number; personId?: number; partySize: number },
    ): Promise<{ serviceId: number; days: BookingDay[] }> {
      const setup = await onlineSetup(siteId, id);
      checkPartySize(setup, query.partySize);
      const personId = setup.service.visitorChoosesPerson ? query.personId : undefined;
      const rule = queryOf(setup, query.partySize, {
        ...(personId === undefined ? {} : { personId }),
        byOwner: false,
      });
      const from = zonedInstant(query.from, 0) ?? new Date(`${query.from}T00:00:00Z`);
      const occupancies = await repository.occupancies(
        siteId,
        resourceIdsOf(setup),
        new Date(from.getTime() - DAY),
        new Date(from.getTime() + (query.days + 1) * DAY),
        rule.now,
      );
      const days = freeTimes({ ...rule, from: query.from, days: query.days, occupancies });
      return {
        serviceId: id,
        days: days.map((day) => ({
          date: day.date,
          times: day.times.map((time) => ({
            start: new Date(time.start).toISOString(),
            end: new Date(time.end).toISOString(),
            localStart: time.localStart,
            localEnd: time.localEnd,
            seatsLeft: time.seatsLeft,
            personIds: time.personIds,
          })),
        })),
      };
    },

    /** Holds a free time for BOOKING_HOLD_MINUTES: a 'held' booking and its secret token. */
    async hold(
      siteId: number,
      caller: BookingCaller,
      body: { serviceId: number; start: string; personId?: number; partySize: number },
    ): Promise<BookingHold> {
      const setup = await onlineSetup(siteId, body.serviceId);
      checkPartySize(setup, body.partySize);
      const personId = setup.service.visitorChoosesPerson ? body.personId : undefined;
      const start = new Date(body.start);
      const time = await resolveTime(siteId, setup, start, body.partySize, {
        ...(personId === undefined ? {} : { personId }),
        byOwner: false,
      });
      const person = setup.people.length > 0 ? (personId ?? time.personIds[0]!) : null;
      const at = now();
      const holdExpiresAt = new Date(at.getTime() + BOOKING_HOLD_MINUTES * MINUTE);
      const occupiedUntil = new Date(time.end + setup.service.bufferAfterMinutes * MINUTE);
      const token = newBookingToken();
      const { service } = setup;
      const price = bookingPrice(service, body.partySize);
      if (price.dueOnlineCents > 0 && !(await payments.cardAvailable(siteId))) {
        throw new HttpError(409, BOOKING_CARD_UNAVAILABLE_MESSAGE);
      }
      const outcome = await repository.take({
        siteId,
        now: at,
        startsAt: new Date(time.start),
        occupiedUntil,
        claims: claimsOf(setup, person, body.partySize),
        holdExpiresAt,
        insert: {
          bookableServiceId: service.id,
          serviceName: service.name,
          personResourceId: person,
          partySize: body.partySize,
          startsAt: new Date(time.start),
          endsAt: new Date(time.end),
          bufferEndsAt: occupiedUntil,
          status: 'held',
          holdExpiresAt,
          tokenHash: hashBookingToken(token),
          userId: caller.userId,
          priceCents: price.priceCents,
          dueOnlineCents: price.dueOnlineCents,
          cancellationDeadlineHours: service.cancellationDeadlineHours,
          source: 'online',
          createdAt: at,
        },
      });
      if (!outcome.taken) refusedTake(outcome);
      const record = await repository.booking(siteId, outcome.bookingId);
      return { booking: await view(siteId, record!), token };
    },

    /**
     * Confirms a held booking with the customer's details: confirmed at once with its mail, or
     * 'awaiting_payment' (its time kept BOOKING_PAYMENT_MINUTES) when the service asks for a
     * card payment, confirmed by the webhook.
     */
    async confirm(
      siteId: number,
      id: number,
      caller: BookingCaller,
      body: {
        customer?: { firstname: string; lastname: string; email: string; phone: string };
        note?: string;
      },
      account: { firstname: string; lastname: string; email: string; phone: string | null } | null,
    ): Promise<Booking> {
      const record = await authorized(siteId, id, caller);
      if (record.status === 'cancelled')
        throw new HttpError(409, BOOKING_ALREADY_CANCELLED_MESSAGE);
      if (record.status === 'awaiting_payment') {
        throw new HttpError(409, BOOKING_PAYMENT_REQUIRED_MESSAGE);
      }
      if (record.status !== 'held') return view(siteId, record);
      if (holdExpired(record) || (await repository.claimCount(siteId, id)) === 0) {
        throw new HttpError(409, BOOKING_HOLD_EXPIRED_MESSAGE);
      }
      const customer =
        body.customer ??
        (account && account.phone
          ? {
              firstname: account.firstname,
              lastname: account.lastname,
              email: account.email,
              phone: account.phone,
            }
          : null);
      if (!customer) {
        throw new HttpError(422, BOOKING_GUEST_DETAILS_MESSAGE, [
          { key: 'customer', error: BOOKING_GUEST_DETAILS_MESSAGE },
        ]);
      }
      await mails.admit(siteId, customer.email);
      const at = now();
      const details = {
        ...customer,
        note: body.note ?? null,
        userId: record.userId ?? caller.userId,
      };
      if (record.dueOnlineCents > record.paidCents) {
        const holdUntil = new Date(at.getTime() + BOOKING_PAYMENT_MINUTES * MINUTE);
        const waiting = await repository.transition(
          siteId,
          id,
          ['held'],
          { ...details, status: 'awaiting_payment', holdExpiresAt: holdUntil },
          { holdUntil },
        );
        if (!waiting) throw new HttpError(409, BOOKING_HOLD_EXPIRED_MESSAGE);
        return view(siteId, waiting);
      }
      const mailToken = newBookingToken();
      const personName = await personNameOf(siteId, record);
      const mailContext = await mails.contextOf(siteId);
      const confirmed = await repository.transition(
        siteId,
        id,
        ['held'],
        {
          ...details,
          status: 'confirmed',
          holdExpiresAt: null,
          mailTokenHash: hashBookingToken(mailToken),
          reminderDueAt: reminderDueOf(record.startsAt, at),
        },
        'confirm',
        (tx, row) =>
          mails.confirmed(tx, mailContext, bookingView(row, personName, now()), mailToken, {
            notifySite: true,
          }),
      );
      if (!confirmed) throw new HttpError(409, BOOKING_HOLD_EXPIRED_MESSAGE);
      return view(siteId, confirmed);
    },

    async get(siteId: number, id: number, caller: BookingCaller): Promise<Booking> {
      return view(siteId, await authorized(siteId, id, caller));
    },

    async mine(siteId: number, userId: number): Promise<Booking[]> {
      const records = await repository.bookingsOfUser(siteId, userId);
      const at = now().getTime();
      const coming = records.filter((r) => r.endsAt.getTime() >= at);
      const past = records.filter((r) => r.endsAt.getTime() < at).reverse();
      return Promise.all([...coming, ...past].map((record) => view(siteId, record)));
    },

    /** The customer cancels before the deadline; what was paid online is refunded. */
    async cancel(siteId: number, id: number, caller: BookingCaller): Promise<Booking> {
      const record = await authorized(siteId, id, caller);
      if (record.status === 'cancelled')
        throw new HttpError(409, BOOKING_ALREADY_CANCELLED_MESSAGE);
      if (!customerMayChange(record, now())) {
        throw new HttpError(
          409,
          record.status === 'confirmed' || record.status === 'awaiting_payment'
            ? BOOKING_DEADLINE_PASSED_MESSAGE
            : BOOKING_NOT_CHANGEABLE_MESSAGE,
        );
      }
      const refunded = await refundPaid(siteId, record);
      const at = now();
      const personName = await personNameOf(siteId, record);
      const mailContext = await mails.contextOf(siteId);
      const cancelled = await repository.transition(
        siteId,
        id,
        [record.status],
        {
          status: 'cancelled',
          cancelledAt: at,
          holdExpiresAt: null,
          refundedCents: record.refundedCents + refunded,
        },
        'release',
        async (tx, row) => {
          if (record.status === 'held') return;
          await mails.cancelled(tx, mailContext, bookingView(row, personName, now()), {
            bySite: false,
            reason: null,
            refundedCents: refunded,
            notifySite: true,
          });
        },
      );
      if (!cancelled) throw new HttpError(409, BOOKING_ALREADY_CANCELLED_MESSAGE);
      return view(siteId, cancelled);
    },

    /** The customer moves a held or confirmed booking to another free time before the deadline. */
    async move(
      siteId: number,
      id: number,
      caller: BookingCaller,
      body: { start: string; personId?: number },
    ): Promise<Booking> {
      const record = await authorized(siteId, id, caller);
      if (record.status === 'cancelled')
        throw new HttpError(409, BOOKING_ALREADY_CANCELLED_MESSAGE);
      if (record.status === 'awaiting_payment') {
        throw new HttpError(409, BOOKING_PAYMENT_REQUIRED_MESSAGE);
      }
      if (!customerMayChange(record, now())) {
        throw new HttpError(
          409,
          record.status === 'confirmed'
            ? BOOKING_DEADLINE_PASSED_MESSAGE
            : BOOKING_NOT_CHANGEABLE_MESSAGE,
        );
      }
      if (record.status === 'held' && holdExpired(record)) {
        throw new HttpError(409, BOOKING_HOLD_EXPIRED_MESSAGE);
      }
      const setup = await onlineSetup(siteId, record.bookableServiceId);
      return moveTo(siteId, record, setup, body, { byOwner: false, sendMail: true });
    },

    /** Starts (or finds again) the card payment of a booking awaiting it. */
    async paymentIntent(siteId: number, id: number, caller: BookingCaller) {
      const record = await authorized(siteId, id, caller);
      const due = record.dueOnlineCents - record.paidCents;
      if (record.status !== 'awaiting_payment' || due <= 0) {
        throw new HttpError(
          409,
          record.status === 'held'
            ? BOOKING_PAYMENT_REQUIRED_MESSAGE
            : BOOKING_NOTHING_TO_PAY_MESSAGE,
        );
      }
      if (holdExpired(record)) throw new HttpError(409, BOOKING_HOLD_EXPIRED_MESSAGE);
      const intent = await payments.startIntent(siteId, {
        amountCents: due,
        description: `Réservation ${bookingView(record, null, now()).reference}`,
        metadata: { siteId: String(siteId), kind: BOOKING_PAYMENT_KIND, bookingId: String(id) },
        idempotencyKey: `comptoir-booking-${siteId}-${id}`,
        existingId: record.paymentIntentId,
      });
      if (record.paymentIntentId !== intent.id) {
        await repository.transition(
          siteId,
          id,
          ['awaiting_payment'],
          { paymentIntentId: intent.id },
          'keep',
        );
      }
      return {
        clientSecret: intent.clientSecret,
        publicKey: intent.publicKey,
        amountCents: intent.amountCents,
      };
    },

    /**
     * The webhook's payment of a booking (the PaymentIntent read from the verified event): the
     * amount must be the one asked; the booking is confirmed with its claims kept, or, when its
     * time went to someone else after its payment deadline, cancelled and refunded.
     */
    async paymentSucceeded(
      siteId: number,
      intent: { id: string; amountReceived: number; currency: string },
    ): Promise<string> {
      const record = await repository.bookingByIntent(intent.id);
      if (!record || record.siteId !== siteId) return 'ignored: unknown booking payment';
      if (record.paidCents > 0 && record.paidCents >= record.dueOnlineCents) {
        return 'ignored: already paid';
      }
      const due = record.dueOnlineCents - record.paidCents;
      if (intent.currency !== 'eur' || intent.amountReceived !== due) {
        deps.log.error({ siteId, bookingId: record.id }, 'Booking payment amount does not match');
        return 'ignored: amount mismatch';
      }
      const at = now();
      const paid = { paidCents: record.paidCents + intent.amountReceived };
      const personName = await personNameOf(siteId, record);
      const mailContext = await mails.contextOf(siteId);
      const confirmedMail = (mailToken: string) => (tx: BookingTransaction, row: BookingRecord) =>
        mails.confirmed(tx, mailContext, bookingView(row, personName, now()), mailToken, {
          notifySite: true,
        });
      if (
        record.status === 'awaiting_payment' &&
        (await repository.claimCount(siteId, record.id)) > 0
      ) {
        const mailToken = newBookingToken();
        const confirmed = await repository.transition(
          siteId,
          record.id,
          ['awaiting_payment'],
          {
            ...paid,
            status: 'confirmed',
            holdExpiresAt: null,
            mailTokenHash: hashBookingToken(mailToken),
            reminderDueAt: reminderDueOf(record.startsAt, at),
          },
          'confirm',
          confirmedMail(mailToken),
        );
        if (confirmed) return 'booking confirmed';
      }
      // Paid too late: the time is taken again if it is still free, else the money goes back.
      const setup = await setupOf(siteId, record.bookableServiceId, { online: false });
      if (setup && (record.status === 'awaiting_payment' || record.status === 'cancelled')) {
        const mailToken = newBookingToken();
        const outcome = await repository.take({
          siteId,
          now: at,
          startsAt: record.startsAt,
          occupiedUntil: record.bufferEndsAt,
          claims: claimsOf(setup, record.personResourceId, record.partySize),
          holdExpiresAt: null,
          bookingId: record.id,
          update: {
            ...paid,
            status: 'confirmed',
            holdExpiresAt: null,
            cancelledAt: null,
            cancelReason: null,
            mailTokenHash: hashBookingToken(mailToken),
            reminderDueAt: reminderDueOf(record.startsAt, at),
          },
          inTransaction: confirmedMail(mailToken),
        });
        if (outcome.taken) return 'booking confirmed late';
      }
      const refundable = { ...record, ...paid };
      const refunded = await refundPaid(siteId, refundable);
      await repository.transition(
        siteId,
        record.id,
        ['awaiting_payment', 'cancelled', 'held'],
        {
          ...paid,
          refundedCents: record.refundedCents + refunded,
          status: 'cancelled',
          cancelledAt: record.cancelledAt ?? at,
          cancelReason: 'Paiement reçu après le délai : remboursé',
        },
        'release',
      );
      deps.log.error(
        { siteId, bookingId: record.id },
        'Booking paid after its time was released: refunded',
      );
      return 'booking refunded: time no longer free';
    },
  };

  /** Moves a booking (customer or owner) in one transaction; mails the new time when asked. */
  async function moveTo(
    siteId: number,
    record: BookingRecord,
    setup: ServiceSetup,
    body: { start: string; personId?: number },
    options: { byOwner: boolean; sendMail: boolean },
  ): Promise<Booking> {
    const chosen =
      options.byOwner || setup.service.visitorChoosesPerson ? body.personId : undefined;
    const start = new Date(body.start);
    const time = await resolveTime(siteId, setup, start, record.partySize, {
      ...(chosen === undefined ? {} : { personId: chosen }),
      byOwner: options.byOwner,
      exceptBookingId: record.id,
    });
    const keepPerson =
      chosen === undefined &&
      record.personResourceId !== null &&
      time.personIds.includes(record.personResourceId)
        ? record.personResourceId
        : null;
    const person = setup.people.length > 0 ? (chosen ?? keepPerson ?? time.personIds[0]!) : null;
    const at = now();
    const occupiedUntil = new Date(time.end + setup.service.bufferAfterMinutes * MINUTE);
    const confirmed = record.status !== 'held';
    const mailToken = confirmed && options.sendMail && record.email ? newBookingToken() : null;
    const personName = setup.people.find((p) => p.id === person)?.name ?? null;
    const mailContext = mailToken ? await mails.contextOf(siteId) : null;
    const outcome = await repository.take({
      siteId,
      now: at,
      startsAt: new Date(time.start),
      occupiedUntil,
      claims: claimsOf(setup, person, record.partySize),
      holdExpiresAt: confirmed ? null : record.holdExpiresAt,
      bookingId: record.id,
      update: {
        personResourceId: person,
        startsAt: new Date(time.start),
        endsAt: new Date(time.end),
        bufferEndsAt: occupiedUntil,
        ...(confirmed
          ? { reminderDueAt: reminderDueOf(new Date(time.start), at), reminderSentAt: null }
          : {}),
        ...(mailToken ? { mailTokenHash: hashBookingToken(mailToken) } : {}),
      },
      ...(mailToken && mailContext
        ? {
            inTransaction: (tx: BookingTransaction, row: BookingRecord) =>
              mails.moved(tx, mailContext, bookingView(row, personName, now()), mailToken, {
                notifySite: !options.byOwner,
              }),
          }
        : {}),
    });
    if (!outcome.taken) refusedTake(outcome);
    return view(siteId, (await repository.booking(siteId, record.id))!);
  }
}

export type BookingService = ReturnType<typeof createBookingService>;

/** The local date of a booking's start, for the agenda's and the export's days. */
export const bookingDay = (record: BookingRecord) => localDateOf(record.startsAt);
