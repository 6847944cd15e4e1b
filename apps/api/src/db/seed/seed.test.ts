import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteParameterCatalogue } from '@comptoir/domain/site-parameters';
import type { Database } from '../client';
import {
  countries,
  declinations,
  forms,
  languages,
  logos,
  mealIcons,
  products,
  pages,
  siteParameters,
  sites,
  variations,
  variationValues,
} from '../schema';
import { createTestDatabase } from '../../test/test-app';
import { hasMissingSampleSites, seedDatabase } from './seed';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

async function snapshot() {
  const db = database.db;
  return {
    sites: await db.select().from(sites).orderBy(asc(sites.id)),
    countries: await db.select().from(countries).orderBy(asc(countries.id)),
    languages: await db.select().from(languages).orderBy(asc(languages.id)),
    parameters: await db.select().from(siteParameters).orderBy(asc(siteParameters.id)),
    logos: await db.select().from(logos).orderBy(asc(logos.id)),
    pages: await db.select().from(pages).orderBy(asc(pages.id)),
    variations: await db.select().from(variations).orderBy(asc(variations.id)),
    variationValues: await db.select().from(variationValues).orderBy(asc(variationValues.id)),
  };
}

describe('seedDatabase', () => {
  it('changes nothing when it runs again', async () => {
    const before = await snapshot();
    expect(await seedDatabase(database.db)).toEqual({ inserted: false });
    expect(await seedDatabase(database.db)).toEqual({ inserted: false });
    expect(await snapshot()).toEqual(before);
    expect(await hasMissingSampleSites(database.db)).toBe(false);
  });

  it('stores every catalogue key for both sample sites', async () => {
    for (const siteId of [91, 92]) {
      const rows = await database.db
        .select({ type: siteParameters.type })
        .from(siteParameters)
        .where(eq(siteParameters.siteId, siteId));
      expect(rows.map((row) => row.type).sort()).toEqual(
        siteParameterCatalogue.map((definition) => definition.type).sort(),
      );
    }
  });

  it("never overwrites an administrator's edits", async () => {
    const edited = and(eq(siteParameters.siteId, 91), eq(siteParameters.type, 'PRIMARY_COLOR'));
    await database.db.update(siteParameters).set({ value: '#123456' }).where(edited);
    await database.db
      .update(pages)
      .set({ title: 'Bienvenue' })
      .where(and(eq(pages.siteId, 91), eq(pages.url, '/')));
    await seedDatabase(database.db);
    const [parameter] = await database.db.select().from(siteParameters).where(edited);
    expect(parameter?.value).toBe('#123456');
    const [home] = await database.db
      .select()
      .from(pages)
      .where(and(eq(pages.siteId, 91), eq(pages.url, '/')));
    expect(home?.title).toBe('Bienvenue');
  });

  it('does not bring back a page an administrator deleted', async () => {
    const page = and(eq(pages.siteId, 91), eq(pages.url, '/blog'));
    await database.db.delete(pages).where(page);
    expect(await seedDatabase(database.db)).toEqual({ inserted: false });
    expect(await database.db.select().from(pages).where(page)).toEqual([]);
  });

  it('adds a catalogue key that is missing from an existing site', async () => {
    const key = and(eq(siteParameters.siteId, 92), eq(siteParameters.type, 'SHOW_SEARCHBAR'));
    await database.db.delete(siteParameters).where(key);
    expect(await seedDatabase(database.db)).toEqual({ inserted: true });
    const [restored] = await database.db.select().from(siteParameters).where(key);
    expect(restored).toMatchObject({ kind: 'BOOLEAN', value: 'false' });
  });

  it("does not bring back a product an administrator deleted from site 92's shop", async () => {
    const product = and(eq(products.siteId, 92), eq(products.slug, 'grolleau-noir'));
    await database.db.delete(products).where(product);
    expect(await seedDatabase(database.db)).toEqual({ inserted: false });
    expect(await database.db.select().from(products).where(product)).toEqual([]);
  });

  it('writes the shop into an existing site whose shop is empty, once', async () => {
    await database.db.delete(products).where(eq(products.siteId, 92));
    await database.db.delete(mealIcons).where(eq(mealIcons.siteId, 92));
    expect(await seedDatabase(database.db)).toEqual({ inserted: true });
    const shop = await database.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.siteId, 92));
    expect(shop.map((row) => row.slug)).toContain('grolleau-noir');
    expect(
      await database.db.select().from(declinations).where(eq(declinations.siteId, 92)),
    ).not.toEqual([]);
    // The label form of the customized cuvée is reused, not duplicated.
    const labelForms = await database.db
      .select()
      .from(forms)
      .where(and(eq(forms.siteId, 92), eq(forms.title, 'Votre étiquette personnalisée')));
    expect(labelForms).toHaveLength(1);
    expect(await seedDatabase(database.db)).toEqual({ inserted: false });
    expect(await database.db.select().from(products).where(eq(products.siteId, 91))).toEqual([]);
  });

  it('seeds the languages with their country', async () => {
    const rows = await database.db
      .select({ code: languages.code, deeplCode: languages.deeplCode, country: countries.alphaTwo })
      .from(languages)
      .innerJoin(countries, eq(countries.id, languages.countryId))
      .orderBy(asc(languages.code));
    expect(rows).toEqual([
      { code: 'en_GB', deeplCode: 'EN-GB', country: 'GB' },
      { code: 'fr_FR', deeplCode: 'FR', country: 'FR' },
    ]);
  });

  it('refuses, in the database itself, a page whose parent belongs to another site', async () => {
    const salonParent = await database.db
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.siteId, 91), eq(pages.url, '/conseil-en-image')));
    await expect(
      database.db
        .insert(pages)
        .values({ siteId: 92, url: '/intrus', title: 'Intrus', idParent: salonParent[0]!.id }),
    ).rejects.toThrow();
  });
});
