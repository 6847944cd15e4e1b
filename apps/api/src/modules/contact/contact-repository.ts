import { asc, eq } from 'drizzle-orm';
import type { AddressType } from '@comptoir/contract/contact';
import type { Db } from '../../db/client';
import { companyAddresses, contactMessages, countries } from '../../db/schema';

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

    async listAddresses(siteId: number) {
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
        })
        .from(companyAddresses)
        .leftJoin(countries, eq(countries.id, companyAddresses.countryId))
        .where(eq(companyAddresses.siteId, siteId))
        .orderBy(asc(companyAddresses.position), asc(companyAddresses.id));
      return rows.map((row) => ({ ...row, types: row.types as AddressType[] }));
    },
  };
}

export type ContactRepository = ReturnType<typeof createContactRepository>;
