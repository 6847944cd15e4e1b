import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ListFilter } from '@comptoir/domain/list-filter';
import { escapeLikePattern } from '@comptoir/domain/list-filter';
import { slugify } from '@comptoir/domain/slug';
import {
  PRODUCT_CATEGORIES,
  type ProductCategory,
  type ProductFacets,
  type ProductOrder,
  type ProductSummary,
} from '@comptoir/contract/product';
import type { Db } from '../../db/client';
import {
  awards,
  declinations,
  declinationVariations,
  decreasingDiscounts,
  mealIcons,
  productCustomizations,
  productCustomizationValues,
  productFeatures,
  productMealIcons,
  productRecommendations,
  products,
  variationValues,
} from '../../db/schema';
import { filterConditions, type FilterColumns, type Paging } from '../../lib/list-query';
import { nutritionColumns } from './product-nutrition';

/** The fields GET /product filters with the list operators of docs/requirements/lists.md. */
export const productFilterColumns: FilterColumns = {
  name: products.name,
  kind: products.kind,
  type: products.type,
  appellation: products.appellation,
  region: products.region,
};

/*
 * Correlated subqueries on the product's declinations. Written out whole, because Drizzle prints
 * the columns of a one-table select without their table name, which would make
 * `site_id = site_id` compare the declination with itself.
 */
const OF_THIS_PRODUCT = 'd.site_id = products.site_id AND d.product_id = products.id';

/** The lowest unit price of the product's declinations: the card's "from" price and sort key. */
const lowestUnitPrice = sql<number>`${sql.raw(
  `(SELECT min(d.unit_price_cents) FROM declinations d WHERE ${OF_THIS_PRODUCT})`,
)}`.mapWith(Number);

const hasDeclination = sql.raw(`EXISTS (SELECT 1 FROM declinations d WHERE ${OF_THIS_PRODUCT})`);

/**
 * What a visitor may see: this site's published products that can be bought, that is with at
 * least one declination. Every read of this file starts from it.
 */
export const visibleProducts = (siteId: number) =>
  and(
    eq(products.siteId, siteId),
    eq(products.isPublished, true),
    // The gift voucher is sold on its own page, at the amount the buyer chooses.
    eq(products.isGiftVoucher, false),
    hasDeclination,
  )!;

const summaryColumns = {
  id: products.id,
  type: products.type,
  subtype: products.subtype,
  name: products.name,
  slug: products.slug,
  summary: products.summary,
  kind: products.kind,
  region: products.region,
  appellation: products.appellation,
  alcoholTenths: products.alcoholTenths,
  tags: products.tags,
  imageUrl: products.imageUrl,
  isDematerialized: products.isDematerialized,
  hasShippingFees: products.hasShippingFees,
  priceCents: lowestUnitPrice,
};

/** A card before its declinations are attached. */
export type ProductSummaryRow = Omit<ProductSummary, 'declinations'>;

/*
 * Names in a reader's order: folded (accents and case, search_title, decision 0098) first, so
 * that « château » sits among the c and « Zéphyr » after « abbaye »; the name as written parts
 * the ties. Equal prices follow their names, as the storefront's list always showed them.
 */
const byName = [asc(products.searchTitle), asc(products.name)];
const ORDERS: Readonly<Record<ProductOrder, SQL[]>> = {
  price: [asc(lowestUnitPrice), ...byName],
  '-price': [desc(lowestUnitPrice), ...byName],
  name: byName,
  '-name': [desc(products.searchTitle), desc(products.name)],
  position: [],
};

/** The shelf a product stands on (PRODUCT_CATEGORIES): its colour, else box or other. */
const categoryOf = sql<ProductCategory>`(CASE WHEN ${products.kind} IS NOT NULL THEN ${products.kind}::text WHEN ${products.type} = 'BOX' THEN 'BOX' ELSE 'OTHER' END)`;

function categoryCondition(category: ProductCategory): SQL {
  if (category === 'BOX') return sql`(${products.kind} IS NULL AND ${products.type} = 'BOX')`;
  if (category === 'OTHER') return sql`(${products.kind} IS NULL AND ${products.type} <> 'BOX')`;
  return eq(products.kind, category);
}

/** The rows of a raw read: both drivers answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Recommendations shown under a product at most: the page stays bounded whatever the site chose. */
export const MAX_RECOMMENDED = 12;

export interface ProductListCriteria {
  filters: readonly ListFilter[];
  /** Words that must each appear somewhere in the product. */
  searchWords: readonly string[];
  /** Any of these tags; empty does not filter. */
  tags: readonly string[];
  orderBy: ProductOrder;
  /** One shelf; null does not filter. */
  category?: ProductCategory | null;
}

/**
 * A search word matches the name, appellation, region or summary as typed, or the slug once
 * slugified, so that 'cremant' finds 'Crémant' without an accent-folding extension.
 */
