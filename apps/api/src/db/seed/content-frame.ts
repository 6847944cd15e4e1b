import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { elementLists, elements, externalAppConfigs, pages, popups } from '../schema';
import type { SiteSeed } from './types';

/**
 * The content around every page of a newly created sample site: element lists (promotional
 * banner, footer logos and links), popups and the pages that open them, and connected services.
 * Like the rest of a site's sample content, it is written only when the site itself is created.
 */
export async function insertContentFrame(db: Db, seeds: readonly SiteSeed[]): Promise<number> {
  let inserted = 0;
  for (const seed of seeds) {
    const siteId = seed.site.id;
    inserted += await insertElementLists(db, siteId, seed);
    inserted += await insertPopups(db, siteId, seed);
    const apps = (seed.externalApps ?? []).map((app) => ({ ...app, siteId }));
    if (apps.length > 0) {
      inserted += (
        await db
          .insert(externalAppConfigs)
          .values(apps)
          .onConflictDoNothing({ target: [externalAppConfigs.siteId, externalAppConfigs.app] })
          .returning({ id: externalAppConfigs.id })
      ).length;
    }
  }
  return inserted;
}

async function insertElementLists(db: Db, siteId: number, seed: SiteSeed): Promise<number> {
  let inserted = 0;
  for (const list of seed.elementLists ?? []) {
    const [created] = await db
      .insert(elementLists)
      .values({ siteId, route: list.route, name: list.name })
      .onConflictDoNothing({ target: [elementLists.siteId, elementLists.route] })
      .returning({ id: elementLists.id });
    // An existing list keeps the elements an administrator gave it.
    if (!created || list.elements.length === 0) continue;
    inserted += 1;
    inserted += (
      await db
        .insert(elements)
        .values(
          list.elements.map((element, index) => ({
            siteId,
            listId: created.id,
            title: element.title,
            html: element.html ?? null,
            backgroundColor: element.backgroundColor ?? null,
            imageUrl: element.imageUrl ?? null,
            linkUrl: element.linkUrl ?? null,
            registrationCapacity: element.registrationCapacity ?? null,
            position: index + 1,
          })),
        )
        .returning({ id: elements.id })
    ).length;
  }
  return inserted;
}

async function insertPopups(db: Db, siteId: number, seed: SiteSeed): Promise<number> {
  let inserted = 0;
  for (const popup of seed.popups ?? []) {
    const [created] = await db
      .insert(popups)
      .values({
        siteId,
        title: popup.title,
        html: popup.html,
        showOnEveryReload: popup.showOnEveryReload ?? false,
        rememberClosedDays: popup.rememberClosedDays ?? 7,
      })
      .returning({ id: popups.id });
    if (!created) continue;
    inserted += 1;
    if (popup.pageUrls.length > 0) {
      await db
        .update(pages)
        .set({ idPopup: created.id })
        .where(and(eq(pages.siteId, siteId), inArray(pages.url, popup.pageUrls)));
    }
  }
  return inserted;
}
