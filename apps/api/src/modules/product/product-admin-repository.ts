import { and, asc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type {
  AdminDeclination,
  AdminProduct,
  AdminProductRow,
  ProductInputParsed,
} from '@comptoir/contract/admin-catalogue';
import type { Db } from '../../db/client';
import {
  nutritionColumns,
  nutritionValues,
  splitNutrition,
  type NutritionColumns,
} from './product-nutrition';
import {
  awards,
  declinations,
  decreasingDiscounts,
  mealIcons,
  orderLines,
  productCustomizations,
  productCustomizationValues,
  productFeatures,
  productMealIcons,
  productRecommendations,
  products,
  storedFiles,
} from '../../db/schema';

export const declinationColumns = {
  id: declinations.id,
  productId: declinations.productId,
  year: declinations.year,
  capacity: declinations.capacity,
  capacityUnit: declinations.capacityUnit,
  priceCents: declinations.priceCents,
  fixedPriceCents: declinations.fixedPriceCents,
  discountType: declinations.discountType,
  discountAmount: declinations.discountAmount,
  unitPriceCents: declinations.unitPriceCents,
  stock: declinations.stock,
  isStockManaged: declinations.isStockManaged,
  sellByMultipleOf: declinations.sellByMultipleOf,
  imageUrl: declinations.imageUrl,
  ...nutritionColumns,
};
export type DeclinationRow = Omit<AdminDeclination, 'nutrition' | 'ingredients'> &
  NutritionColumns & { productId: number };

export function toAdminDeclination(row: DeclinationRow): AdminDeclination {
  const {
    rest: { productId: _productId, ...fields },
    nutrition,
    ingredients,
  } = splitNutrition(row);
  return { ...fields, nutrition, ingredients };
}

type ProductFields = Omit<
  ProductInputParsed,
  | 'declinations'
  | 'features'
  | 'awards'
  | 'mealIconIds'
  | 'decreasingDiscounts'
  | 'recommendedProductIds'
  | 'customizations'
>;

/** Which CHECK constraint of PostgreSQL (and PGlite) refused a write, wherever drizzle wraps it. */
export function violatedCheck(error: unknown): string | null {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown };
    if (candidate.code === '23514') return String(candidate.constraint ?? '');
  }
  return null;
}

