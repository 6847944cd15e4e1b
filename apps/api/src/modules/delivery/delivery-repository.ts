import { and, asc, eq } from 'drizzle-orm';
import type { CarrierGrid, CartonSize } from '@comptoir/domain/delivery';
import type { Db } from '../../db/client';
import { carrierRates, carriers } from '../../db/schema';

export interface CarrierWithGrid {
  id: number;
  name: string;
  serviceCode: string;
  deliveryType: 'DELIVERY' | 'PICKUP';
  siteType: string | null;
  description: string | null;
  grid: CarrierGrid;
}

export function createDeliveryRepository(db: Db) {
  return {
    /** The site's active carriers in their order, each with its price grid. */
    async activeCarriers(siteId: number): Promise<CarrierWithGrid[]> {
      const rows = await db
        .select({
          id: carriers.id,
          name: carriers.name,
          serviceCode: carriers.serviceCode,
          deliveryType: carriers.deliveryType,
          siteType: carriers.siteType,
          description: carriers.description,
          zone: carrierRates.zone,
          cartonSize: carrierRates.cartonSize,
          priceCents: carrierRates.priceCents,
        })
        .from(carriers)
        .leftJoin(
          carrierRates,
          and(eq(carrierRates.siteId, carriers.siteId), eq(carrierRates.carrierId, carriers.id)),
        )
        .where(and(eq(carriers.siteId, siteId), eq(carriers.isActive, true)))
        .orderBy(asc(carriers.position), asc(carriers.id));
      const byId = new Map<number, CarrierWithGrid>();
      for (const row of rows) {
        let carrier = byId.get(row.id);
        if (!carrier) {
          carrier = {
            id: row.id,
            name: row.name,
            serviceCode: row.serviceCode,
            deliveryType: row.deliveryType,
            siteType: row.siteType,
            description: row.description,
            grid: {},
          };
          byId.set(row.id, carrier);
        }
        if (row.zone !== null && row.cartonSize !== null && row.priceCents !== null) {
          (carrier.grid[row.zone] ??= {})[row.cartonSize as CartonSize] = row.priceCents;
        }
      }
      return [...byId.values()];
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
