import { z } from 'zod';
import { rowIdSchema } from './ids';
import {
  CAPACITY_UNITS,
  COST_TYPES,
  CUSTOMIZATION_INPUT_TYPES,
  CUSTOMIZATION_TYPES,
  PRODUCT_SUBTYPES,
  PRODUCT_TYPES,
  WINE_KINDS,
} from '@comptoir/domain/catalogue';
import { defineEndpoint } from './endpoint';
import { filterValueSchema, pagingQuerySchema } from './list-query';

/**
 * The catalogue (docs/requirements/catalogue.md,
 * docs/requirements/product-customization.md). Money is integer cents (TTC); percentages are basis points
 * (1000 = 10 %). Cart endpoints come with the cart and are not described here.
 */

export const productTypeSchema = z.enum(PRODUCT_TYPES);
export const productSubtypeSchema = z.enum(PRODUCT_SUBTYPES);
export const wineKindSchema = z.enum(WINE_KINDS);
export const capacityUnitSchema = z.enum(CAPACITY_UNITS);
export const costTypeSchema = z.enum(COST_TYPES);
export const customizationTypeSchema = z.enum(CUSTOMIZATION_TYPES);
export const customizationInputTypeSchema = z.enum(CUSTOMIZATION_INPUT_TYPES);
export const productFeatureTypeSchema = z.enum([
  'GRAPE_VARIETY',
  'AGEING',
  'SERVING_TEMPERATURE',
  'KEEPING',
  'SOIL',
  'TASTING',
]);

/** Products per page when the caller gives no nbItem (docs/requirements/catalogue.md: "products 100 ordered by price"). */
export const DEFAULT_PRODUCT_PAGE_SIZE = 100;
export const MAX_PRODUCT_TAG_FILTERS = 20;
export const MAX_PRODUCT_SEARCH_LENGTH = 100;

const idSchema = z.number().int();
export const productIdSchema = rowIdSchema;

/** One buyable version of a product: a vintage in a capacity (docs/requirements/catalogue.md). */
export const declinationSchema = z.object({
  id: idSchema,
  year: z.number().int().nullable(),
  capacity: z.number().positive().nullable(),
  capacityUnit: capacityUnitSchema.nullable(),
  /** The variation values it carries (GET /variation): `id` of the value, `idVariation` of its axis. */
  variations: z.array(z.object({ id: idSchema, idVariation: idSchema })),
  /** The catalogue price in cents, before the declination's discount. */
  priceCents: z.number().int().min(0),
  /** A net price in cents: when set, it is the price and no discount applies to it. */
  fixedPriceCents: z.number().int().min(0).nullable(),
  /** EURO: cents off; PERCENT: basis points off; NONE: no discount. */
  discountType: costTypeSchema,
  discountAmount: z.number().int().min(0),
  /** What one unit costs before quantity discounts, in cents. */
  unitPriceCents: z.number().int().min(0),
  /** Units in stock (spec `quantity`), meaningful when setQuantity is true. */
  quantity: z.number().int().min(0),
  /** Whether the stock is managed (spec `setQuantity`); false means no stock limit. */
  setQuantity: z.boolean(),
  sellByMultipleOf: z.number().int().min(1),
  imageUrl: z.string().nullable(),
});
export type Declination = z.infer<typeof declinationSchema>;

