import { and, asc, eq, gt, gte, isNull, max, ne, or, sql } from 'drizzle-orm';
import type {
  AdminCarrier,
  AdminPickupAddress,
  CarrierInput,
  CarrierRate,
  CompanyAddressInput,
  NewCarrierInput,
  NewPickupAddressInput,
  PickupCalendarInput,
  PickupClosureInput,
} from '@comptoir/contract/admin-delivery';
import { CARTON_SIZES, SHIPPING_ZONES } from '@comptoir/domain/delivery';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  carrierRates,
  carriers,
  companyAddresses,
  countries,
  orders,
  pickupCalendars,
  pickupClosures,
  pickupSlotBookings,
} from '../../db/schema';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';

type Queries = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Grid cells in reading order: zone by zone, small cartons first. */
function byCell(a: CarrierRate, b: CarrierRate): number {
  return (
    SHIPPING_ZONES.indexOf(a.zone) - SHIPPING_ZONES.indexOf(b.zone) ||
    CARTON_SIZES.indexOf(a.cartonSize) - CARTON_SIZES.indexOf(b.cartonSize)
  );
}

async function ratesOf(queries: Queries, siteId: number, carrierId?: number) {
  const rows = await queries
    .select()
    .from(carrierRates)
    .where(
      and(
        eq(carrierRates.siteId, siteId),
        ...(carrierId === undefined ? [] : [eq(carrierRates.carrierId, carrierId)]),
      ),
    );
  return rows.map((row) => ({
    carrierId: row.carrierId,
    zone: row.zone,
    cartonSize: row.cartonSize as CarrierRate['cartonSize'],
    priceCents: row.priceCents,
  }));
}

async function carriersOf(queries: Queries, siteId: number, id?: number): Promise<AdminCarrier[]> {
  const rows = await queries
    .select()
    .from(carriers)
    .where(and(eq(carriers.siteId, siteId), ...(id === undefined ? [] : [eq(carriers.id, id)])))
    .orderBy(asc(carriers.position), asc(carriers.id));
  const rates = await ratesOf(queries, siteId, id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    serviceCode: row.serviceCode,
    deliveryType: row.deliveryType,
    description: row.description,
    isActive: row.isActive,
    rates: rates
      .filter((rate) => rate.carrierId === row.id)
      .map(({ zone, cartonSize, priceCents }) => ({ zone, cartonSize, priceCents }))
      .sort(byCell),
  }));
}

async function addressesOf(
  queries: Queries,
  siteId: number,
  id?: number,
): Promise<AdminPickupAddress[]> {
  const rows = await queries
    .select({
      id: companyAddresses.id,
      label: companyAddresses.label,
      addressLine1: companyAddresses.addressLine1,
      postalCode: companyAddresses.postalCode,
      city: companyAddresses.city,
      countryId: companyAddresses.countryId,
      slotMinutes: pickupCalendars.slotMinutes,
      slotCapacity: pickupCalendars.slotCapacity,
    })
    .from(companyAddresses)
    .leftJoin(
      pickupCalendars,
      and(
        eq(pickupCalendars.siteId, companyAddresses.siteId),
        eq(pickupCalendars.companyAddressId, companyAddresses.id),
      ),
    )
    .where(
      and(
        eq(companyAddresses.siteId, siteId),
        ...(id === undefined ? [] : [eq(companyAddresses.id, id)]),
      ),
    )
    .orderBy(asc(companyAddresses.position), asc(companyAddresses.id));
  const closures = await queries
    .select()
    .from(pickupClosures)
    .where(
      and(
        eq(pickupClosures.siteId, siteId),
        ...(id === undefined ? [] : [eq(pickupClosures.companyAddressId, id)]),
      ),
    )
    .orderBy(asc(pickupClosures.startsOn), asc(pickupClosures.id));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    address: `${row.addressLine1}, ${row.postalCode} ${row.city}`,
    fields: {
      label: row.label,
      addressLine1: row.addressLine1,
      postalCode: row.postalCode,
      city: row.city,
      countryId: row.countryId,
    },
    calendar:
      row.slotMinutes === null || row.slotCapacity === null
        ? null
        : { slotMinutes: row.slotMinutes, slotCapacity: row.slotCapacity },
    closures: closures
      .filter((closure) => closure.companyAddressId === row.id)
      .map(({ id: closureId, startsOn, endsOn, reason }) => ({
        id: closureId,
        startsOn,
        endsOn,
        reason,
      })),
  }));
}

