import { and, arrayContains, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AddressType } from '@comptoir/contract/contact';
import type { Db } from '../../db/client';
import { companyAddresses, contactMessages, countries, pickupCalendars } from '../../db/schema';

export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt'>;

export function createContactRepository(db: Db) {
  return {
    async insertMessage(message: NewContactMessage): Promise<number> {
      const [created] = await db
        .insert(contactMessages)
        .values(message)
        .returning({ id: contactMessages.id });
      return created!.id;
    },

    async listAddresses(
      siteId: number,
      filters: { type?: AddressType; isClickAndCollect?: boolean } = {},
    ) {
      const rows = await db
        .select({
          id: companyAddresses.id,
          label: companyAddresses.label,
          addressLine1: companyAddresses.addressLine1,
          addressLine2: companyAddresses.addressLine2,
          postalCode: companyAddresses.postalCode,
          city: companyAddresses.city,
          countryId: companyAddresses.countryId,
          countryName: countries.name,
          types: companyAddresses.types,
          isClickAndCollect: sql<boolean>`${pickupCalendars.companyAddressId} IS NOT NULL`,
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
        .where(
          and(
            eq(companyAddresses.siteId, siteId),
            filters.type === undefined
              ? undefined
              : arrayContains(companyAddresses.types, [filters.type]),
            filters.isClickAndCollect === true
              ? isNotNull(pickupCalendars.companyAddressId)
              : undefined,
            filters.isClickAndCollect === false
              ? sql`${pickupCalendars.companyAddressId} IS NULL`
              : undefined,
          ),
        )
        .orderBy(asc(companyAddresses.position), asc(companyAddresses.id));
      return rows.map((row) => ({ ...row, types: row.types as AddressType[] }));
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
