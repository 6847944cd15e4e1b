import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageBlockSchema, type PageBlock } from '@comptoir/contract/page-blocks';
import type { Database } from '../client';
import { albums, blogFolders, elementLists, forms, pages, services } from '../schema';
import { createTestDatabase } from '../../test/test-app';
import { resolveSeedBlocks, samplePageContent, type SiteReferences } from './page-content';
import { sampleSites, seedDatabase } from './seed';
import type { PageSeed } from './types';

const references: SiteReferences = {
  albumIds: new Map([['transformations', 7]]),
  formIds: new Map([['Demande de rendez-vous conseil en image', 3]]),
  blogFolderIds: new Map([['conseils-coiffure', 12]]),
  serviceTags: new Set(['coiffure']),
  elementListRoutes: new Set(['ateliers']),
};

describe('resolving the sample blocks', () => {
  it('replaces natural keys by the ids the other seeds wrote', () => {
    expect(
      resolveSeedBlocks(
        [
          { type: 'gallery', title: 'Avant, après', albumSlug: 'transformations' },
          { type: 'form', formTitle: 'Demande de rendez-vous conseil en image' },
          { type: 'blogFeed', folderSlug: 'conseils-coiffure', nbItem: 3 },
          { type: 'blogFeed', folderSlug: null },
          { type: 'services', tags: ['coiffure'] },
          { type: 'elementList', route: 'ateliers' },
        ],
        references,
      ),
    ).toEqual([
      { type: 'gallery', title: 'Avant, après', albumId: 7 },
      { type: 'form', formId: 3 },
      { type: 'blogFeed', folderId: 12, nbItem: 3 },
      { type: 'blogFeed', folderId: null, nbItem: 12 },
      { type: 'services', tags: ['coiffure'] },
      { type: 'elementList', route: 'ateliers', nbItem: 24 },
    ]);
  });

  it('leaves out a block whose target was not seeded rather than store a dangling id', () => {
    expect(
      resolveSeedBlocks(
        [
          { type: 'richText', html: '<p>Bonjour</p>' },
          { type: 'gallery', albumSlug: 'le-salon' },
          { type: 'form', formTitle: 'Inscription à la formation conseil en image' },
          { type: 'blogFeed', folderSlug: 'soins-du-cheveu' },
          { type: 'services', tags: ['formation'] },
          { type: 'elementList', route: 'evenements' },
          { type: 'newsletter' },
        ],
        references,
      ).map((block) => block.type),
    ).toEqual(['richText', 'newsletter']);
  });

  it('refuses a sample block that does not match the contract', () => {
    expect(() =>
      resolveSeedBlocks(
        [{ type: 'callToAction', title: 'Go', label: 'Go', href: 'javascript:alert(1)' }],
        references,
      ),
    ).toThrow();
  });

  it('names only pages the site seeds create, every content page of the salon among them', () => {
    const urls = (seeds: readonly PageSeed[]): string[] =>
      seeds.flatMap((page) => [page.url, ...urls(page.children ?? [])]);
    for (const seed of sampleSites) {
      const content = samplePageContent[seed.site.id] ?? {};
      expect(urls(seed.pages), `site ${seed.site.id}`).toEqual(
        expect.arrayContaining(Object.keys(content)),
      );
    }
    expect(Object.keys(samplePageContent[91]!).sort()).toEqual([
      '/',
      '/blog-beaute-conseils',
      '/conseil-en-image',
      '/conseil-en-image/formation-conseil-en-image',
      '/conseil-en-image/notre-approche',
      '/conseil-en-image/pour-les-particuliers',
      '/offrir-un-bon-cadeau',
      '/qui-sommes-nous',
      '/salon-coiffure-saint-malo-du-bois',
    ]);
    // Every CMS page of the wine domaine's menu, and its news page's introduction.
    expect(Object.keys(samplePageContent[92]!).sort()).toEqual([
      '/',
      '/actualites',
      '/le-domaine',
      '/visites-et-degustations',
    ]);
  });
});

describe('the page-content seed', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => {
    await drop?.();
  });

  async function blocksOf(siteId: number, url: string): Promise<PageBlock[]> {
    const [row] = await database.db
      .select({ blocks: pages.blocks })
      .from(pages)
      .where(and(eq(pages.siteId, siteId), eq(pages.url, url)));
    return pageBlockSchema.array().parse(row?.blocks);
  }

  it('fills every sample page with blocks that match the contract', async () => {
    for (const [siteId, content] of Object.entries(samplePageContent)) {
      for (const url of Object.keys(content)) {
        expect((await blocksOf(Number(siteId), url)).length, `${siteId} ${url}`).toBeGreaterThan(0);
      }
    }
  });

  it("points only at the site's own albums, forms, blog folders, services and lists", async () => {
    const db = database.db;
    const own = async (siteId: number) => ({
      albums: new Set(
        (await db.select({ id: albums.id }).from(albums).where(eq(albums.siteId, siteId))).map(
          (row) => row.id,
        ),
      ),
      forms: new Set(
        (await db.select({ id: forms.id }).from(forms).where(eq(forms.siteId, siteId))).map(
          (row) => row.id,
        ),
      ),
      folders: new Set(
        (
          await db
            .select({ id: blogFolders.id })
            .from(blogFolders)
            .where(eq(blogFolders.siteId, siteId))
        ).map((row) => row.id),
      ),
      tags: new Set(
        (
          await db.select({ tags: services.tags }).from(services).where(eq(services.siteId, siteId))
        ).flatMap((row) => row.tags),
      ),
      routes: new Set(
        (
          await db
            .select({ route: elementLists.route })
            .from(elementLists)
            .where(eq(elementLists.siteId, siteId))
        ).map((row) => row.route),
      ),
    });
    for (const [siteKey, content] of Object.entries(samplePageContent)) {
      const siteId = Number(siteKey);
      const rows = await own(siteId);
      for (const url of Object.keys(content)) {
        for (const block of await blocksOf(siteId, url)) {
          const where = `${siteId} ${url} ${block.type}`;
          if (block.type === 'gallery') expect(rows.albums.has(block.albumId), where).toBe(true);
          if (block.type === 'form') expect(rows.forms.has(block.formId), where).toBe(true);
          if (block.type === 'blogFeed' && block.folderId !== null) {
            expect(rows.folders.has(block.folderId), where).toBe(true);
          }
          if (block.type === 'services') {
            expect(
              block.tags.some((tag) => rows.tags.has(tag)),
              where,
            ).toBe(true);
          }
          if (block.type === 'elementList') expect(rows.routes.has(block.route), where).toBe(true);
        }
      }
    }
  });

  it("keeps an administrator's page content when the seed runs again", async () => {
    const edited = [{ type: 'richText', html: '<p>Fermeture exceptionnelle le 14 juillet.</p>' }];
    await database.db
      .update(pages)
      .set({ blocks: edited })
      .where(and(eq(pages.siteId, 91), eq(pages.url, '/')));
    await seedDatabase(database.db);
    expect(await blocksOf(91, '/')).toEqual(edited);
  });
});