function searchCondition(word: string): SQL {
  const pattern = `%${escapeLikePattern(word)}%`;
  const slugWord = slugify(word);
  return or(
    ilike(products.name, pattern),
    ilike(products.appellation, pattern),
    ilike(products.region, pattern),
    ilike(products.summary, pattern),
    ...(slugWord === '' ? [] : [ilike(products.slug, `%${escapeLikePattern(slugWord)}%`)]),
    // Accents and case folded on every field (« rose » finds « Rosé de Loire »), as the
    // storefront's list searched them (decision 0128).
    sql`search_folded(concat_ws(' ', ${products.name}, ${products.appellation}, ${products.region}, ${products.summary})) LIKE '%' || btrim(search_folded(${word})) || '%'`,
    // A vintage: « 2019 » finds the wines with a 2019 declination.
    ...(/^\d{1,4}$/.test(word)
      ? [
          sql`EXISTS (SELECT 1 FROM declinations d WHERE ${sql.raw(OF_THIS_PRODUCT)} AND d.year::text LIKE ${`%${word}%`})`,
        ]
      : []),
  )!;
}

export function createProductRepository(db: Db) {
  return {
    /** One page of the visible products matching the criteria, and how many match in all. */
    async listVisible(siteId: number, criteria: ProductListCriteria, paging: Paging) {
      const where = and(
        visibleProducts(siteId),
        ...filterConditions(criteria.filters, productFilterColumns),
        ...criteria.searchWords.map(searchCondition),
        ...(criteria.tags.length > 0 ? [arrayOverlaps(products.tags, [...criteria.tags])] : []),
        ...(criteria.category ? [categoryCondition(criteria.category)] : []),
      );
      const rows = await db
        .select(summaryColumns)
        .from(products)
        .where(where)
        .orderBy(...ORDERS[criteria.orderBy], asc(products.position), asc(products.id))
        .limit(paging.limit)
        .offset(paging.offset);
      const [counted] = await db.select({ total: count() }).from(products).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * The shelves and tags of the visible products, counted by the database (two grouped reads
     * over the site's products, nothing loaded but their counts).
     */
    async facets(siteId: number): Promise<ProductFacets> {
      const shelves = await db
        .selectDistinct({ category: categoryOf })
        .from(products)
        .where(visibleProducts(siteId));
      const present = new Set(shelves.map((row) => row.category));
      const tagRows = rowsOf<{ tag: string; count: number | string }>(
        await db.execute(sql`
          SELECT t.tag, count(*) AS count
          FROM ${products} CROSS JOIN LATERAL unnest(${products.tags}) AS t(tag)
          WHERE ${visibleProducts(siteId)} AND t.tag <> ''
          GROUP BY t.tag
          ORDER BY count(*) DESC, t.tag`),
      );
      return {
        categories: PRODUCT_CATEGORIES.filter((category) => present.has(category)),
        tags: tagRows.map((row) => ({ tag: row.tag, count: Number(row.count) })),
      };
    },

    async findVisible(siteId: number, id: number) {
      const [product] = await db
        .select({ ...summaryColumns, description: products.description })
        .from(products)
        .where(and(visibleProducts(siteId), eq(products.id, id)));
      return product;
    },

    /** The declinations of these products, by product then position. */
    async listDeclinations(siteId: number, productIds: readonly number[]) {
      if (productIds.length === 0) return [];
      return db
        .select()
        .from(declinations)
        .where(
          and(eq(declinations.siteId, siteId), inArray(declinations.productId, [...productIds])),
        )
        .orderBy(asc(declinations.productId), asc(declinations.position), asc(declinations.id));
    },

    /** The nutrition columns of a product's declinations, by position (decision 0102). */
    /** The product a declination of this site belongs to (the e-label page names a declination). */
    async findDeclinationProductId(siteId: number, declinationId: number) {
      const [row] = await db
        .select({ productId: declinations.productId })
        .from(declinations)
        .where(and(eq(declinations.siteId, siteId), eq(declinations.id, declinationId)));
      return row?.productId ?? null;
    },

    async listDeclinationLabels(siteId: number, productId: number) {
      return db
        .select({ id: declinations.id, ...nutritionColumns })
        .from(declinations)
        .where(and(eq(declinations.siteId, siteId), eq(declinations.productId, productId)))
        .orderBy(asc(declinations.position), asc(declinations.id));
    },

    /** The variation values of these declinations, with the variation each belongs to. */
    async listDeclinationVariations(siteId: number, declinationIds: readonly number[]) {
      if (declinationIds.length === 0) return [];
      return db
        .select({
          declinationId: declinationVariations.declinationId,
          id: variationValues.id,
          idVariation: variationValues.variationId,
        })
        .from(declinationVariations)
        .innerJoin(
          variationValues,
          and(
            eq(variationValues.siteId, declinationVariations.siteId),
            eq(variationValues.id, declinationVariations.variationValueId),
          ),
        )
        .where(
          and(
            eq(declinationVariations.siteId, siteId),
            inArray(declinationVariations.declinationId, [...declinationIds]),
          ),
        )
        .orderBy(asc(variationValues.variationId), asc(variationValues.order));
    },

    async listFeatures(siteId: number, productId: number) {
      return db
        .select({
          id: productFeatures.id,
          type: productFeatures.type,
          value: productFeatures.value,
          percent: productFeatures.percent,
        })
        .from(productFeatures)
        .where(and(eq(productFeatures.siteId, siteId), eq(productFeatures.productId, productId)))
        .orderBy(asc(productFeatures.position), asc(productFeatures.id));
    },

    async listProductMealIcons(siteId: number, productId: number) {
      return db
        .select({ id: mealIcons.id, name: mealIcons.name, imageUrl: mealIcons.imageUrl })
        .from(productMealIcons)
        .innerJoin(
          mealIcons,
          and(
            eq(mealIcons.siteId, productMealIcons.siteId),
            eq(mealIcons.id, productMealIcons.mealIconId),
          ),
        )
        .where(and(eq(productMealIcons.siteId, siteId), eq(productMealIcons.productId, productId)))
        .orderBy(asc(mealIcons.position), asc(mealIcons.id));
    },

    async listDecreasingDiscounts(siteId: number, productId: number) {
      return db
        .select({
          id: decreasingDiscounts.id,
          minQuantity: decreasingDiscounts.minQuantity,
          discountType: decreasingDiscounts.discountType,
          discountAmount: decreasingDiscounts.discountAmount,
        })
        .from(decreasingDiscounts)
        .where(
          and(eq(decreasingDiscounts.siteId, siteId), eq(decreasingDiscounts.productId, productId)),
        )
        .orderBy(asc(decreasingDiscounts.minQuantity));
    },

    async listAwards(siteId: number, productId: number) {
      return db
        .select({
          id: awards.id,
          productId: awards.productId,
          name: awards.name,
          distinction: awards.distinction,
          year: awards.year,
          imageUrl: awards.imageUrl,
        })
        .from(awards)
        .where(and(eq(awards.siteId, siteId), eq(awards.productId, productId)))
        .orderBy(asc(awards.position), asc(awards.id));
    },

    /** The visible products recommended on a product's page, in the order the site chose. */
    async listRecommended(siteId: number, productId: number) {
      return db
        .select(summaryColumns)
        .from(productRecommendations)
        .innerJoin(
          products,
          and(
            eq(products.siteId, productRecommendations.siteId),
            eq(products.id, productRecommendations.recommendedProductId),
          ),
        )
        .where(
          and(
            eq(productRecommendations.siteId, siteId),
            eq(productRecommendations.productId, productId),
            visibleProducts(siteId),
          ),
        )
        .orderBy(asc(productRecommendations.position), asc(products.id))
        .limit(MAX_RECOMMENDED);
    },

    async listMealIcons(siteId: number) {
      return db
        .select({ id: mealIcons.id, name: mealIcons.name, imageUrl: mealIcons.imageUrl })
        .from(mealIcons)
        .where(eq(mealIcons.siteId, siteId))
        .orderBy(asc(mealIcons.position), asc(mealIcons.id));
    },

    async listCustomizations(siteId: number, productId: number) {
      return db
        .select({
          id: productCustomizations.id,
          type: productCustomizations.type,
          inputType: productCustomizations.inputType,
          label: productCustomizations.label,
          description: productCustomizations.description,
          isRequired: productCustomizations.isRequired,
          maxLength: productCustomizations.maxLength,
          formId: productCustomizations.formId,
        })
        .from(productCustomizations)
        .where(
          and(
            eq(productCustomizations.siteId, siteId),
            eq(productCustomizations.productId, productId),
          ),
        )
        .orderBy(asc(productCustomizations.position), asc(productCustomizations.id));
    },

    async listCustomizationValues(siteId: number, customizationIds: readonly number[]) {
      if (customizationIds.length === 0) return [];
      return db
        .select({
          id: productCustomizationValues.id,
          customizationId: productCustomizationValues.customizationId,
          label: productCustomizationValues.label,
          textNumberOfChar: productCustomizationValues.textNumberOfChar,
          selectKey: productCustomizationValues.selectKey,
          costType: productCustomizationValues.costType,
          amount: productCustomizationValues.amount,
        })
        .from(productCustomizationValues)
        .where(
          and(
            eq(productCustomizationValues.siteId, siteId),
            inArray(productCustomizationValues.customizationId, [...customizationIds]),
          ),
        )
        .orderBy(asc(productCustomizationValues.position), asc(productCustomizationValues.id));
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
