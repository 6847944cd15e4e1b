import { and, asc, eq } from 'drizzle-orm';
import type {
  AdminCarrier,
  AdminPickupAddress,
  CarrierInput,
  CarrierRate,
  PickupCalendarInput,
  PickupClosureInput,
} from '@comptoir/contract/admin-delivery';
import { CARTON_SIZES, SHIPPING_ZONES } from '@comptoir/domain/parcels';
import type { Db } from '../../db/client';
import {
  carrierRates,
  carriers,
  companyAddresses,
  pickupCalendars,
  pickupClosures,
} from '../../db/schema';
import type { AuditActor } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit-repository';

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

/** The back office's reads and writes of delivery settings; every query filters on the site. */
export function createAdminDeliveryRepository(db: Db) {
  return {
    carriers: (siteId: number) => carriersOf(db, siteId),
    addresses: (siteId: number) => addressesOf(db, siteId),
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
        await tx
          .delete(carrierRates)
          .where(and(eq(carrierRates.siteId, siteId), eq(carrierRates.carrierId, id)));
        if (input.rates.length > 0) {
          await tx
            .insert(carrierRates)
            .values(input.rates.map((rate) => ({ siteId, carrierId: id, ...rate })));
        }
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
