/**
 * Catalogue (Shop I, issue 8): the variations, products, their declinations and everything shown
 * around them. Money is integer cents; percentages are basis points (1000 = 10 %). Every table
 * carries site_id in its keys, children reach their parent through (site_id, parent_id), and
 * CHECK constraints keep prices, stocks and multiples sane whatever writes them.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  primaryKey,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CAPACITY_UNITS,
  COST_TYPES,
  CUSTOMIZATION_INPUT_TYPES,
  CUSTOMIZATION_TYPES,
  PRODUCT_SUBTYPES,
  PRODUCT_TYPES,
  WINE_KINDS,
} from '@comptoir/domain/catalogue';
import type { Ingredient } from '@comptoir/domain/nutrition';
import { forms } from './forms';
import { sites } from './platform';

export const variations = pgTable(
  'variations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
  },
  (table) => [
    unique('variations_site_name_key').on(table.siteId, table.name),
    unique('variations_site_id_key').on(table.siteId, table.id),
  ],
);

export const variationValues = pgTable(
  'variation_values',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    variationId: integer('variation_id').notNull(),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
  },
  (table) => [
    unique('variation_values_site_variation_name_key').on(
      table.siteId,
      table.variationId,
      table.name,
    ),
    // Declinations point at their variation values through (site_id, id) (catalogue below).
    unique('variation_values_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'variation_values_variation_fk',
      columns: [table.siteId, table.variationId],
      foreignColumns: [variations.siteId, variations.id],
    }).onDelete('cascade'),
  ],
);

export const productType = pgEnum('product_type', PRODUCT_TYPES);

export const productSubtype = pgEnum('product_subtype', PRODUCT_SUBTYPES);

export const wineKind = pgEnum('wine_kind', WINE_KINDS);

export const capacityUnit = pgEnum('capacity_unit', CAPACITY_UNITS);

export const costType = pgEnum('cost_type', COST_TYPES);

export const customizationType = pgEnum('customization_type', CUSTOMIZATION_TYPES);

export const customizationInputType = pgEnum('customization_input_type', CUSTOMIZATION_INPUT_TYPES);

export const productFeatureType = pgEnum('product_feature_type', [
  'GRAPE_VARIETY',
  'AGEING',
  'SERVING_TEMPERATURE',
  'KEEPING',
  'SOIL',
  'TASTING',
]);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    type: productType('type').notNull(),
    subtype: productSubtype('subtype'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** One or two sentences for cards and meta descriptions. */
    summary: text('summary'),
    /** Rich text as the site wrote it; the storefront sanitizes it. */
    description: text('description'),
    /** The wine's colour (the list's kind filter); null for boxes and other products. */
    kind: wineKind('kind'),
    region: text('region'),
    appellation: text('appellation'),
    /** Alcohol by volume in tenths of a percent (125 = 12.5 %), null when not a wine. */
    alcoholTenths: integer('alcohol_tenths'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    /** A ticket or a voucher: nothing to ship. */
    isDematerialized: boolean('is_dematerialized').notNull().default(false),
    /**
     * The site's gift voucher (one per site, made on the first purchase): never listed in the
     * catalogue nor added by the generic add-to-cart; its lines are priced by cart_gift_vouchers.
     */
    isGiftVoucher: boolean('is_gift_voucher').notNull().default(false),
    hasShippingFees: boolean('has_shipping_fees').notNull().default(true),
    /** The VAT rate in basis points (2000 = 20 %, French wine); orders copy it onto their lines. */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull().default(2000),
    position: integer('position').notNull().default(0),
    isPublished: boolean('is_published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Folded words of the name, for the site search (decision 0098), written by PostgreSQL. */
    searchTitle: text('search_title')
      .notNull()
      .generatedAlwaysAs(sql`search_folded(name)`),
    /** Folded words of the summary, description, appellation and region, for the site search. */
    searchBody: text('search_body')
      .notNull()
      .generatedAlwaysAs(
        sql`search_folded(coalesce(summary, '') || ' ' || coalesce(description, '') || ' ' || coalesce(appellation, '') || ' ' || coalesce(region, ''))`,
      ),
  },
  (table) => [
    unique('products_site_id_key').on(table.siteId, table.id),
    unique('products_site_slug_key').on(table.siteId, table.slug),
    index('products_site_published_idx').on(table.siteId, table.isPublished),
    uniqueIndex('products_site_gift_voucher_key')
      .on(table.siteId)
      .where(sql`${table.isGiftVoucher}`),
    check(
      'products_dematerialized_ships_free',
      sql`NOT ${table.isDematerialized} OR NOT ${table.hasShippingFees}`,
    ),
    check(
      'products_alcohol_range',
      sql`${table.alcoholTenths} IS NULL OR ${table.alcoholTenths} BETWEEN 0 AND 1000`,
    ),
  ],
);