/** What a product card needs (docs/requirements/catalogue.md `siteProducts`). */
export const productSummarySchema = z.object({
  id: idSchema,
  type: productTypeSchema,
  subtype: productSubtypeSchema.nullable(),
  name: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  /** The wine's colour (RED, WHITE, ROSE, SWEET, SPARKLING); null for boxes and other products. */
  kind: wineKindSchema.nullable(),
  region: z.string().nullable(),
  appellation: z.string().nullable(),
  /** Alcohol by volume in tenths of a percent (125 = 12.5 %). */
  alcoholTenths: z.number().int().nullable(),
  tags: z.array(z.string()),
  imageUrl: z.string().nullable(),
  isDematerialized: z.boolean(),
  hasShippingFees: z.boolean(),
  /** The lowest unit price among its declinations, in cents (the "from" price and the sort key). */
  priceCents: z.number().int().min(0),
  /** Its declinations, by position. */
  declinations: z.array(declinationSchema),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productFeatureSchema = z.object({
  id: idSchema,
  type: productFeatureTypeSchema,
  value: z.string(),
  /** GRAPE_VARIETY: its share of the blend in percent. */
  percent: z.number().int().nullable(),
});
export type ProductFeature = z.infer<typeof productFeatureSchema>;

export const mealIconSchema = z.object({ id: idSchema, name: z.string(), imageUrl: z.string() });
export type MealIcon = z.infer<typeof mealIconSchema>;

/** From minQuantity units on, this much off each unit (EURO: cents, PERCENT: basis points). */
export const decreasingDiscountSchema = z.object({
  id: idSchema,
  minQuantity: z.number().int().min(2),
  discountType: costTypeSchema,
  discountAmount: z.number().int().min(0),
});
export type DecreasingDiscount = z.infer<typeof decreasingDiscountSchema>;

/**
 * A vintage's nutrition declaration per 100 ml (EU Regulation 2021/2117, decision 0102): energy in
 * kJ and kcal, masses in hundredths of a gram (0,6 g is 60).
 */
export const nutritionDeclarationSchema = z.object({
  energyKj: z.number().int().min(0),
  energyKcal: z.number().int().min(0),
  fatCg: z.number().int().min(0),
  saturatesCg: z.number().int().min(0),
  carbohydrateCg: z.number().int().min(0),
  sugarsCg: z.number().int().min(0),
  proteinCg: z.number().int().min(0),
  saltCg: z.number().int().min(0),
});
export type NutritionDeclarationView = z.infer<typeof nutritionDeclarationSchema>;

/** An ingredient in the list's order; `role` as in « conservateur : sulfites »; allergens are emphasised. */
export const ingredientSchema = z.object({
  role: z.string().nullable(),
  name: z.string(),
  allergen: z.boolean(),
});

/** What a declination's label tells (only declinations with a declaration or ingredients appear). */
export const declinationLabelSchema = z.object({
  declinationId: idSchema,
  nutrition: nutritionDeclarationSchema.nullable(),
  ingredients: z.array(ingredientSchema),
});
export type DeclinationLabel = z.infer<typeof declinationLabelSchema>;

/** A product page: the card plus its description and technical sheet. */
export const productSchema = productSummarySchema.extend({
  /** Rich text as the site wrote it: the storefront sanitizes it before showing it. */
  description: z.string().nullable(),
  features: z.array(productFeatureSchema),
  mealIcons: z.array(mealIconSchema),
  decreasingDiscounts: z.array(decreasingDiscountSchema),
  /**
   * Each vintage's nutrition declaration and ingredients, by declination: shown before purchase
   * when the site's NUTRITIONAL_TABLE is on (decision 0102).
   */
  labels: z.array(declinationLabelSchema),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({
  /** The published products of the requested page. */
  siteProducts: z.array(productSummarySchema),
  /** Published products matching the filter, all pages together. */
  total: z.number().int().min(0),
});
export type ProductList = z.infer<typeof productListSchema>;

export const PRODUCT_ORDERS = ['price', '-price', 'name', '-name', 'position'] as const;

/**
 * The shelves a visitor browses the catalogue by (the storefront's categories, decision 0128): a
 * wine by its colour (kind), then, for the products without a colour, the boxes (type BOX) and
 * OTHER (tickets, visits, gifts…).
 */
export const PRODUCT_CATEGORIES = [...WINE_KINDS, 'BOX', 'OTHER'] as const;
export const productCategorySchema = z.enum(PRODUCT_CATEGORIES);
export type ProductCategory = z.infer<typeof productCategorySchema>;
export const productOrderSchema = z.enum(PRODUCT_ORDERS);
export type ProductOrder = z.infer<typeof productOrderSchema>;

/** `tags=a,b`: split on commas, blanks dropped; a product matches when it has any of them. */
export const productTagListQuerySchema = z
  .string()
  .max(MAX_PRODUCT_TAG_FILTERS * 61)
  .transform((value) =>
    value
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
  )
  .pipe(
    z
      .array(z.string().max(60))
      .max(MAX_PRODUCT_TAG_FILTERS, { error: `At most ${MAX_PRODUCT_TAG_FILTERS} tags.` }),
  );

/**
 * The product filter (docs/requirements/catalogue.md): nbItem, page, orderBy, name, kind, search, tags. `name`, `kind`,
 * `type`, `appellation` and `region` take the list operators of docs/requirements/lists.md (`lk:crémant`,
 * `df:RED`…); `search` looks for every word in the name, appellation, region and summary,
 * accents and case ignored,
 * or a vintage (year) of its declinations; `category` keeps one shelf (PRODUCT_CATEGORIES).
 * `price` and `-price` put equal prices in the order of their names; `name` orders the names
 * with accents and case folded.
 */
export const productListQuerySchema = pagingQuerySchema.extend({
  orderBy: productOrderSchema.optional(),
  name: filterValueSchema,
  kind: filterValueSchema,
  type: filterValueSchema,
  appellation: filterValueSchema,
  region: filterValueSchema,
  search: z.string().trim().max(MAX_PRODUCT_SEARCH_LENGTH).optional(),
  tags: productTagListQuerySchema.optional(),
  /** One shelf: a colour, the boxes or the other products (PRODUCT_CATEGORIES). */
  category: productCategorySchema.optional(),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const awardSchema = z.object({
  id: idSchema,
  productId: idSchema,
  /** The competition or guide. */
  name: z.string(),
  /** The distinction, such as 'Médaille d’or'. */
  distinction: z.string(),
  year: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
});
export type Award = z.infer<typeof awardSchema>;

export const customizationValueSchema = z.object({
  id: idSchema,
  label: z.string(),
  /** TEXT: the tier applies from this many characters on. */
  textNumberOfChar: z.number().int().min(1).nullable(),
  /** SELECT: the key the answer sends. */
  selectKey: z.string().nullable(),
  costType: costTypeSchema,
  /** EURO: cents; PERCENT: basis points of the unit price; NONE: 0. */
  amount: z.number().int().min(0),
});
export type CustomizationValue = z.infer<typeof customizationValueSchema>;

/** A question the product asks before it goes into the cart (docs/requirements/product-customization.md). */
export const customizationSchema = z.object({
  id: idSchema,
  type: customizationTypeSchema,
  inputType: customizationInputTypeSchema,
  label: z.string(),
  description: z.string().nullable(),
  isRequired: z.boolean(),
  /** TEXT: the longest answer accepted, in characters. */
  maxLength: z.number().int().nullable(),
  /** DYNAMIC_FORM: the form (GET /forms/{id}) whose fields the answer's formAnswer fills. */
  formId: idSchema.nullable(),
  customizationValues: z.array(customizationValueSchema),
});
export type Customization = z.infer<typeof customizationSchema>;

export const getProducts = defineEndpoint({
  method: 'GET',
  path: '/product',
  summary:
    "One page of the site's published products (100 per page, cheapest first by default), filtered by name, kind, type, appellation, region (list operators), category, search and tags",
  tags: ['product'],
  query: productListQuerySchema,
  response: productListSchema,
});

/**
 * What the catalogue's filters offer (decision 0128): the shelves that hold at least one visible
 * product, in PRODUCT_CATEGORIES' order, and every tag with how many visible products carry it,
 * most used first (ties in the tags' order); counted by the database, never by loading the list.
 */
export const productFacetsSchema = z.object({
  categories: z.array(productCategorySchema),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int().min(1) })),
});
export type ProductFacets = z.infer<typeof productFacetsSchema>;

export const getProductFacets = defineEndpoint({
  method: 'GET',
  path: '/product/facets',
  summary:
    "The catalogue's shelves holding a published product, and its tags with their product counts",
  tags: ['product'],
  response: productFacetsSchema,
});

export const getProduct = defineEndpoint({
  method: 'GET',
  path: '/product/:id',
  summary:
    'One published product of the site with its declinations, features, meal icons and quantity discounts',
  tags: ['product'],
  params: z.object({ id: productIdSchema }),
  response: productSchema,
});

/** A vintage's public e-label page on the storefront (decision 0109), the QR code of its sheet. */
export const E_LABEL_PREFIX = '/e-label';
export function eLabelPath(declinationId: number): string {
  return `${E_LABEL_PREFIX}/${declinationId}`;
}

/**
 * What a vintage's e-label says (EU Regulation 2021/2117): the wine that is in the bottle, its
 * nutrition declaration per 100 ml and its ingredients, allergens marked. Nothing to sell.
 */
export const eLabelSchema = z.object({
  declinationId: idSchema,
  productId: idSchema,
  name: z.string(),
  kind: wineKindSchema.nullable(),
  appellation: z.string().nullable(),
  region: z.string().nullable(),
  alcoholTenths: z.number().int().nullable(),
  year: z.number().int().nullable(),
  capacity: z.number().positive().nullable(),
  capacityUnit: capacityUnitSchema.nullable(),
  nutrition: nutritionDeclarationSchema.nullable(),
  ingredients: z.array(ingredientSchema),
});
export type ELabel = z.infer<typeof eLabelSchema>;

export const getELabel = defineEndpoint({
  method: 'GET',
  path: '/e-label/:declinationId',
  summary:
    "A published vintage's e-label: its wine, nutrition declaration per 100 ml and ingredients (404 when it has neither)",
  tags: ['product'],
  params: z.object({ declinationId: rowIdSchema }),
  response: eLabelSchema,
});

export const getAwards = defineEndpoint({
  method: 'GET',
  path: '/award',
  summary: "A published product's awards, in order",
  tags: ['product'],
  query: z.object({ product: productIdSchema }),
  response: z.array(awardSchema),
});

export const getRecommendedProducts = defineEndpoint({
  method: 'GET',
  path: '/v2/product/recommended/:id',
  summary:
    'The published products recommended on a product’s page, in order (read as data.products)',
  tags: ['product'],
  params: z.object({ id: productIdSchema }),
  response: z.object({ products: z.array(productSummarySchema) }),
});

export const getMealIcons = defineEndpoint({
  method: 'GET',
  path: '/parameter/product/meal-icon',
  summary: "The site's food-pairing pictograms, in order",
  tags: ['product'],
  response: z.array(mealIconSchema),
});

export const getProductCustomizations = defineEndpoint({
  method: 'GET',
  path: '/product/:id/customization',
  summary:
    "A published product's customizations in the order they are asked, each with its priced options",
  tags: ['product'],
  params: z.object({ id: productIdSchema }),
  response: z.array(customizationSchema),
});

/** The answer of a product sheet for a product or declination that is not for sale on the site. */
export const PRODUCT_SHEET_NOT_FOUND_MESSAGE = 'Cette fiche produit est introuvable.';

/*
 * The product sheet answers a PDF, not an envelope, so these two are route descriptions (like
 * storedFileRoute) rather than defineEndpoint values: the API registers them from here, the fuzz
 * test finds them here, and the storefront links to productSheetPath. Failures are envelopes.
 */
export const productSheetRoute = {
  method: 'GET',
  path: '/product/generate/file/:id',
  summary:
    "A published product's sheet as a PDF (A4, French): picture, vintage, format, description, technical sheet, awards, food pairings and prices of its vintages and formats",
  tags: ['product'],
  params: z.object({ id: productIdSchema }),
} as const;

export const declinationSheetRoute = {
  method: 'GET',
  path: '/product/generate/file/:id/:declinationId',
  summary:
    "The sheet of one declination (vintage and format) of a published product as a PDF (A4, French); the declination must be the product's",
  tags: ['product'],
  params: z.object({ id: productIdSchema, declinationId: rowIdSchema }),
} as const;

/** Where the storefront links to a product's sheet (through its /api rewrite). */
export function productSheetPath(productId: number, declinationId?: number): string {
  return declinationId === undefined
    ? `/product/generate/file/${productId}`
    : `/product/generate/file/${productId}/${declinationId}`;
}