/** Replaces a carrier's whole grid (an empty cell is a size or zone it does not serve). */
async function replaceRates(
  queries: Queries,
  siteId: number,
  carrierId: number,
  rates: CarrierRate[],
) {
  await queries
    .delete(carrierRates)
    .where(and(eq(carrierRates.siteId, siteId), eq(carrierRates.carrierId, carrierId)));
  if (rates.length > 0) {
    await queries
      .insert(carrierRates)
      .values(rates.map((rate) => ({ siteId, carrierId, ...rate })));
  }
}

/**
 * Two writes of the same label at once both pass the check above; the database's unique key
 * refuses the second, which is the same answer as the check's.
 */
async function labelTakenOnRace<T>(write: Promise<T>): Promise<T | 'label-taken'> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, 'company_addresses_site_label_key')) return 'label-taken';
    throw error;
  }
}

/** Whether another address of the site (any case) already has this label. */
async function labelTaken(queries: Queries, siteId: number, label: string, exceptId?: number) {
  const [taken] = await queries
    .select({ id: companyAddresses.id })
    .from(companyAddresses)
    .where(
      and(
        eq(companyAddresses.siteId, siteId),
        sql`lower(${companyAddresses.label}) = lower(${label})`,
        ...(exceptId === undefined ? [] : [ne(companyAddresses.id, exceptId)]),
      ),
    );
  return taken !== undefined;
}

async function countryExists(queries: Queries, countryId: number) {
  const [country] = await queries
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.id, countryId));
  return country !== undefined;
}

/** Why an address cannot be saved, or null when it can. */
async function addressProblem(
  queries: Queries,
  siteId: number,
  input: CompanyAddressInput,
  exceptId?: number,
): Promise<'label-taken' | 'unknown-country' | null> {
  if (!(await countryExists(queries, input.countryId))) return 'unknown-country';
  if (await labelTaken(queries, siteId, input.label, exceptId)) return 'label-taken';
  return null;
}

