import { and, inArray } from 'drizzle-orm';
import { serializeParameterValue, siteParameterCatalogue } from '@comptoir/domain/site-parameters';
import type { Db } from '../../../db/client';
import { elementLists, pages, variations, variationValues } from '../../../db/schema';
import type { ElementListTemplate, PageTemplate, SiteFrame } from './types';

/*
 * Writes a site's frame (its parameters, page tree and variations): for a site created from a
 * template, and for the seed's sample sites. Every insert is ON CONFLICT DO NOTHING on a natural
 * key, so that writing a frame again adds only what is missing.
 */

/** Every catalogue parameter of the site: its own value, or the catalogue default. */
export function parameterRows(frame: SiteFrame) {
  return siteParameterCatalogue.map((definition) => {
    const value = Object.hasOwn(frame.parameters, definition.type)
      ? frame.parameters[definition.type]!
      : definition.defaultValue;
    return {
      siteId: frame.site.id,
      type: definition.type,
      kind: definition.kind,
      label: definition.label,
      value: serializeParameterValue(definition.kind, value),
    };
  });
}

/** Inserts the page trees level by level: a child needs its parent's generated id. */
export async function insertPages(db: Db, frames: readonly SiteFrame[]): Promise<number> {
  const siteIds = frames.map((frame) => frame.site.id);
  let level = frames.flatMap((frame) =>
    frame.pages.map((page) => ({ siteId: frame.site.id, parentUrl: null as string | null, page })),
  );
  let insertedCount = 0;
  while (level.length > 0) {
    const parentIds = new Map<string, number>();
    const parentUrls = level.flatMap((entry) => (entry.parentUrl ? [entry.parentUrl] : []));
    if (parentUrls.length > 0) {
      const parents = await db
        .select({ id: pages.id, siteId: pages.siteId, url: pages.url })
        .from(pages)
        .where(and(inArray(pages.siteId, siteIds), inArray(pages.url, parentUrls)));
      for (const parent of parents) parentIds.set(`${parent.siteId} ${parent.url}`, parent.id);
    }
    const rows = level.map(({ siteId, parentUrl, page }) => ({
      ...pageRow(page),
      siteId,
      idParent: parentUrl === null ? null : (parentIds.get(`${siteId} ${parentUrl}`) ?? null),
    }));
    insertedCount += (
      await db
        .insert(pages)
        .values(rows)
        .onConflictDoNothing({ target: [pages.siteId, pages.url] })
        .returning({ id: pages.id })
    ).length;
    level = level.flatMap(({ siteId, page }) =>
      (page.children ?? []).map((child) => ({ siteId, parentUrl: page.url, page: child })),
    );
  }
  return insertedCount;
}

function pageRow(page: PageTemplate) {
  return {
    url: page.url,
    title: page.title,
    menuTitle: page.menuTitle ?? null,
    metaDescription: page.metaDescription,
    order: page.order,
    showInMenu: page.showInMenu ?? true,
    isFixedOnRight: page.isFixedOnRight ?? false,
    isCmsPage: page.cms.isCmsPage,
    cmsRoute: page.cms.route,
    isEcommercePage: page.isEcommercePage ?? false,
  };
}

export async function insertVariations(db: Db, frames: readonly SiteFrame[]): Promise<number> {
  const rows = frames.flatMap((frame) =>
    frame.variations.map((variation, index) => ({
      siteId: frame.site.id,
      name: variation.name,
      order: index + 1,
    })),
  );
  if (rows.length === 0) return 0;
  let insertedCount = (
    await db
      .insert(variations)
      .values(rows)
      .onConflictDoNothing({ target: [variations.siteId, variations.name] })
      .returning({ id: variations.id })
  ).length;

  const siteIds = frames.map((frame) => frame.site.id);
  const stored = await db
    .select({ id: variations.id, siteId: variations.siteId, name: variations.name })
    .from(variations)
    .where(inArray(variations.siteId, siteIds));
  const variationIds = new Map(stored.map((row) => [`${row.siteId} ${row.name}`, row.id]));
  const valueRows = frames.flatMap((frame) =>
    frame.variations.flatMap((variation) => {
      const variationId = variationIds.get(`${frame.site.id} ${variation.name}`);
      if (variationId === undefined) return [];
      return variation.values.map((name, index) => ({
        siteId: frame.site.id,
        variationId,
        name,
        order: index + 1,
      }));
    }),
  );
  if (valueRows.length > 0) {
    insertedCount += (
      await db
        .insert(variationValues)
        .values(valueRows)
        .onConflictDoNothing({
          target: [variationValues.siteId, variationValues.variationId, variationValues.name],
        })
        .returning({ id: variationValues.id })
    ).length;
  }
  return insertedCount;
}

/** A new site's element lists, empty (a list the site already has is left as it is). */
export async function insertElementLists(
  db: Db,
  siteId: number,
  lists: readonly ElementListTemplate[],
): Promise<number> {
  if (lists.length === 0) return 0;
  return (
    await db
      .insert(elementLists)
      .values(lists.map((list) => ({ siteId, route: list.route, name: list.name })))
      .onConflictDoNothing({ target: [elementLists.siteId, elementLists.route] })
      .returning({ id: elementLists.id })
  ).length;
}
