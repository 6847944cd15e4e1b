import {
  AGENDA_MAX_DAYS,
  AGENDA_RANGE_MESSAGE,
  BOOKABLE_SERVICE_DEPOSIT_MESSAGE,
  BOOKABLE_SERVICE_PAGE_MESSAGE,
  BOOKABLE_SERVICE_RESOURCES_MESSAGE,
  BOOKABLE_SERVICE_SEATS_MESSAGE,
  BOOKING_NO_SHOW_TOO_EARLY_MESSAGE,
  BOOKING_NOT_MOVABLE_MESSAGE,
  BOOKINGS_EXPORT_MAX_DAYS,
  RESOURCE_HOURS_MESSAGE,
  RESOURCE_IN_USE_MESSAGE,
  RESOURCE_NOT_FOUND_MESSAGE,
  type AdminBookableService,
  type AgendaBooking,
  type BookableServiceInput,
  type Resource,
  type ResourceInput,
} from '@comptoir/contract/admin-booking';
import {
  BOOKABLE_SERVICE_NOT_FOUND_MESSAGE,
  BOOKING_ALREADY_CANCELLED_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
} from '@comptoir/contract/booking';
import { addDaysTo, rangesAreValid } from '@comptoir/domain/booking-availability';
import { zonedInstant } from '@comptoir/domain/opening-calendar';
import type { Db } from '../../db/client';
import { HttpError } from '../../http/http-error';
import { csvDocument } from '../../lib/csv-export';
import { recordAudit, type AuditActor } from '../audit';
import type { BookingMails } from './booking-mail-sender';
import { formatEuros } from './booking-mails';
import type {
  BookableServiceRecord,
  BookingRecord,
  BookingRepository,
  BookingResourceRecord,
} from './booking-repository';
import {
  bookingPrice,
  hashBookingToken,
  newBookingToken,
  type BookingService,
} from './booking-service';
import { agendaView, bookingReference, bookingView } from './booking-view';

const MINUTE = 60_000;

export const BOOKING_STATUS_LABELS: Record<BookingRecord['status'], string> = {
  held: 'Retenue',
  awaiting_payment: 'En attente de paiement',
  confirmed: 'Confirmée',
  cancelled: 'Annulée',
  no_show: 'Absent',
  completed: 'Honorée',
};

function unprocessable(message: string, key: string): never {
  throw new HttpError(422, message, [{ key, error: message }]);
}

const resourceOf = (record: BookingResourceRecord): Resource => ({
  id: record.id,
  name: record.name,
  kind: record.kind,
  capacity: record.capacity,
  weeklyHours: record.weeklyHours,
  exceptions: record.exceptions,
  closedOnPublicHolidays: record.closedOnPublicHolidays,
  isActive: record.isActive,
});

const adminServiceOf = (
  record: BookableServiceRecord,
  resourceIds: number[],
): AdminBookableService => ({
  id: record.id,
  position: record.position,
  name: record.name,
  description: record.description,
  durationMinutes: record.durationMinutes,
  bufferAfterMinutes: record.bufferAfterMinutes,
  priceCents: record.priceCents,
  pricePerPerson: record.pricePerPerson,
  payment: record.payment,
  depositCents: record.depositCents,
  maxPartySize: record.maxPartySize,
  cancellationDeadlineHours: record.cancellationDeadlineHours,
  minNoticeMinutes: record.minNoticeMinutes,
  stepMinutes: record.stepMinutes,
  resourceIds,
  visitorChoosesPerson: record.visitorChoosesPerson,
  isOnline: record.isOnline,
  serviceId: record.serviceId,
});

/** A period of Paris days [from, to) as instants, at most `maxDays` long. */
function periodOf(from: string, to: string, maxDays: number) {
  const start = zonedInstant(from, 0);
  const end = zonedInstant(to, 0);
  if (!start || !end || to <= from || addDaysTo(from, maxDays) < to) {
    unprocessable(AGENDA_RANGE_MESSAGE, 'to');
  }
  return { start, end };
}

/**
 * The back office's reservations (docs/requirements/reservations.md): resources and bookable
 * services, the agenda, and the owner's bookings, moves, cancellations and no-shows. Every write
 * is journaled (decision 0065's audit).
 */