/** The back office's reads and writes of delivery settings; every query filters on the site. */
export function createAdminDeliveryRepository(db: Db) {
  return {
    carriers: (siteId: number) => carriersOf(db, siteId),
    addresses: (siteId: number) => addressesOf(db, siteId),
    countries: () =>
      db
        .select({ id: countries.id, name: countries.name })
        .from(countries)
        .orderBy(asc(countries.sortOrder)),
    async address(siteId: number, id: number) {
      return (await addressesOf(db, siteId, id))[0] ?? null;
    },

    /**
     * Replaces a carrier's fields and whole grid in one transaction with its journal entry: a
     * quote never sees half a grid. Null when the site has no such carrier.
     */
    async updateCarrier(
      siteId: number,
      id: number,
      input: CarrierInput,
      actor: AuditActor,
    ): Promise<AdminCarrier | null> {
      return db.transaction(async (tx) => {
        const where = and(eq(carriers.siteId, siteId), eq(carriers.id, id));
        const [locked] = await tx
          .select({ id: carriers.id })
          .from(carriers)
          .where(where)
          .for('update');
        if (!locked) return null;
        const [before] = await carriersOf(tx, siteId, id);
        await tx
          .update(carriers)
          .set({ name: input.name, description: input.description, isActive: input.isActive })
          .where(where);
        await replaceRates(tx, siteId, id, input.rates);
        const [after] = await carriersOf(tx, siteId, id);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'carrier',
          entityId: id,
          summary: `Transporteur « ${after!.name} » modifié`,
          before,
          after,
        });
        return after!;
      });
    },

    /**
     * Adds a carrier after the others, with its grid. It is the site's own service, tied to no
     * provider's integration: its service code is `MAISON-<id>`.
     */
    async createCarrier(
      siteId: number,
      input: NewCarrierInput,
      actor: AuditActor,
    ): Promise<AdminCarrier> {
      return db.transaction(async (tx) => {
        const [last] = await tx
          .select({ position: max(carriers.position) })
          .from(carriers)
          .where(eq(carriers.siteId, siteId));
        const [created] = await tx
          .insert(carriers)
          .values({
            siteId,
            name: input.name,
            description: input.description,
            isActive: input.isActive,
            deliveryType: input.deliveryType,
            // Unique until the id is known, then the stable code.
            serviceCode: `MAISON-${crypto.randomUUID()}`,
            position: (last?.position ?? -1) + 1,
          })
          .returning({ id: carriers.id });
        const id = created!.id;
        await tx
          .update(carriers)
          .set({ serviceCode: `MAISON-${id}` })
          .where(and(eq(carriers.siteId, siteId), eq(carriers.id, id)));
        await replaceRates(tx, siteId, id, input.rates);
        const [after] = await carriersOf(tx, siteId, id);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'create',
          entityType: 'carrier',
          entityId: id,
          summary: `Transporteur « ${after!.name} » ajouté`,
          before: null,
          after,
        });
        return after!;
      });
    },

    /**
     * Deletes a carrier and its grid. 'used' when an order was placed with it: orders keep a
     * copy of their carrier, but the owner may still want to find it, so it is switched off
     * instead. Null without the carrier.
     */
    async deleteCarrier(
      siteId: number,
      id: number,
      actor: AuditActor,
    ): Promise<'deleted' | 'used' | null> {
      return db.transaction(async (tx) => {
        const where = and(eq(carriers.siteId, siteId), eq(carriers.id, id));
        const [locked] = await tx
          .select({ id: carriers.id })
          .from(carriers)
          .where(where)
          .for('update');
        if (!locked) return null;
        const [used] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.siteId, siteId), sql`(${orders.carrier} ->> 'id')::int = ${id}`))
          .limit(1);
        if (used) return 'used';
        const [before] = await carriersOf(tx, siteId, id);
        await tx.delete(carriers).where(where);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'delete',
          entityType: 'carrier',
          entityId: id,
          summary: `Transporteur « ${before!.name} » supprimé`,
          before,
          after: null,
        });
        return 'deleted';
      });
    },

    /**
     * Sets the carriers' order: 'unknown' when an id is not one of the site's carriers,
     * 'mismatch' unless `ids` names each of them once.
     */
    async reorderCarriers(
      siteId: number,
      ids: number[],
      actor: AuditActor,
    ): Promise<'saved' | 'unknown' | 'mismatch'> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: carriers.id, name: carriers.name })
          .from(carriers)
          .where(eq(carriers.siteId, siteId))
          .orderBy(asc(carriers.position), asc(carriers.id))
          .for('update');
        const known = new Set(rows.map((row) => row.id));
        if (!ids.every((id) => known.has(id))) return 'unknown';
        if (ids.length !== known.size || new Set(ids).size !== ids.length) return 'mismatch';
        for (const [position, id] of ids.entries()) {
          await tx
            .update(carriers)
            .set({ position })
            .where(and(eq(carriers.siteId, siteId), eq(carriers.id, id)));
        }
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'update',
          entityType: 'carrier',
          entityId: ids[0]!,
          summary: 'Ordre des transporteurs modifié',
          before: rows.map((row) => row.id),
          after: ids,
        });
        return 'saved';
      });
    },

    /** Adds a company address that offers click-and-collect, after the others, with its calendar. */
    async createPickupAddress(
      siteId: number,
      input: NewPickupAddressInput,
      actor: AuditActor,
    ): Promise<{ id: number } | 'label-taken' | 'unknown-country'> {
      return labelTakenOnRace(
        db.transaction(async (tx) => {
          const { slotMinutes, slotCapacity, ...fields } = input;
          const problem = await addressProblem(tx, siteId, fields);
          if (problem) return problem;
          const [last] = await tx
            .select({ position: max(companyAddresses.position) })
            .from(companyAddresses)
            .where(eq(companyAddresses.siteId, siteId));
          const [created] = await tx
            .insert(companyAddresses)
            .values({
              siteId,
              ...fields,
              types: ['PICKUP_POINT'],
              position: (last?.position ?? -1) + 1,
            })
            .returning({ id: companyAddresses.id });
          const id = created!.id;
          await tx
            .insert(pickupCalendars)
            .values({ siteId, companyAddressId: id, slotMinutes, slotCapacity });
          await recordAudit(tx, {
            siteId,
            actor,
            action: 'create',
            entityType: 'pickup-calendar',
            entityId: id,
            summary: `Adresse de retrait « ${fields.label} » ajoutée`,
            before: null,
            after: input,
          });
          return { id };
        }),
      );
    },

    /** Changes an address's name and place; null without the address. */
    async updateAddress(
      siteId: number,
      id: number,
      input: CompanyAddressInput,
      actor: AuditActor,
    ): Promise<'updated' | 'label-taken' | 'unknown-country' | null> {
      return labelTakenOnRace(
        db.transaction(async (tx) => {
          const where = and(eq(companyAddresses.siteId, siteId), eq(companyAddresses.id, id));
          const [before] = await tx
            .select({
              label: companyAddresses.label,
              addressLine1: companyAddresses.addressLine1,
              postalCode: companyAddresses.postalCode,
              city: companyAddresses.city,
              countryId: companyAddresses.countryId,
            })
            .from(companyAddresses)
            .where(where)
            .for('update');
          if (!before) return null;
          const problem = await addressProblem(tx, siteId, input, id);
          if (problem) return problem;
          await tx.update(companyAddresses).set(input).where(where);
          await recordAudit(tx, {
            siteId,
            actor,
            action: 'update',
            entityType: 'pickup-calendar',
            entityId: id,
            summary: `Adresse « ${input.label} » modifiée`,
            before,
            after: input,
          });
          return 'updated';
        }),
      );
    },

    /**
     * Stops click-and-collect at an address: deletes its calendar with its closures and past
     * or lapsed holds. 'booked' while a customer holds or has ordered a slot from `today` on
     * (their order relies on it); 'not-offered' without a calendar; null without the address.
     */
    async stopPickup(
      siteId: number,
      id: number,
      today: string,
      now: Date,
      actor: AuditActor,
    ): Promise<'stopped' | 'booked' | 'not-offered' | null> {
      return db.transaction(async (tx) => {
        const [address] = await tx
          .select({ label: companyAddresses.label })
          .from(companyAddresses)
          .where(and(eq(companyAddresses.siteId, siteId), eq(companyAddresses.id, id)))
          .for('update');
        if (!address) return null;
        const calendarWhere = and(
          eq(pickupCalendars.siteId, siteId),
          eq(pickupCalendars.companyAddressId, id),
        );
        const [before] = await tx
          .select({
            slotMinutes: pickupCalendars.slotMinutes,
            slotCapacity: pickupCalendars.slotCapacity,
          })
          .from(pickupCalendars)
          .where(calendarWhere)
          .for('update');
        if (!before) return 'not-offered';
        const [booking] = await tx
          .select({ id: pickupSlotBookings.id })
          .from(pickupSlotBookings)
          .where(
            and(
              eq(pickupSlotBookings.siteId, siteId),
              eq(pickupSlotBookings.companyAddressId, id),
              gte(pickupSlotBookings.slotDate, today),
              or(isNull(pickupSlotBookings.expiresAt), gt(pickupSlotBookings.expiresAt, now)),
            ),
          )
          .limit(1);
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              eq(orders.siteId, siteId),
              eq(orders.slotCompanyAddressId, id),
              gte(orders.slotDate, today),
              sql`${orders.status} NOT IN ('CANCELLED', 'REFUNDED', 'PICKED_UP')`,
            ),
          )
          .limit(1);
        if (booking || order) return 'booked';
        await tx.delete(pickupCalendars).where(calendarWhere);
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'delete',
          entityType: 'pickup-calendar',
          entityId: id,
          summary: `Retrait en boutique arrêté à « ${address.label} »`,
          before,
          after: null,
        });
        return 'stopped';
      });
    },

    /** Offers click-and-collect at the address, or changes its slots; false without the address. */
    async saveCalendar(
      siteId: number,
      addressId: number,
      input: PickupCalendarInput,
      actor: AuditActor,
    ): Promise<{ created: boolean } | null> {
      return db.transaction(async (tx) => {
        const [address] = await tx
          .select({ label: companyAddresses.label })
          .from(companyAddresses)
          .where(and(eq(companyAddresses.siteId, siteId), eq(companyAddresses.id, addressId)))
          .for('update');
        if (!address) return null;
        const [before] = await tx
          .select({
            slotMinutes: pickupCalendars.slotMinutes,
            slotCapacity: pickupCalendars.slotCapacity,
          })
          .from(pickupCalendars)
          .where(
            and(
              eq(pickupCalendars.siteId, siteId),
              eq(pickupCalendars.companyAddressId, addressId),
            ),
          )
          .for('update');
        await tx
          .insert(pickupCalendars)
          .values({ siteId, companyAddressId: addressId, ...input })
          .onConflictDoUpdate({
            target: [pickupCalendars.siteId, pickupCalendars.companyAddressId],
            set: input,
          });
        await recordAudit(tx, {
          siteId,
          actor,
          action: before ? 'update' : 'create',
          entityType: 'pickup-calendar',
          entityId: addressId,
          summary: before
            ? `Créneaux du retrait à « ${address.label} » modifiés`
            : `Retrait en boutique proposé à « ${address.label} »`,
          before: before ?? null,
          after: input,
        });
        return { created: !before };
      });
    },

    /** Adds a closure; 'no-calendar' when the address offers no click-and-collect. */
    async addClosure(
      siteId: number,
      addressId: number,
      input: PickupClosureInput,
      actor: AuditActor,
    ): Promise<'added' | 'no-calendar'> {
      return db.transaction(async (tx) => {
        const [calendar] = await tx
          .select({ id: pickupCalendars.companyAddressId })
          .from(pickupCalendars)
          .where(
            and(
              eq(pickupCalendars.siteId, siteId),
              eq(pickupCalendars.companyAddressId, addressId),
            ),
          );
        if (!calendar) return 'no-calendar';
        const [created] = await tx
          .insert(pickupClosures)
          .values({ siteId, companyAddressId: addressId, ...input })
          .returning();
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'create',
          entityType: 'pickup-calendar',
          entityId: addressId,
          summary: `Fermeture du ${created!.startsOn} au ${created!.endsOn} ajoutée`,
          before: null,
          after: { closureId: created!.id, ...input },
        });
        return 'added';
      });
    },

    /** Removes a closure of this address; false when there is none. */
    async deleteClosure(
      siteId: number,
      addressId: number,
      id: number,
      actor: AuditActor,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(pickupClosures)
          .where(
            and(
              eq(pickupClosures.siteId, siteId),
              eq(pickupClosures.companyAddressId, addressId),
              eq(pickupClosures.id, id),
            ),
          )
          .returning();
        if (!deleted) return false;
        await recordAudit(tx, {
          siteId,
          actor,
          action: 'delete',
          entityType: 'pickup-calendar',
          entityId: addressId,
          summary: `Fermeture du ${deleted.startsOn} au ${deleted.endsOn} retirée`,
          before: {
            closureId: deleted.id,
            startsOn: deleted.startsOn,
            endsOn: deleted.endsOn,
            reason: deleted.reason,
          },
          after: null,
        });
        return true;
      });
    },
  };
}

export type AdminDeliveryRepository = ReturnType<typeof createAdminDeliveryRepository>;
