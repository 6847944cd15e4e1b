import { and, asc, eq } from 'drizzle-orm';
import type { Element } from '@comptoir/contract/element';
import type { ElementInput } from '@comptoir/contract/admin-content';
import type { Font } from '@comptoir/contract/site';
import type { Db } from '../../db/client';
import { elementLists, elements, logos, siteParameters, sites } from '../../db/schema';
import { elementColumns } from '../element';

export type ParameterRecord = typeof siteParameters.$inferSelect;
export type LogoRecord = typeof logos.$inferSelect;
export type LogoType = LogoRecord['type'];
export type NewParameterRow = Pick<ParameterRecord, 'type' | 'kind' | 'label' | 'value'>;

/** How an uploaded logo is marked: its image is a file of the storage, known by its key. */
export const UPLOADED_LOGO_SOURCE = 'upload';

export interface ElementListRecord {
  id: number;
  route: string;
  name: string;
}

/**
 * The theme screens' reads and writes. Every method takes the site id and filters on it; the
 * writes take the database or the transaction they run in, so that the service can record the
 * audit entry in the same transaction.
 */
export function createAdminThemeRepository(db: Db) {
  return {
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },

    async listParameters(siteId: number, tx: Db = db): Promise<ParameterRecord[]> {
      return tx.select().from(siteParameters).where(eq(siteParameters.siteId, siteId));
    },

    /** Sets parameters, creating their rows (with the catalogue's label) where the site has none. */
    async upsertParameters(tx: Db, siteId: number, rows: readonly NewParameterRow[]) {
      for (const row of rows) {
        await tx
          .insert(siteParameters)
          .values({ siteId, ...row })
          .onConflictDoUpdate({
            target: [siteParameters.siteId, siteParameters.type],
            set: { kind: row.kind, value: row.value },
          });
      }
    },

    async findLogo(tx: Db, siteId: number, type: LogoType): Promise<LogoRecord | undefined> {
      const [logo] = await tx
        .select()
        .from(logos)
        .where(and(eq(logos.siteId, siteId), eq(logos.type, type)));
      return logo;
    },

    /** Puts this logo in place of the site's logo of the same type, if it had one. */
    async upsertLogo(
      tx: Db,
      siteId: number,
      logo: Pick<LogoRecord, 'type' | 'filename' | 'alt' | 'imageUrl' | 'imageExternalId'>,
    ): Promise<LogoRecord> {
      const values = {
        ...logo,
        imageExternalType: UPLOADED_LOGO_SOURCE,
        imageExternalPath: null,
      };
      const [saved] = await tx
        .insert(logos)
        .values({ siteId, ...values })
        .onConflictDoUpdate({ target: [logos.siteId, logos.type], set: values })
        .returning();
      return saved!;
    },

    async updateLogoAlt(
      tx: Db,
      siteId: number,
      type: LogoType,
      alt: string,
    ): Promise<LogoRecord | undefined> {
      const [saved] = await tx
        .update(logos)
        .set({ alt })
        .where(and(eq(logos.siteId, siteId), eq(logos.type, type)))
        .returning();
      return saved;
    },

    async deleteLogo(tx: Db, siteId: number, type: LogoType): Promise<LogoRecord | undefined> {
      const [deleted] = await tx
        .delete(logos)
        .where(and(eq(logos.siteId, siteId), eq(logos.type, type)))
        .returning();
      return deleted;
    },

    /** The uploaded logo of this site whose image has this storage key. */
    async findUploadedLogoByKey(siteId: number, key: string): Promise<LogoRecord | undefined> {
      const [logo] = await db
        .select()
        .from(logos)
        .where(
          and(
            eq(logos.siteId, siteId),
            eq(logos.imageExternalType, UPLOADED_LOGO_SOURCE),
            eq(logos.imageExternalId, key),
          ),
        );
      return logo;
    },

    async findFonts(tx: Db, siteId: number): Promise<Font[] | undefined> {
      const [site] = await tx
        .select({ fonts: sites.fonts })
        .from(sites)
        .where(eq(sites.id, siteId));
      return site?.fonts;
    },

    async saveFonts(tx: Db, siteId: number, fonts: Font[]): Promise<void> {
      await tx.update(sites).set({ fonts }).where(eq(sites.id, siteId));
    },

    async listElementLists(siteId: number) {
      const lists = await db
        .select({ id: elementLists.id, route: elementLists.route, name: elementLists.name })
        .from(elementLists)
        .where(eq(elementLists.siteId, siteId))
        .orderBy(asc(elementLists.name), asc(elementLists.id));
      const items = await db
        .select({ ...elementColumns, listId: elements.listId })
        .from(elements)
        .where(eq(elements.siteId, siteId))
        .orderBy(asc(elements.position), asc(elements.id));
      return lists.map((list) => ({
        route: list.route,
        name: list.name,
        items: items
          .filter((item) => item.listId === list.id)
          .map(({ listId: _listId, ...item }) => item),
      }));
    },

    /** The list of this site with this route, its row locked when read in a transaction. */
    async findList(tx: Db, siteId: number, route: string): Promise<ElementListRecord | undefined> {
      const [list] = await tx
        .select({ id: elementLists.id, route: elementLists.route, name: elementLists.name })
        .from(elementLists)
        .where(and(eq(elementLists.siteId, siteId), eq(elementLists.route, route)))
        .for('update');
      return list;
    },

    async listItems(tx: Db, siteId: number, listId: number): Promise<Element[]> {
      return tx
        .select(elementColumns)
        .from(elements)
        .where(and(eq(elements.siteId, siteId), eq(elements.listId, listId)))
        .orderBy(asc(elements.position), asc(elements.id));
    },

    async findElement(
      tx: Db,
      siteId: number,
      listId: number,
      id: number,
    ): Promise<Element | undefined> {
      const [element] = await tx
        .select(elementColumns)
        .from(elements)
        .where(and(eq(elements.siteId, siteId), eq(elements.listId, listId), eq(elements.id, id)));
      return element;
    },

    async updateElement(
      tx: Db,
      siteId: number,
      listId: number,
      id: number,
      input: ElementInput & { position: number },
    ): Promise<Element> {
      const [updated] = await tx
        .update(elements)
        .set(input)
        .where(and(eq(elements.siteId, siteId), eq(elements.listId, listId), eq(elements.id, id)))
        .returning(elementColumns);
      return updated!;
    },

    /** Gives the list's elements the positions 1, 2, 3… in the order of `ids`. */
    async setPositions(tx: Db, siteId: number, listId: number, ids: readonly number[]) {
      for (const [index, id] of ids.entries()) {
        await tx
          .update(elements)
          .set({ position: index + 1 })
          .where(
            and(eq(elements.siteId, siteId), eq(elements.listId, listId), eq(elements.id, id)),
          );
      }
    },
  };
}

export type AdminThemeRepository = ReturnType<typeof createAdminThemeRepository>;