export function createBookingAdminService(deps: {
  db: Db;
  repository: BookingRepository;
  bookings: BookingService;
  mails: BookingMails;
  now: () => Date;
}) {
  const { db, repository, bookings, mails, now } = deps;

  const audit = (
    siteId: number,
    actor: AuditActor,
    entry: {
      action: string;
      entityType: string;
      entityId: number;
      summary: string;
      before: unknown;
      after: unknown;
    },
  ) => recordAudit(db, { siteId, actor, ...entry });

  function checkHours(input: ResourceInput): void {
    const exceptionsValid = input.exceptions.every((exception) => rangesAreValid(exception.ranges));
    const datesUnique =
      new Set(input.exceptions.map((e) => e.date)).size === input.exceptions.length;
    if (!rangesAreValid(input.weeklyHours) || !exceptionsValid || !datesUnique) {
      unprocessable(RESOURCE_HOURS_MESSAGE, 'weeklyHours');
    }
  }

  const resourceValues = (input: ResourceInput) => ({
    name: input.name,
    kind: input.kind,
    capacity: input.kind === 'person' ? 1 : input.capacity,
    weeklyHours: input.weeklyHours,
    exceptions: input.exceptions,
    closedOnPublicHolidays: input.closedOnPublicHolidays,
    isActive: input.isActive,
  });

  async function checkService(siteId: number, input: BookableServiceInput): Promise<void> {
    const resources = await repository.resourcesByIds(siteId, input.resourceIds);
    if (resources.length !== new Set(input.resourceIds).size) {
      unprocessable(BOOKABLE_SERVICE_RESOURCES_MESSAGE, 'resourceIds');
    }
    const seats = resources.filter((r) => r.kind === 'place').map((r) => r.capacity);
    if (seats.length > 0 && input.maxPartySize > Math.min(...seats)) {
      unprocessable(BOOKABLE_SERVICE_SEATS_MESSAGE, 'maxPartySize');
    }
    if (
      input.payment === 'deposit' &&
      (input.depositCents <= 0 || (input.priceCents > 0 && input.depositCents > input.priceCents))
    ) {
      unprocessable(BOOKABLE_SERVICE_DEPOSIT_MESSAGE, 'depositCents');
    }
    if (
      input.serviceId !== null &&
      !(await repository.servicePageExists(siteId, input.serviceId))
    ) {
      unprocessable(BOOKABLE_SERVICE_PAGE_MESSAGE, 'serviceId');
    }
  }

  const serviceValues = (input: BookableServiceInput) => {
    const { resourceIds: _resourceIds, ...values } = input;
    return { ...values, depositCents: input.payment === 'deposit' ? input.depositCents : 0 };
  };

  async function booking(siteId: number, id: number): Promise<BookingRecord> {
    const record = await repository.booking(siteId, id);
    if (!record || record.status === 'held') throw new HttpError(404, BOOKING_NOT_FOUND_MESSAGE);
    return record;
  }

  /** The agenda's view: the resources a booking occupies (its person and its service's places once released). */
  async function agendaOf(siteId: number, records: BookingRecord[]): Promise<AgendaBooking[]> {
    const claims = await repository.claimResourceIds(
      siteId,
      records.map((r) => r.id),
    );
    const serviceResources = await repository.resourceIdsOf(siteId, [
      ...new Set(records.map((r) => r.bookableServiceId)),
    ]);
    const allResources = await repository.resourcesByIdsAll(siteId, [
      ...new Set(
        [...serviceResources.values()]
          .flat()
          .concat(records.flatMap((r) => r.personResourceId ?? [])),
      ),
    ]);
    const byId = new Map(allResources.map((r) => [r.id, r]));
    const at = now();
    return records.map((record) => {
      const claimed = claims.get(record.id);
      const resourceIds =
        claimed ??
        [
          ...(record.personResourceId === null ? [] : [record.personResourceId]),
          ...(serviceResources.get(record.bookableServiceId) ?? []).filter(
            (id) => byId.get(id)?.kind === 'place',
          ),
        ].sort((a, b) => a - b);
      const personName =
        record.personResourceId === null ? null : (byId.get(record.personResourceId)?.name ?? null);
      return agendaView(record, personName, resourceIds, at);
    });
  }

  const one = async (siteId: number, record: BookingRecord) =>
    (await agendaOf(siteId, [record]))[0]!;

  return {
    // ---- resources -------------------------------------------------------------------------
    async resources(siteId: number): Promise<Resource[]> {
      return (await repository.resources(siteId)).map(resourceOf);
    },
    async createResource(
      siteId: number,
      actor: AuditActor,
      input: ResourceInput,
    ): Promise<Resource> {
      checkHours(input);
      const row = await repository.insertResource({ siteId, ...resourceValues(input) });
      await audit(siteId, actor, {
        action: 'create',
        entityType: 'booking-resource',
        entityId: row.id,
        summary: `Ressource « ${row.name} » ajoutée`,
        before: null,
        after: resourceOf(row),
      });
      return resourceOf(row);
    },
    async updateResource(siteId: number, actor: AuditActor, id: number, input: ResourceInput) {
      checkHours(input);
      const [before] = await repository.resourcesByIds(siteId, [id]);
      if (!before) throw new HttpError(404, RESOURCE_NOT_FOUND_MESSAGE);
      const row = await repository.updateResource(siteId, id, resourceValues(input));
      if (!row) throw new HttpError(404, RESOURCE_NOT_FOUND_MESSAGE);
      await audit(siteId, actor, {
        action: 'update',
        entityType: 'booking-resource',
        entityId: id,
        summary: `Ressource « ${row.name} » modifiée`,
        before: resourceOf(before),
        after: resourceOf(row),
      });
      return resourceOf(row);
    },
    async deleteResource(siteId: number, actor: AuditActor, id: number): Promise<null> {
      const [before] = await repository.resourcesByIds(siteId, [id]);
      if (!before) throw new HttpError(404, RESOURCE_NOT_FOUND_MESSAGE);
      if ((await repository.comingClaims(siteId, id, now())) > 0) {
        throw new HttpError(409, RESOURCE_IN_USE_MESSAGE);
      }
      if (!(await repository.deleteResource(siteId, id, now()))) {
        throw new HttpError(404, RESOURCE_NOT_FOUND_MESSAGE);
      }
      await audit(siteId, actor, {
        action: 'delete',
        entityType: 'booking-resource',
        entityId: id,
        summary: `Ressource « ${before.name} » retirée`,
        before: resourceOf(before),
        after: null,
      });
      return null;
    },

    // ---- bookable services -----------------------------------------------------------------
    async services(siteId: number): Promise<AdminBookableService[]> {
      const records = await repository.services(siteId, { onlineOnly: false });
      const resources = await repository.resourceIdsOf(
        siteId,
        records.map((r) => r.id),
      );
      return records.map((record) => adminServiceOf(record, resources.get(record.id) ?? []));
    },
    async saveService(
      siteId: number,
      actor: AuditActor,
      id: number | null,
      input: BookableServiceInput,
    ): Promise<AdminBookableService> {
      const before = id === null ? null : await repository.service(siteId, id);
      if (id !== null && !before) throw new HttpError(404, BOOKABLE_SERVICE_NOT_FOUND_MESSAGE);
      await checkService(siteId, input);
      const row = await repository.saveService(
        siteId,
        id,
        {
          ...serviceValues(input),
          ...(id === null ? { position: await repository.nextServicePosition(siteId) } : {}),
        },
        input.resourceIds,
      );
      if (!row) throw new HttpError(404, BOOKABLE_SERVICE_NOT_FOUND_MESSAGE);
      const after = adminServiceOf(
        row,
        [...new Set(input.resourceIds)].sort((a, b) => a - b),
      );
      await audit(siteId, actor, {
        action: id === null ? 'create' : 'update',
        entityType: 'bookable-service',
        entityId: row.id,
        summary: `Prestation à réserver « ${row.name} » ${id === null ? 'ajoutée' : 'modifiée'}`,
        before: before ? adminServiceOf(before, []) : null,
        after,
      });
      return after;
    },
    async deleteService(siteId: number, actor: AuditActor, id: number): Promise<null> {
      const before = await repository.service(siteId, id);
      if (!before || !(await repository.deleteService(siteId, id, now()))) {
        throw new HttpError(404, BOOKABLE_SERVICE_NOT_FOUND_MESSAGE);
      }
      await audit(siteId, actor, {
        action: 'delete',
        entityType: 'bookable-service',
        entityId: id,
        summary: `Prestation à réserver « ${before.name} » retirée`,
        before: adminServiceOf(before, []),
        after: null,
      });
      return null;
    },

    // ---- the agenda --------------------------------------------------------------------------
    async agenda(siteId: number, query: { from: string; to: string; resourceId?: number }) {
      const { start, end } = periodOf(query.from, query.to, AGENDA_MAX_DAYS);
      const all = await agendaOf(siteId, await repository.bookingsBetween(siteId, start, end));
      const resources = (await repository.resources(siteId)).map(resourceOf);
      return {
        bookings:
          query.resourceId === undefined
            ? all
            : all.filter((b) => b.resourceIds.includes(query.resourceId!)),
        resources:
          query.resourceId === undefined
            ? resources
            : resources.filter((r) => r.id === query.resourceId),
      };
    },

    /** The owner books for a customer on the phone: no hold, no cut-off, no online payment. */
    async create(
      siteId: number,
      actor: AuditActor,
      body: {
        serviceId: number;
        start: string;
        personId?: number;
        partySize: number;
        customer: { firstname: string; lastname: string; email: string; phone: string };
        note?: string;
        sendMail: boolean;
      },
    ): Promise<AgendaBooking> {
      const setup = await bookings.setupOf(siteId, body.serviceId, { online: false });
      if (!setup) throw new HttpError(404, BOOKABLE_SERVICE_NOT_FOUND_MESSAGE);
      const time = await bookings.resolveTime(siteId, setup, new Date(body.start), body.partySize, {
        ...(body.personId === undefined ? {} : { personId: body.personId }),
        byOwner: true,
      });
      const person = setup.people.length > 0 ? (body.personId ?? time.personIds[0]!) : null;
      const personName = setup.people.find((p) => p.id === person)?.name ?? null;
      const at = now();
      const occupiedUntil = new Date(time.end + setup.service.bufferAfterMinutes * MINUTE);
      const mailToken = body.sendMail && body.customer.email ? newBookingToken() : null;
      const mailContext = mailToken ? await mails.contextOf(siteId) : null;
      const outcome = await repository.take({
        siteId,
        now: at,
        startsAt: new Date(time.start),
        occupiedUntil,
        claims: bookings.claimsOf(setup, person, body.partySize),
        holdExpiresAt: null,
        insert: {
          bookableServiceId: setup.service.id,
          serviceName: setup.service.name,
          personResourceId: person,
          partySize: body.partySize,
          startsAt: new Date(time.start),
          endsAt: new Date(time.end),
          bufferEndsAt: occupiedUntil,
          status: 'confirmed',
          holdExpiresAt: null,
          tokenHash: hashBookingToken(newBookingToken()),
          mailTokenHash: mailToken ? hashBookingToken(mailToken) : null,
          userId: null,
          ...body.customer,
          note: body.note ?? null,
          priceCents: bookingPrice(setup.service, body.partySize).priceCents,
          dueOnlineCents: 0,
          cancellationDeadlineHours: setup.service.cancellationDeadlineHours,
          source: 'back_office',
          reminderDueAt: bookings.reminderDueOf(new Date(time.start), at),
          createdAt: at,
        },
        ...(mailToken && mailContext
          ? {
              inTransaction: (tx, row) =>
                mails.confirmed(tx, mailContext, bookingView(row, personName, now()), mailToken, {
                  notifySite: false,
                }),
            }
          : {}),
      });
      if (!outcome.taken) return bookings.refusedTake(outcome);
      const created = await one(siteId, (await repository.booking(siteId, outcome.bookingId))!);
      await audit(siteId, actor, {
        action: 'create',
        entityType: 'booking',
        entityId: created.id,
        summary: `Réservation ${created.reference} ajoutée (${created.service.name}, ${created.localDate} ${created.localStart})`,
        before: null,
        after: {
          start: created.start,
          personId: created.person?.id ?? null,
          partySize: created.partySize,
        },
      });
      return created;
    },

    async move(
      siteId: number,
      actor: AuditActor,
      id: number,
      body: { start: string; personId?: number; sendMail: boolean },
    ): Promise<AgendaBooking> {
      const record = await booking(siteId, id);
      if (record.status !== 'confirmed') throw new HttpError(409, BOOKING_NOT_MOVABLE_MESSAGE);
      const setup = await bookings.setupOf(siteId, record.bookableServiceId, { online: false });
      if (!setup) throw new HttpError(404, BOOKABLE_SERVICE_NOT_FOUND_MESSAGE);
      await bookings.moveTo(siteId, record, setup, body, {
        byOwner: true,
        sendMail: body.sendMail,
      });
      const moved = await one(siteId, (await repository.booking(siteId, id))!);
      await audit(siteId, actor, {
        action: 'move',
        entityType: 'booking',
        entityId: id,
        summary: `Réservation ${moved.reference} déplacée au ${moved.localDate} ${moved.localStart}`,
        before: { start: record.startsAt.toISOString(), personId: record.personResourceId },
        after: { start: moved.start, personId: moved.person?.id ?? null },
      });
      return moved;
    },

    /** The owner cancels at any time: what was paid online is refunded, the customer mailed. */
    async cancel(siteId: number, actor: AuditActor, id: number, reason: string | null) {
      const record = await booking(siteId, id);
      if (record.status === 'cancelled')
        throw new HttpError(409, BOOKING_ALREADY_CANCELLED_MESSAGE);
      const refunded = await bookings.refundPaid(siteId, record);
      const personName = await bookings.personNameOf(siteId, record);
      const mailContext = await mails.contextOf(siteId);
      const cancelled = await repository.transition(
        siteId,
        id,
        [record.status],
        {
          status: 'cancelled',
          cancelledAt: now(),
          cancelReason: reason,
          holdExpiresAt: null,
          refundedCents: record.refundedCents + refunded,
        },
        'release',
        (tx, row) =>
          mails.cancelled(tx, mailContext, bookingView(row, personName, now()), {
            bySite: true,
            reason,
            refundedCents: refunded,
            notifySite: false,
          }),
      );
      if (!cancelled) throw new HttpError(409, BOOKING_ALREADY_CANCELLED_MESSAGE);
      await audit(siteId, actor, {
        action: 'cancel',
        entityType: 'booking',
        entityId: id,
        summary: `Réservation ${bookingReference(record)} annulée${refunded > 0 ? `, ${formatEuros(refunded)} remboursés` : ''}`,
        before: { status: record.status },
        after: { status: 'cancelled', reason, refundedCents: refunded },
      });
      return one(siteId, cancelled);
    },

    async markNoShow(siteId: number, actor: AuditActor, id: number, noShow: boolean) {
      const record = await booking(siteId, id);
      const at = now();
      if (!['confirmed', 'completed', 'no_show'].includes(record.status)) {
        throw new HttpError(409, BOOKING_NOT_MOVABLE_MESSAGE);
      }
      if (record.startsAt.getTime() > at.getTime()) {
        throw new HttpError(409, BOOKING_NO_SHOW_TOO_EARLY_MESSAGE);
      }
      const status = noShow
        ? 'no_show'
        : record.endsAt.getTime() <= at.getTime()
          ? 'completed'
          : 'confirmed';
      const row = await repository.transition(
        siteId,
        id,
        ['confirmed', 'completed', 'no_show'],
        { status },
        'keep',
      );
      if (!row) throw new HttpError(409, BOOKING_NOT_MOVABLE_MESSAGE);
      await audit(siteId, actor, {
        action: 'no-show',
        entityType: 'booking',
        entityId: id,
        summary: `Réservation ${bookingReference(record)} : ${noShow ? 'client absent' : 'client venu'}`,
        before: { status: record.status },
        after: { status },
      });
      return one(siteId, row);
    },

    async csv(siteId: number, query: { from: string; to: string }) {
      const { start, end } = periodOf(query.from, addDaysTo(query.to, 1), BOOKINGS_EXPORT_MAX_DAYS);
      const records = await agendaOf(siteId, await repository.bookingsBetween(siteId, start, end));
      const money = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
      const lines = [
        [
          'Référence',
          'Date',
          'Début',
          'Fin',
          'Prestation',
          'Avec',
          'Prénom',
          'Nom',
          'E-mail',
          'Téléphone',
          'Personnes',
          'Statut',
          'Prix (€)',
          'Réglé en ligne (€)',
          'Origine',
          'Note',
        ],
        ...records.map((b) => [
          b.reference,
          b.localDate,
          b.localStart,
          b.localEnd,
          b.service.name,
          b.person?.name ?? '',
          b.customer.firstname,
          b.customer.lastname,
          b.customer.email,
          b.customer.phone,
          String(b.partySize),
          BOOKING_STATUS_LABELS[b.status],
          money(b.priceCents),
          money(b.paidCents),
          b.source === 'online' ? 'En ligne' : 'Back office',
          b.note ?? '',
        ]),
      ];
      return { body: csvDocument(lines), filename: `reservations-${query.from}-${query.to}.csv` };
    },

    /** The dashboard's count: bookings whose time falls in [start, end). */
    countBooked: (siteId: number, start: Date, end: Date) =>
      repository.countBookedBetween(siteId, start, end),
  };
}

export type BookingAdminService = ReturnType<typeof createBookingAdminService>;
