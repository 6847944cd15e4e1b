import type { Db } from '../client';
import { companyAddresses } from '../schema';
import type { SiteSeed } from './types';

/** France's id in the countries table (its ISO 3166-1 numeric code). */
const FRANCE = 250;

/** Each sample site's head office, as HEAD_OFFICE states it in the site's parameters. */
const addressesBySite: Record<number, (typeof companyAddresses.$inferInsert)[]> = {
  91: [
    {
      siteId: 91,
      label: 'L’Atelier de Clémence',
      addressLine1: '12 rue du Bocage',
      postalCode: '85590',
      city: 'Saint-Malo-du-Bois',
      countryId: FRANCE,
      types: ['HEAD_OFFICE', 'SHOP'],
      position: 1,
    },
  ],
  92: [
    {
      siteId: 92,
      label: 'Domaine des Trois Coteaux',
      addressLine1: '4 chemin des Coteaux',
      postalCode: '49380',
      city: 'Bellevigne-en-Layon',
      countryId: FRANCE,
      types: ['HEAD_OFFICE', 'SHOP'],
      position: 1,
    },
  ],
};

/** The company addresses of newly created sample sites. */
export async function insertCompanyAddresses(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  const rows = seeds.flatMap((seed) => addressesBySite[seed.site.id] ?? []);
  if (rows.length === 0) return 0;
  return (
    await db
      .insert(companyAddresses)
      .values(rows)
      .onConflictDoNothing({ target: [companyAddresses.siteId, companyAddresses.label] })
      .returning({ id: companyAddresses.id })
  ).length;
}