/**
 * One buyable version of a product: a vintage in a capacity. unit_price_cents is what one unit
 * costs before quantity discounts, computed by PostgreSQL with the same rule as
 * `unitPriceCents` of @comptoir/domain/declination-price (a fixed price as is; otherwise the
 * price less its discount, a percentage rounded half up to the cent, never below 0), so that
 * the list can sort and filter on it.
 */
export const declinations = pgTable(
  'declinations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    year: integer('year'),
    capacity: doublePrecision('capacity'),
    capacityUnit: capacityUnit('capacity_unit'),
    priceCents: integer('price_cents').notNull(),
    /** A net price: when set, it is the price and no discount applies. */
    fixedPriceCents: integer('fixed_price_cents'),
    discountType: costType('discount_type').notNull().default('NONE'),
    discountAmount: integer('discount_amount').notNull().default(0),
    unitPriceCents: integer('unit_price_cents')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE
          WHEN fixed_price_cents IS NOT NULL THEN fixed_price_cents
          WHEN discount_type = 'EURO' THEN GREATEST(0, price_cents - discount_amount)
          WHEN discount_type = 'PERCENT' THEN GREATEST(0, price_cents - ((price_cents::bigint * discount_amount + 5000) / 10000)::integer)
          ELSE price_cents
        END`,
      ),
    /** Units left; only read when is_stock_managed (the spec's setQuantity). */
    stock: integer('stock').notNull().default(0),
    isStockManaged: boolean('is_stock_managed').notNull().default(true),
    sellByMultipleOf: integer('sell_by_multiple_of').notNull().default(1),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
    /*
     * The vintage's nutrition declaration per 100 ml (EU Regulation 2021/2117, decision 0102):
     * energy in kJ and kcal, masses in hundredths of a gram; all set or all null.
     */
    energyKj: integer('energy_kj'),
    energyKcal: integer('energy_kcal'),
    fatCg: integer('fat_cg'),
    saturatesCg: integer('saturates_cg'),
    carbohydrateCg: integer('carbohydrate_cg'),
    sugarsCg: integer('sugars_cg'),
    proteinCg: integer('protein_cg'),
    saltCg: integer('salt_cg'),
    /** Its ingredients in order, allergens marked (@comptoir/domain/nutrition `Ingredient`). */
    ingredients: jsonb('ingredients').$type<Ingredient[]>().notNull().default([]),
  },
  (table) => [
    unique('declinations_site_id_key').on(table.siteId, table.id),
    check(
      'declinations_nutrition_whole',
      sql`num_nonnulls(${table.energyKj}, ${table.energyKcal}, ${table.fatCg}, ${table.saturatesCg}, ${table.carbohydrateCg}, ${table.sugarsCg}, ${table.proteinCg}, ${table.saltCg}) IN (0, 8)`,
    ),
    check(
      'declinations_nutrition_not_negative',
      sql`LEAST(${table.energyKj}, ${table.energyKcal}, ${table.fatCg}, ${table.saturatesCg}, ${table.carbohydrateCg}, ${table.sugarsCg}, ${table.proteinCg}, ${table.saltCg}) >= 0`,
    ),
    foreignKey({
      name: 'declinations_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    index('declinations_site_product_idx').on(table.siteId, table.productId),
    check('declinations_price_not_negative', sql`${table.priceCents} >= 0`),
    check(
      'declinations_fixed_price_not_negative',
      sql`${table.fixedPriceCents} IS NULL OR ${table.fixedPriceCents} >= 0`,
    ),
    check('declinations_stock_not_negative', sql`${table.stock} >= 0`),
    check('declinations_multiple_positive', sql`${table.sellByMultipleOf} >= 1`),
    check(
      'declinations_discount_range',
      sql`${table.discountAmount} >= 0 AND (${table.discountType} <> 'PERCENT' OR ${table.discountAmount} <= 10000)`,
    ),
    check(
      'declinations_capacity_with_unit',
      sql`(${table.capacity} IS NULL) = (${table.capacityUnit} IS NULL) AND (${table.capacity} IS NULL OR ${table.capacity} > 0)`,
    ),
    check(
      'declinations_year_range',
      sql`${table.year} IS NULL OR ${table.year} BETWEEN 1800 AND 2200`,
    ),
  ],
);

/** The variation values (GET /variation) a declination carries, such as Couleur: Blanc. */
export const declinationVariations = pgTable(
  'declination_variations',
  {
    siteId: integer('site_id').notNull(),
    declinationId: integer('declination_id').notNull(),
    variationValueId: integer('variation_value_id').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'declination_variations_pk',
      columns: [table.siteId, table.declinationId, table.variationValueId],
    }),
    foreignKey({
      name: 'declination_variations_declination_fk',
      columns: [table.siteId, table.declinationId],
      foreignColumns: [declinations.siteId, declinations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'declination_variations_value_fk',
      columns: [table.siteId, table.variationValueId],
      foreignColumns: [variationValues.siteId, variationValues.id],
    }).onDelete('cascade'),
  ],
);

/** Medals and distinctions (GET /award?product={id}). */
export const awards = pgTable(
  'awards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    /** The competition or guide, such as 'Concours Général Agricole'. */
    name: text('name').notNull(),
    /** The distinction, such as 'Médaille d’or' or '2 étoiles'. */
    distinction: text('distinction').notNull(),
    year: integer('year'),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('awards_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'awards_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    index('awards_site_product_idx').on(table.siteId, table.productId),
  ],
);

/** Technical sheet lines: grape varieties (with their share), ageing, serving temperature… */
export const productFeatures = pgTable(
  'product_features',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    type: productFeatureType('type').notNull(),
    value: text('value').notNull(),
    /** GRAPE_VARIETY: its share of the blend in percent, when known. */
    percent: integer('percent'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('product_features_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'product_features_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    index('product_features_site_product_idx').on(table.siteId, table.productId),
    check(
      'product_features_percent_range',
      sql`${table.percent} IS NULL OR ${table.percent} BETWEEN 1 AND 100`,
    ),
  ],
);

/** Food pairings as pictograms (GET /parameter/product/meal-icon), per site. */
export const mealIcons = pgTable(
  'meal_icons',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('meal_icons_site_id_key').on(table.siteId, table.id),
    unique('meal_icons_site_name_key').on(table.siteId, table.name),
  ],
);

export const productMealIcons = pgTable(
  'product_meal_icons',
  {
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    mealIconId: integer('meal_icon_id').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'product_meal_icons_pk',
      columns: [table.siteId, table.productId, table.mealIconId],
    }),
    foreignKey({
      name: 'product_meal_icons_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_meal_icons_icon_fk',
      columns: [table.siteId, table.mealIconId],
      foreignColumns: [mealIcons.siteId, mealIcons.id],
    }).onDelete('cascade'),
  ],
);

/** Quantity discounts: from min_quantity units of the product on, this much off each unit. */
export const decreasingDiscounts = pgTable(
  'decreasing_discounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    discountType: costType('discount_type').notNull(),
    discountAmount: integer('discount_amount').notNull(),
  },
  (table) => [
    unique('decreasing_discounts_site_id_key').on(table.siteId, table.id),
    unique('decreasing_discounts_site_product_quantity_key').on(
      table.siteId,
      table.productId,
      table.minQuantity,
    ),
    foreignKey({
      name: 'decreasing_discounts_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    check('decreasing_discounts_quantity_above_one', sql`${table.minQuantity} >= 2`),
    check(
      'decreasing_discounts_amount_range',
      sql`${table.discountAmount} > 0 AND (${table.discountType} <> 'PERCENT' OR ${table.discountAmount} <= 10000)`,
    ),
    check('decreasing_discounts_not_none', sql`${table.discountType} <> 'NONE'`),
  ],
);

/** "You may also like": products shown on a product's page, in order. */
export const productRecommendations = pgTable(
  'product_recommendations',
  {
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    recommendedProductId: integer('recommended_product_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'product_recommendations_pk',
      columns: [table.siteId, table.productId, table.recommendedProductId],
    }),
    foreignKey({
      name: 'product_recommendations_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_recommendations_recommended_fk',
      columns: [table.siteId, table.recommendedProductId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    check(
      'product_recommendations_not_itself',
      sql`${table.productId} <> ${table.recommendedProductId}`,
    ),
  ],
);

/**
 * Questions a product asks before it goes into the cart (docs/requirements/product-customization.md): an engraving (TEXT), a case
 * (SELECT), gift wrapping (CHECKBOX), a label picture (FILE). A DYNAMIC_FORM customization
 * also asks the fields of one of the site's forms (the answer's formAnswer).
 */
export const productCustomizations = pgTable(
  'product_customizations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    productId: integer('product_id').notNull(),
    type: customizationType('type').notNull().default('SIMPLE'),
    inputType: customizationInputType('input_type').notNull(),
    label: text('label').notNull(),
    description: text('description'),
    isRequired: boolean('is_required').notNull().default(false),
    /** TEXT: the longest answer accepted, in characters. */
    maxLength: integer('max_length'),
    formId: integer('form_id'),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('product_customizations_site_id_key').on(table.siteId, table.id),
    foreignKey({
      name: 'product_customizations_product_fk',
      columns: [table.siteId, table.productId],
      foreignColumns: [products.siteId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'product_customizations_form_fk',
      columns: [table.siteId, table.formId],
      foreignColumns: [forms.siteId, forms.id],
    }),
    index('product_customizations_site_product_idx').on(table.siteId, table.productId),
    check(
      'product_customizations_form_when_dynamic',
      sql`(${table.type} = 'DYNAMIC_FORM') = (${table.formId} IS NOT NULL)`,
    ),
    check(
      'product_customizations_max_length',
      sql`${table.maxLength} IS NULL OR (${table.inputType} = 'TEXT' AND ${table.maxLength} BETWEEN 1 AND 1000)`,
    ),
  ],
);

/** The priced options of a customization: text tiers, select options, the checkbox's price. */
export const productCustomizationValues = pgTable(
  'product_customization_values',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    customizationId: integer('customization_id').notNull(),
    label: text('label').notNull(),
    textNumberOfChar: integer('text_number_of_char'),
    selectKey: text('select_key'),
    costType: costType('cost_type').notNull().default('NONE'),
    /** EURO: cents; PERCENT: basis points of the unit price. */
    amount: integer('amount').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    unique('product_customization_values_site_id_key').on(table.siteId, table.id),
    unique('product_customization_values_select_key').on(
      table.siteId,
      table.customizationId,
      table.selectKey,
    ),
    unique('product_customization_values_text_tier_key').on(
      table.siteId,
      table.customizationId,
      table.textNumberOfChar,
    ),
    foreignKey({
      name: 'product_customization_values_customization_fk',
      columns: [table.siteId, table.customizationId],
      foreignColumns: [productCustomizations.siteId, productCustomizations.id],
    }).onDelete('cascade'),
    check(
      'product_customization_values_amount_range',
      sql`${table.amount} >= 0 AND (${table.costType} <> 'PERCENT' OR ${table.amount} <= 10000)`,
    ),
    check(
      'product_customization_values_tier_positive',
      sql`${table.textNumberOfChar} IS NULL OR ${table.textNumberOfChar} >= 1`,
    ),
  ],
);
