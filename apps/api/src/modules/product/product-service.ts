import {
  DEFAULT_PRODUCT_PAGE_SIZE,
  type Award,
  type Customization,
  type Declination,
  type DeclinationLabel,
  type ELabel,
  type MealIcon,
  type Product,
  type ProductFacets,
  type ProductList,
  type ProductListQuery,
  type ProductSummary,
} from '@comptoir/contract/product';
import { HttpError } from '../../http/http-error';
import { pagingOf, parseFilters } from '../../lib/list-query';
import {
  productFilterColumns,
  type ProductRepository,
  type ProductSummaryRow,
} from './product-repository';
import { splitNutrition } from './product-nutrition';

/** A search looks for at most this many words (the rest of a pasted paragraph is ignored). */
const MAX_SEARCH_WORDS = 8;

/** Groups rows by a key, keeping their order (Map.groupBy needs Node 21). */
function groupBy<T, K>(rows: readonly T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

export const E_LABEL_NOT_FOUND_MESSAGE = 'Cette étiquette est introuvable.';

function notFound(id: number): HttpError {
  return new HttpError(404, `Product ${id} not found.`);
}

export function createProductService(repository: ProductRepository) {
  /** Cards with their declinations and each declination's variation values. */
  async function withDeclinations(
    siteId: number,
    rows: readonly ProductSummaryRow[],
  ): Promise<ProductSummary[]> {
    const declinationRows = await repository.listDeclinations(
      siteId,
      rows.map((row) => row.id),
    );
    const variationRows = await repository.listDeclinationVariations(
      siteId,
      declinationRows.map((row) => row.id),
    );
    const variationsByDeclination = groupBy(variationRows, (row) => row.declinationId);
    const declinationsByProduct = new Map<number, Declination[]>();
    for (const row of declinationRows) {
      const list = declinationsByProduct.get(row.productId) ?? [];
      list.push({
        id: row.id,
        year: row.year,
        capacity: row.capacity,
        capacityUnit: row.capacityUnit,
        variations: (variationsByDeclination.get(row.id) ?? []).map(({ id, idVariation }) => ({
          id,
          idVariation,
        })),
        priceCents: row.priceCents,
        fixedPriceCents: row.fixedPriceCents,
        discountType: row.discountType,
        discountAmount: row.discountAmount,
        unitPriceCents: row.unitPriceCents,
        quantity: row.stock,
        setQuantity: row.isStockManaged,
        sellByMultipleOf: row.sellByMultipleOf,
        imageUrl: row.imageUrl,
      });
      declinationsByProduct.set(row.productId, list);
    }
    return rows.map((row) => ({ ...row, declinations: declinationsByProduct.get(row.id) ?? [] }));
  }

  /** Each declination's nutrition declaration and ingredients, when it has either (decision 0102). */
  async function labelsOf(siteId: number, productId: number): Promise<DeclinationLabel[]> {
    const rows = await repository.listDeclinationLabels(siteId, productId);
    return rows.flatMap((row) => {
      const { nutrition, ingredients } = splitNutrition(row);
      return nutrition === null && ingredients.length === 0
        ? []
        : [{ declinationId: row.id, nutrition, ingredients }];
    });
  }

  async function visibleProductOr404(siteId: number, id: number) {
    const product = await repository.findVisible(siteId, id);
    if (!product) throw notFound(id);
    return product;
  }

  return {
    /** A page of the published products (docs/requirements/catalogue.md), cheapest first by default. */
    /** The shelves and tags the catalogue's filters offer (decision 0128). */
    facets(siteId: number): Promise<ProductFacets> {
      return repository.facets(siteId);
    },

    async listProducts(siteId: number, query: ProductListQuery): Promise<ProductList> {
      const { rows, total } = await repository.listVisible(
        siteId,
        {
          filters: parseFilters(query, productFilterColumns),
          searchWords: (query.search ?? '')
            .split(/\s+/)
            .filter((word) => word !== '')
            .slice(0, MAX_SEARCH_WORDS),
          tags: query.tags ?? [],
          orderBy: query.orderBy ?? 'price',
          category: query.category ?? null,
        },
        pagingOf(query, DEFAULT_PRODUCT_PAGE_SIZE),
      );
      return { siteProducts: await withDeclinations(siteId, rows), total };
    },

    /** One published product of this site: a draft or another site's id is not found. */
    async getProduct(siteId: number, id: number): Promise<Product> {
      const { description, ...summary } = await visibleProductOr404(siteId, id);
      const [card] = await withDeclinations(siteId, [summary]);
      return {
        ...card!,
        description,
        features: await repository.listFeatures(siteId, id),
        mealIcons: await repository.listProductMealIcons(siteId, id),
        decreasingDiscounts: await repository.listDecreasingDiscounts(siteId, id),
        labels: await labelsOf(siteId, id),
      };
    },

    /**
     * A published vintage's e-label (decision 0109): 404 for a declination of another site, of a
     * draft, or one with neither a nutrition declaration nor ingredients.
     */
    async getELabel(siteId: number, declinationId: number): Promise<ELabel> {
      const missing = new HttpError(404, E_LABEL_NOT_FOUND_MESSAGE);
      const productId = await repository.findDeclinationProductId(siteId, declinationId);
      if (productId === null) throw missing;
      const product = await repository.findVisible(siteId, productId);
      if (!product) throw missing;
      const label = (await labelsOf(siteId, productId)).find(
        (candidate) => candidate.declinationId === declinationId,
      );
      const [card] = await withDeclinations(siteId, [product]);
      const declination = card?.declinations.find((candidate) => candidate.id === declinationId);
      if (!label || !declination) throw missing;
      return {
        declinationId,
        productId,
        name: product.name,
        kind: product.kind,
        appellation: product.appellation,
        region: product.region,
        alcoholTenths: product.alcoholTenths,
        year: declination.year,
        capacity: declination.capacity,
        capacityUnit: declination.capacityUnit,
        nutrition: label.nutrition,
        ingredients: label.ingredients,
      };
    },

    async listAwards(siteId: number, productId: number): Promise<Award[]> {
      await visibleProductOr404(siteId, productId);
      return repository.listAwards(siteId, productId);
    },

    async listRecommended(
      siteId: number,
      productId: number,
    ): Promise<{ products: ProductSummary[] }> {
      await visibleProductOr404(siteId, productId);
      return {
        products: await withDeclinations(
          siteId,
          await repository.listRecommended(siteId, productId),
        ),
      };
    },

    async listMealIcons(siteId: number): Promise<MealIcon[]> {
      return repository.listMealIcons(siteId);
    },

    /** The customizations in the order they are asked (docs/requirements/product-customization.md: answers run in sequence). */
    async listCustomizations(siteId: number, productId: number): Promise<Customization[]> {
      await visibleProductOr404(siteId, productId);
      const customizations = await repository.listCustomizations(siteId, productId);
      const values = groupBy(
        await repository.listCustomizationValues(
          siteId,
          customizations.map((customization) => customization.id),
        ),
        (value) => value.customizationId,
      );
      return customizations.map((customization) => ({
        ...customization,
        customizationValues: (values.get(customization.id) ?? []).map(
          ({ customizationId: _customizationId, ...value }) => value,
        ),
      }));
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
