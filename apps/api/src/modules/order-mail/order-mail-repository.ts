import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyAddresses, countries, pickupCalendars } from '../../db/schema';

export function createOrderMailRepository(db: Db) {
  return {
    /** A click-and-collect place: its address and the length of its slots (null if it is gone). */
    async pickupPlace(siteId: number, companyAddressId: number) {
      const [place] = await db
        .select({
          label: companyAddresses.label,
          addressLine1: companyAddresses.addressLine1,
          addressLine2: companyAddresses.addressLine2,
          postalCode: companyAddresses.postalCode,
          city: companyAddresses.city,
          countryName: countries.name,
          slotMinutes: pickupCalendars.slotMinutes,
        })
        .from(companyAddresses)
        .leftJoin(countries, eq(countries.id, companyAddresses.countryId))
        .leftJoin(
          pickupCalendars,
          and(
            eq(pickupCalendars.siteId, companyAddresses.siteId),
            eq(pickupCalendars.companyAddressId, companyAddresses.id),
          ),
        )
        .where(and(eq(companyAddresses.siteId, siteId), eq(companyAddresses.id, companyAddressId)));
      return place ?? null;
    },
  };
}

export type OrderMailRepository = ReturnType<typeof createOrderMailRepository>;
