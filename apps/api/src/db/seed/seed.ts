import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { countries, languages, logos, siteParameters, sites } from '../schema';
import { insertBlogAndNews } from './blog-news';
import { insertAlbums } from './albums';
import { insertBookings } from './bookings';
import { insertCatalogues } from './catalogue';
import { insertCompanyAddresses } from './company-addresses';
import { insertDelivery } from './delivery';
import { insertDiscountCodes } from './discounts-92';
import { insertContentFrame } from './content-frame';
import { insertForms } from './forms';
import { insertPageContent } from './page-content';
import { insertServicesAndReviews } from './services-reviews';
import { hashPassword } from '../../modules/user';
import { insertPages, insertVariations, parameterRows } from '../../modules/platform';
import { seedAccounts } from './accounts';
import { buildCountrySeeds } from './countries';
import { languageSeeds } from './languages';
import { site91 } from './site-91';
import { site92 } from './site-92';
import type { SiteSeed } from './types';

export const sampleSites: readonly SiteSeed[] = [site91, site92];
export const SAMPLE_SITE_IDS = sampleSites.map((seed) => seed.site.id);

/**
 * Idempotent seed: every insert is ON CONFLICT DO NOTHING on a natural key, so running it again
 * changes nothing and never overwrites an administrator's edits.
 * - Countries, languages and every catalogue parameter of each sample site are topped up on each
 *   run, so a parameter key added to the catalogue reaches existing databases.
 * - A sample site's content (logos, pages, variations, element lists, popups, connected services)
 *   is written only when the site itself is created, so that a page an administrator deleted does
 *   not come back at the next start.
 */
export async function seedDatabase(
  db: Db,
  options: { demoAdminPassword?: string } = {},
): Promise<{ inserted: boolean }> {
  // Hashing takes a while: done before the transaction, which PGlite runs on its one connection.
  const demoAdminPasswordHash = options.demoAdminPassword
    ? await hashPassword(options.demoAdminPassword)
    : null;
  return db.transaction(async (tx) => {
    let insertedRows = 0;

    insertedRows += (
      await tx
        .insert(countries)
        .values(buildCountrySeeds())
        .onConflictDoNothing()
        .returning({ id: countries.id })
    ).length;

    insertedRows += (
      await tx
        .insert(languages)
        .values([...languageSeeds])
        .onConflictDoNothing({ target: languages.code })
        .returning({ id: languages.id })
    ).length;

    const createdSiteIds = (
      await tx
        .insert(sites)
        .values(sampleSites.map((seed) => seed.site))
        .onConflictDoNothing({ target: sites.id })
        .returning({ id: sites.id })
    ).map((row) => row.id);
    insertedRows += createdSiteIds.length;

    insertedRows += (
      await tx
        .insert(siteParameters)
        .values(sampleSites.flatMap(parameterRows))
        .onConflictDoNothing({ target: [siteParameters.siteId, siteParameters.type] })
        .returning({ id: siteParameters.id })
    ).length;

    const createdSites = sampleSites.filter((seed) => createdSiteIds.includes(seed.site.id));
    if (createdSites.length > 0) {
      insertedRows += await insertLogos(tx, createdSites);
      insertedRows += await insertPages(tx, createdSites);
      insertedRows += await insertVariations(tx, createdSites);
      insertedRows += await insertContentFrame(tx, createdSites);
      insertedRows += await insertForms(tx, createdSites);
      insertedRows += await insertAlbums(tx, createdSites);
      insertedRows += await insertCompanyAddresses(tx, createdSites);
      insertedRows += await insertBlogAndNews(tx, createdSites);
      insertedRows += await insertServicesAndReviews(tx, createdSites);
      // Last: page blocks point at the albums, forms, folders and services written above.
      insertedRows += await insertPageContent(tx, createdSites);
    }

    // After the variations and forms, which declinations and customizations point at. Unlike the
    // content above, a shop is also written into an existing site whose shop is still empty.
    insertedRows += await insertCatalogues(tx, sampleSites);
    // After the company addresses, which click-and-collect calendars belong to.
    insertedRows += await insertDelivery(tx, sampleSites);
    insertedRows += await insertDiscountCodes(tx, sampleSites);
    // After the services, whose pages the bookable services point at; like a shop, written
    // into an existing sample site that has no booking resource yet.
    insertedRows += await insertBookings(tx, sampleSites);

    insertedRows += await seedAccounts(tx, SAMPLE_SITE_IDS, demoAdminPasswordHash);

    return { inserted: insertedRows > 0 };
  });
}

/** Whether some sample site is missing, that is whether the seed has sample content to write. */
export async function hasMissingSampleSites(db: Db): Promise<boolean> {
  const present = await db
    .select({ id: sites.id })
    .from(sites)
    .where(inArray(sites.id, SAMPLE_SITE_IDS));
  return present.length < SAMPLE_SITE_IDS.length;
}

async function insertLogos(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  const rows = seeds.flatMap((seed) =>
    seed.logos.map((logo) => ({ ...logo, siteId: seed.site.id })),
  );
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(logos)
    .values(rows)
    .onConflictDoNothing({ target: [logos.siteId, logos.type] })
    .returning({ id: logos.id });
  return inserted.length;
}
