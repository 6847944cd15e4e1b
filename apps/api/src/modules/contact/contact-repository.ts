import { and, arrayContains, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { AddressType } from '@comptoir/contract/contact';
import type { Db } from '../../db/client';
import { companyAddresses, contactMessages, countries, pickupCalendars } from '../../db/schema';
import type { MailTransaction } from '../mail';

export type NewContactMessage = Omit<typeof contactMessages.$inferInsert, 'id' | 'createdAt'>;

export function createContactRepository(db: Db) {
  return {
    /** Stores a message and, in the same transaction, queues the mail telling of it. */
    async insertMessage(
      message: NewContactMessage,
      alsoInTransaction?: (tx: MailTransaction) => Promise<void>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(contactMessages)
          .values(message)
          .returning({ id: contactMessages.id });
        await alsoInTransaction?.(tx);
        return created!.id;
      });
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