/** The catalogue's reads and writes for the back office; every query filters on the site. */
export function createCatalogueQueries(db: Db) {
  const productOf = (siteId: number, id: number) =>
    and(eq(products.siteId, siteId), eq(products.id, id));

  async function declinationsOf(siteId: number, productIds: number[]): Promise<DeclinationRow[]> {
    if (productIds.length === 0) return [];
    return db
      .select(declinationColumns)
      .from(declinations)
      .where(and(eq(declinations.siteId, siteId), inArray(declinations.productId, productIds)))
      .orderBy(asc(declinations.position), asc(declinations.id));
  }

  return {
    /** Every product but the gift voucher (it has its own screen), by position then name. */
    async listProducts(siteId: number): Promise<AdminProductRow[]> {
      const rows = await db
        .select({
          id: products.id,
          name: products.name,
          slug: products.slug,
          type: products.type,
          isPublished: products.isPublished,
          imageUrl: products.imageUrl,
        })
        .from(products)
        .where(and(eq(products.siteId, siteId), eq(products.isGiftVoucher, false)))
        .orderBy(asc(products.position), asc(products.name), asc(products.id));
      const all = await declinationsOf(
        siteId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        ...row,
        declinations: all.filter((item) => item.productId === row.id).map(toAdminDeclination),
      }));
    },

    async listMealIcons(siteId: number) {
      return db
        .select({ id: mealIcons.id, name: mealIcons.name, imageUrl: mealIcons.imageUrl })
        .from(mealIcons)
        .where(eq(mealIcons.siteId, siteId))
        .orderBy(asc(mealIcons.position), asc(mealIcons.id));
    },

    /** A product with all its lists, or undefined (another site's, the gift voucher, none). */
    async findProduct(siteId: number, id: number): Promise<AdminProduct | undefined> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(productOf(siteId, id), eq(products.isGiftVoucher, false)));
      if (!row) return undefined;
      const [decl, features, awardRows, icons, discounts, recommended, customizations] =
        await Promise.all([
          declinationsOf(siteId, [id]),
          db
            .select()
            .from(productFeatures)
            .where(and(eq(productFeatures.siteId, siteId), eq(productFeatures.productId, id)))
            .orderBy(asc(productFeatures.position), asc(productFeatures.id)),
          db
            .select()
            .from(awards)
            .where(and(eq(awards.siteId, siteId), eq(awards.productId, id)))
            .orderBy(asc(awards.position), asc(awards.id)),
          db
            .select({ id: productMealIcons.mealIconId })
            .from(productMealIcons)
            .where(and(eq(productMealIcons.siteId, siteId), eq(productMealIcons.productId, id)))
            .orderBy(asc(productMealIcons.mealIconId)),
          db
            .select()
            .from(decreasingDiscounts)
            .where(
              and(eq(decreasingDiscounts.siteId, siteId), eq(decreasingDiscounts.productId, id)),
            )
            .orderBy(asc(decreasingDiscounts.minQuantity)),
          db
            .select({ id: productRecommendations.recommendedProductId })
            .from(productRecommendations)
            .where(
              and(
                eq(productRecommendations.siteId, siteId),
                eq(productRecommendations.productId, id),
              ),
            )
            .orderBy(asc(productRecommendations.position)),
          db
            .select()
            .from(productCustomizations)
            .where(
              and(
                eq(productCustomizations.siteId, siteId),
                eq(productCustomizations.productId, id),
              ),
            )
            .orderBy(asc(productCustomizations.position), asc(productCustomizations.id)),
        ]);
      const values =
        customizations.length === 0
          ? []
          : await db
              .select()
              .from(productCustomizationValues)
              .where(
                and(
                  eq(productCustomizationValues.siteId, siteId),
                  inArray(
                    productCustomizationValues.customizationId,
                    customizations.map((item) => item.id),
                  ),
                ),
              )
              .orderBy(
                asc(productCustomizationValues.position),
                asc(productCustomizationValues.id),
              );
      return {
        id: row.id,
        type: row.type,
        kind: row.kind,
        name: row.name,
        slug: row.slug,
        summary: row.summary,
        description: row.description,
        region: row.region,
        appellation: row.appellation,
        alcoholTenths: row.alcoholTenths,
        tags: row.tags,
        imageUrl: row.imageUrl,
        isPublished: row.isPublished,
        isDematerialized: row.isDematerialized,
        hasShippingFees: row.hasShippingFees,
        vatRateBasisPoints: row.vatRateBasisPoints,
        position: row.position,
        declinations: decl.map(toAdminDeclination),
        features: features.map(({ type, value, percent }) => ({ type, value, percent })),
        awards: awardRows.map(({ name, distinction, year, imageUrl }) => ({
          name,
          distinction,
          year,
          imageUrl,
        })),
        mealIconIds: icons.map((icon) => icon.id),
        decreasingDiscounts: discounts.map(({ minQuantity, discountType, discountAmount }) => ({
          minQuantity,
          discountType: discountType === 'PERCENT' ? 'PERCENT' : 'EURO',
          discountAmount,
        })),
        recommendedProductIds: recommended.map((item) => item.id),
        customizations: customizations.map((item) => ({
          id: item.id,
          inputType: item.inputType,
          label: item.label,
          description: item.description,
          isRequired: item.isRequired,
          maxLength: item.maxLength,
          formId: item.formId,
          values: values
            .filter((value) => value.customizationId === item.id)
            .map(({ label, textNumberOfChar, selectKey, costType, amount }) => ({
              label,
              textNumberOfChar,
              selectKey,
              costType,
              amount,
            })),
        })),
      };
    },

    async productIdAtSlug(siteId: number, slug: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.siteId, siteId), eq(products.slug, slug)));
      return row?.id;
    },

    /** Which of these ids are products of the site (not the gift voucher). */
    async existingProductIds(siteId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.siteId, siteId),
            inArray(products.id, ids),
            eq(products.isGiftVoucher, false),
          ),
        );
      return new Set(rows.map((row) => row.id));
    },

    async existingMealIconIds(siteId: number, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: mealIcons.id })
        .from(mealIcons)
        .where(and(eq(mealIcons.siteId, siteId), inArray(mealIcons.id, ids)));
      return new Set(rows.map((row) => row.id));
    },

    async insertProduct(siteId: number, fields: ProductFields): Promise<number> {
      const [row] = await db
        .insert(products)
        .values({ siteId, ...fields })
        .returning({ id: products.id });
      return row!.id;
    },

    async updateProduct(siteId: number, id: number, fields: Partial<ProductFields>): Promise<void> {
      await db.update(products).set(fields).where(productOf(siteId, id));
    },

    /**
     * Writes the product's lists as sent. Declinations and customizations sent with an id are
     * updated in place (carts hold their ids), the others inserted, the missing ones deleted;
     * the other lists are replaced whole.
     */
    async replaceLists(siteId: number, productId: number, input: ProductInputParsed) {
      const keptDeclinations = input.declinations.flatMap((item) => (item.id ? [item.id] : []));
      await db
        .delete(declinations)
        .where(
          and(
            eq(declinations.siteId, siteId),
            eq(declinations.productId, productId),
            keptDeclinations.length > 0 ? notInArray(declinations.id, keptDeclinations) : undefined,
          ),
        );
      for (const [
        position,
        { id, nutrition, ingredients, ...rest },
      ] of input.declinations.entries()) {
        const fields = { ...rest, ...nutritionValues(nutrition, ingredients) };
        if (id) {
          await db
            .update(declinations)
            .set({ ...fields, position })
            .where(
              and(
                eq(declinations.siteId, siteId),
                eq(declinations.productId, productId),
                eq(declinations.id, id),
              ),
            );
        } else {
          await db.insert(declinations).values({ siteId, productId, position, ...fields });
        }
      }

      await db
        .delete(productFeatures)
        .where(and(eq(productFeatures.siteId, siteId), eq(productFeatures.productId, productId)));
      if (input.features.length > 0) {
        await db
          .insert(productFeatures)
          .values(
            input.features.map((item, position) => ({ siteId, productId, position, ...item })),
          );
      }
      await db
        .delete(awards)
        .where(and(eq(awards.siteId, siteId), eq(awards.productId, productId)));
      if (input.awards.length > 0) {
        await db
          .insert(awards)
          .values(input.awards.map((item, position) => ({ siteId, productId, position, ...item })));
      }
      await db
        .delete(productMealIcons)
        .where(and(eq(productMealIcons.siteId, siteId), eq(productMealIcons.productId, productId)));
      if (input.mealIconIds.length > 0) {
        await db.insert(productMealIcons).values(
          [...new Set(input.mealIconIds)].map((mealIconId) => ({
            siteId,
            productId,
            mealIconId,
          })),
        );
      }
      await db
        .delete(decreasingDiscounts)
        .where(
          and(eq(decreasingDiscounts.siteId, siteId), eq(decreasingDiscounts.productId, productId)),
        );
      if (input.decreasingDiscounts.length > 0) {
        await db
          .insert(decreasingDiscounts)
          .values(input.decreasingDiscounts.map((item) => ({ siteId, productId, ...item })));
      }
      await db
        .delete(productRecommendations)
        .where(
          and(
            eq(productRecommendations.siteId, siteId),
            eq(productRecommendations.productId, productId),
          ),
        );
      const recommended = [...new Set(input.recommendedProductIds)];
      if (recommended.length > 0) {
        await db.insert(productRecommendations).values(
          recommended.map((recommendedProductId, position) => ({
            siteId,
            productId,
            recommendedProductId,
            position,
          })),
        );
      }

      const keptCustomizations = input.customizations.flatMap((item) => (item.id ? [item.id] : []));
      await db
        .delete(productCustomizations)
        .where(
          and(
            eq(productCustomizations.siteId, siteId),
            eq(productCustomizations.productId, productId),
            keptCustomizations.length > 0
              ? notInArray(productCustomizations.id, keptCustomizations)
              : undefined,
          ),
        );
      for (const [position, { id, values, ...fields }] of input.customizations.entries()) {
        const row = {
          ...fields,
          type: fields.formId === null ? ('SIMPLE' as const) : ('DYNAMIC_FORM' as const),
          position,
        };
        let customizationId = id;
        if (customizationId) {
          await db
            .update(productCustomizations)
            .set(row)
            .where(
              and(
                eq(productCustomizations.siteId, siteId),
                eq(productCustomizations.productId, productId),
                eq(productCustomizations.id, customizationId),
              ),
            );
          await db
            .delete(productCustomizationValues)
            .where(
              and(
                eq(productCustomizationValues.siteId, siteId),
                eq(productCustomizationValues.customizationId, customizationId),
              ),
            );
        } else {
          const [inserted] = await db
            .insert(productCustomizations)
            .values({ siteId, productId, ...row })
            .returning({ id: productCustomizations.id });
          customizationId = inserted!.id;
        }
        if (values.length > 0) {
          await db.insert(productCustomizationValues).values(
            values.map((value, valuePosition) => ({
              siteId,
              customizationId: customizationId!,
              position: valuePosition,
              ...value,
            })),
          );
        }
      }
    },

    async hasOrderLines(siteId: number, productId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: orderLines.id })
        .from(orderLines)
        .where(and(eq(orderLines.siteId, siteId), eq(orderLines.productId, productId)))
        .limit(1);
      return row !== undefined;
    },

    async deleteProduct(siteId: number, id: number): Promise<void> {
      await db.delete(products).where(productOf(siteId, id));
    },

    async findDeclinations(siteId: number, ids: number[]): Promise<DeclinationRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(declinationColumns)
        .from(declinations)
        .where(and(eq(declinations.siteId, siteId), inArray(declinations.id, ids)))
        .orderBy(asc(declinations.id));
    },

    /** Declinations with their product's name, for the export and the import's checks. */
    async declinationsWithProduct(siteId: number) {
      return db
        .select({
          ...declinationColumns,
          productName: products.name,
          isPublished: products.isPublished,
        })
        .from(declinations)
        .innerJoin(
          products,
          and(eq(products.siteId, declinations.siteId), eq(products.id, declinations.productId)),
        )
        .where(and(eq(declinations.siteId, siteId), eq(products.isGiftVoucher, false)))
        .orderBy(
          asc(products.position),
          asc(products.name),
          asc(declinations.position),
          asc(declinations.id),
        );
    },

    /**
     * Applies a bulk change in one statement per declination set: the new stock and price are
     * computed by PostgreSQL from the row's current values (`stock = stock + n`), so concurrent
     * orders taking bottles are never overwritten by a stale read.
     */
    async bulkUpdate(
      siteId: number,
      ids: number[],
      change: {
        stock: { mode: 'SET' | 'ADD'; value: number } | null;
        price: { mode: 'SET' | 'AMOUNT' | 'PERCENT'; value: number } | null;
      },
    ): Promise<void> {
      const set: Record<string, unknown> = {};
      if (change.stock) {
        set.stock =
          change.stock.mode === 'SET'
            ? change.stock.value
            : sql`${declinations.stock} + ${change.stock.value}`;
      }
      if (change.price) {
        const { mode, value } = change.price;
        set.priceCents =
          mode === 'SET'
            ? value
            : mode === 'AMOUNT'
              ? sql`${declinations.priceCents} + ${value}`
              : // Rounded half away from zero to the cent, as percentOfCents does.
                sql`${declinations.priceCents} + round(${declinations.priceCents}::numeric * ${value} / 10000)::integer`;
      }
      await db
        .update(declinations)
        .set(set)
        .where(and(eq(declinations.siteId, siteId), inArray(declinations.id, ids)));
    },

    async setDeclinationFields(
      siteId: number,
      id: number,
      fields: Partial<typeof declinations.$inferInsert>,
    ): Promise<void> {
      await db
        .update(declinations)
        .set(fields)
        .where(and(eq(declinations.siteId, siteId), eq(declinations.id, id)));
    },

    async insertDeclination(
      siteId: number,
      productId: number,
      fields: Omit<typeof declinations.$inferInsert, 'siteId' | 'productId'>,
    ): Promise<number> {
      // Last of its product, after the declinations it already has.
      const position = sql`(SELECT coalesce(max(${declinations.position}), -1) + 1 FROM ${declinations} WHERE ${declinations.siteId} = ${siteId} AND ${declinations.productId} = ${productId})`;
      const [row] = await db
        .insert(declinations)
        .values({ siteId, productId, position, ...fields })
        .returning({ id: declinations.id });
      return row!.id;
    },

    async lowStock(siteId: number, threshold: number) {
      return db
        .select({ ...declinationColumns, productName: products.name })
        .from(declinations)
        .innerJoin(
          products,
          and(eq(products.siteId, declinations.siteId), eq(products.id, declinations.productId)),
        )
        .where(
          and(
            eq(declinations.siteId, siteId),
            eq(declinations.isStockManaged, true),
            lte(declinations.stock, threshold),
            eq(products.isGiftVoucher, false),
          ),
        )
        .orderBy(asc(declinations.stock), asc(products.name), asc(declinations.id));
    },

    async recordImage(
      siteId: number,
      file: { storageKey: string; originalName: string; size: number },
    ) {
      await db.insert(storedFiles).values({
        siteId,
        ...file,
        mimeType: 'image/webp',
        isCheckedImage: true,
      });
    },

    /** Whether the catalogue of the site shows this image (only those are public). */
    async isImageShown(siteId: number, url: string): Promise<boolean> {
      for (const table of [products, declinations, awards]) {
        const [row] = await db
          .select({ siteId: table.siteId })
          .from(table)
          .where(and(eq(table.siteId, siteId), eq(table.imageUrl, url)))
          .limit(1);
        if (row) return true;
      }
      return false;
    },
  };
}

export type CatalogueQueries = ReturnType<typeof createCatalogueQueries>;

export function createAdminCatalogueRepository(db: Db) {
  return {
    ...createCatalogueQueries(db),
    async transaction<T>(work: (queries: CatalogueQueries, tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(createCatalogueQueries(tx), tx));
    },
  };
}
export type AdminCatalogueRepository = ReturnType<typeof createAdminCatalogueRepository>;
