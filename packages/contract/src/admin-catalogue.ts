import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { rowIdSchema } from './ids';
import { nutritionInconsistency } from '@comptoir/domain/nutrition';
import {
  capacityUnitSchema,
  costTypeSchema,
  customizationInputTypeSchema,
  ingredientSchema,
  nutritionDeclarationSchema,
  productFeatureTypeSchema,
  productTypeSchema,
  wineKindSchema,
} from './product';

/*
 * The back office's catalogue (issue 12): a product with everything its storefront page shows
 * (declinations, awards, technical sheet, meal icons, quantity discounts, recommendations,
 * customizations and their costs), bulk price and stock edits, the low-stock list, images, and
 * the CSV import and export of products and stock. Money is integer cents and percentages basis
 * points, as stored; the screens read what the owner types in euros and convert at the edge.
 */

export const PRODUCT_NOT_FOUND_MESSAGE = 'Ce produit est introuvable.';
export const PRODUCT_SLUG_TAKEN_MESSAGE = 'Cette adresse est déjà celle d’un autre produit.';
export const PRODUCT_HAS_ORDERS_MESSAGE =
  'Ce produit figure dans des commandes : il ne peut pas être supprimé. Dépubliez-le pour le retirer de la boutique.';
export const DECLINATION_NOT_FOUND_MESSAGE = 'Une des déclinaisons choisies est introuvable.';
export const BULK_PRICE_NEGATIVE_MESSAGE = 'Ce changement rendrait un prix négatif.';
export const BULK_STOCK_NEGATIVE_MESSAGE = 'Ce changement rendrait un stock négatif.';
export const CATALOGUE_IMAGE_FIELD = 'image';
export const CATALOGUE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const CATALOGUE_IMAGE_TYPE_MESSAGE =
  'Choisissez une image PNG, JPEG, WebP ou GIF (les SVG ne sont pas acceptés).';
export const CATALOGUE_IMAGE_MISSING_MESSAGE = 'Choisissez une image à envoyer.';
export const CATALOGUE_IMAGE_TOO_LARGE_MESSAGE =
  "L'image dépasse 8 Mo : réduisez-la avant de l'envoyer.";
export const DEFAULT_LOW_STOCK_THRESHOLD = 6;
export const CSV_MAX_LENGTH = 2_000_000;

const required = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: `${label} est obligatoire.` })
    .max(max, { error: `${label} : ${max} caractères au plus.` });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${max} caractères au plus.` })
    .nullable()
    .transform((value) => (value === '' ? null : value));
const cents = z
  .number({ error: 'Saisissez un montant en euros, par exemple 12,50.' })
  .int()
  .min(0, { error: 'Le montant ne peut pas être négatif.' })
  .max(100_000_000);
const count = (label: string, min = 0) =>
  z
    .number({ error: `${label} : saisissez un nombre entier.` })
    .int({ error: `${label} : saisissez un nombre entier.` })
    .min(min, { error: `${label} : ${min} au moins.` })
    .max(1_000_000);
/** An image the back office uploaded (/api/catalogue-image/…) or an address on the web. */
const imageUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((url) => url === '' || url.startsWith('/') || /^https:\/\//.test(url), {
    error: 'Une image envoyée ou une adresse https://.',
  })
  .nullable()
  .transform((value) => (value === '' ? null : value));
const yearSchema = z
  .number({ error: 'Une année, par exemple 2022.' })
  .int()
  .min(1800, { error: 'Une année entre 1800 et 2200.' })
  .max(2200, { error: 'Une année entre 1800 et 2200.' })
  .nullable();
/** A discount: EURO in cents, PERCENT in basis points (10 000 = 100 %). */
function discountRefine(
  value: { discountType: string; discountAmount: number },
  ctx: z.RefinementCtx,
) {
  if (value.discountType === 'PERCENT' && value.discountAmount > 10_000) {
    ctx.addIssue({ code: 'custom', path: ['discountAmount'], message: '100 % au plus.' });
  }
}

export const MAX_INGREDIENTS = 40;
export const NUTRITION_ENERGY_MISMATCH_MESSAGE =
  'L’énergie en kcal ne correspond pas à celle en kJ (1 kcal = 4,184 kJ).';
const amount = (label: string, max: number, unit: string) =>
  z
    .number({ error: `${label} : saisissez un nombre.` })
    .int({ error: `${label} : saisissez un nombre.` })
    .min(0, { error: `${label} ne peut pas être négatif.` })
    .max(max, { error: `${label} : ${max} ${unit} au plus pour 100 ml.` });
const grams = (label: string) =>
  z
    .number({ error: `${label} : saisissez un poids en grammes, par exemple 0,6.` })
    .int({ error: `${label} : deux décimales au plus.` })
    .min(0, { error: `${label} ne peut pas être négatif.` })
    .max(10_000, { error: `${label} : 100 g au plus pour 100 ml.` });

/**
 * A vintage's nutrition declaration per 100 ml as the back office sends it (decision 0102):
 * energy in kJ and kcal, masses in hundredths of a gram. All of it or nothing (null).
 */
export const nutritionInputSchema = z
  .object({
    energyKj: amount('L’énergie', 4_000, 'kJ'),
    energyKcal: amount('L’énergie', 1_000, 'kcal'),
    fatCg: grams('Les matières grasses'),
    saturatesCg: grams('Les acides gras saturés'),
    carbohydrateCg: grams('Les glucides'),
    sugarsCg: grams('Les sucres'),
    proteinCg: grams('Les protéines'),
    saltCg: grams('Le sel'),
  })
  .superRefine((value, ctx) => {
    if (Math.abs(value.energyKcal - value.energyKj / 4.184) > 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['energyKcal'],
        message: NUTRITION_ENERGY_MISMATCH_MESSAGE,
      });
    }
    const wrong = nutritionInconsistency(value);
    if (wrong) ctx.addIssue({ code: 'custom', path: [wrong.key], message: wrong.message });
  });
export type NutritionInput = z.input<typeof nutritionInputSchema>;

/** One ingredient in the list's order: « conservateur » (role) : « sulfites » (name), an allergen. */
export const ingredientInputSchema = z.object({
  role: optionalText(60),
  name: required('L’ingrédient', 120),
  allergen: z.boolean(),
});
export type IngredientInput = z.input<typeof ingredientInputSchema>;

export const declinationInputSchema = z
  .object({
    /** An existing declination keeps its id (carts hold it); a new one has none. */
    id: rowIdSchema.optional(),
    year: yearSchema,
    capacity: z.number().positive({ error: 'Une contenance positive.' }).max(1000).nullable(),
    capacityUnit: capacityUnitSchema.nullable(),
    priceCents: cents,
    fixedPriceCents: cents.nullable(),
    discountType: costTypeSchema,
    discountAmount: count('La remise'),
    stock: count('Le stock'),
    isStockManaged: z.boolean(),
    sellByMultipleOf: count('Vendu par', 1),
    imageUrl: imageUrlSchema,
    /** The vintage's nutrition declaration (null: none yet). */
    nutrition: nutritionInputSchema.nullable().default(null),
    /** Its ingredients in order, allergens marked (empty: none given). */
    ingredients: z
      .array(ingredientInputSchema)
      .max(MAX_INGREDIENTS, { error: `${MAX_INGREDIENTS} ingrédients au plus.` })
      .default([]),
  })
  .superRefine((value, ctx) => {
    if ((value.capacity === null) !== (value.capacityUnit === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['capacity'],
        message: 'Indiquez la contenance avec son unité, ou ni l’une ni l’autre.',
      });
    }
    discountRefine(value, ctx);
  });
export type DeclinationInput = z.input<typeof declinationInputSchema>;

export const featureInputSchema = z.object({
  type: productFeatureTypeSchema,
  value: required('La valeur', 300),
  percent: z.number().int().min(1, { error: 'Entre 1 et 100 %.' }).max(100).nullable(),
});

export const awardInputSchema = z.object({
  name: required('Le concours', 200),
  distinction: required('La distinction', 200),
  year: yearSchema,
  imageUrl: imageUrlSchema,
});

export const decreasingDiscountInputSchema = z
  .object({
    minQuantity: count('La quantité', 2),
    discountType: z.enum(['EURO', 'PERCENT']),
    discountAmount: count('La remise', 1),
  })
  .superRefine(discountRefine);

export const customizationValueInputSchema = z.object({
  label: required('Le libellé', 200),
  textNumberOfChar: z.number().int().min(1).nullable(),
  selectKey: optionalText(100),
  costType: costTypeSchema,
  amount: count('Le coût'),
});

export const customizationInputSchema = z
  .object({
    id: rowIdSchema.optional(),
    inputType: customizationInputTypeSchema,
    label: required('La question', 200),
    description: optionalText(1000),
    isRequired: z.boolean(),
    maxLength: z.number().int().min(1).max(1000).nullable(),
    /** A site form whose fields the customer also fills (DYNAMIC_FORM); null for a simple one. */
    formId: rowIdSchema.nullable(),
    values: z.array(customizationValueInputSchema).max(50),
  })
  .superRefine((value, ctx) => {
    if (value.maxLength !== null && value.inputType !== 'TEXT') {
      ctx.addIssue({
        code: 'custom',
        path: ['maxLength'],
        message: 'Une longueur maximale ne vaut que pour un texte.',
      });
    }
    const keys = value.values.map((item) => item.selectKey).filter((key) => key !== null);
    if (new Set(keys).size !== keys.length) {
      ctx.addIssue({ code: 'custom', path: ['values'], message: 'Deux options ont la même clé.' });
    }
  });

function uniqueBy<T>(items: readonly T[], key: (item: T) => unknown): boolean {
  return new Set(items.map(key)).size === items.length;
}

export const productInputSchema = z
  .object({
    type: productTypeSchema,
    kind: wineKindSchema.nullable(),
    name: required('Le nom', 200),
    /** Empty: made from the name. */
    slug: z
      .string()
      .trim()
      .max(200)
      .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, {
        error: 'Des lettres minuscules sans accent, des chiffres et des tirets.',
      }),
    summary: optionalText(500),
    description: optionalText(20_000),
    region: optionalText(200),
    appellation: optionalText(200),
    alcoholTenths: z.number().int().min(0).max(1000, { error: 'Entre 0 et 100 %.' }).nullable(),
    tags: z.array(z.string().trim().min(1).max(60)).max(30),
    imageUrl: imageUrlSchema,
    isPublished: z.boolean(),
    isDematerialized: z.boolean(),
    hasShippingFees: z.boolean(),
    vatRateBasisPoints: z.number().int().min(0).max(10_000),
    position: z.number().int().min(0).max(100_000),
    declinations: z
      .array(declinationInputSchema)
      .min(1, { error: 'Un produit a au moins une déclinaison.' })
      .max(100),
    features: z.array(featureInputSchema).max(50),
    awards: z.array(awardInputSchema).max(50),
    mealIconIds: z.array(rowIdSchema).max(50),
    decreasingDiscounts: z.array(decreasingDiscountInputSchema).max(20),
    recommendedProductIds: z.array(rowIdSchema).max(20),
    customizations: z.array(customizationInputSchema).max(20),
  })
  .superRefine((value, ctx) => {
    if (value.isDematerialized && value.hasShippingFees) {
      ctx.addIssue({
        code: 'custom',
        path: ['hasShippingFees'],
        message: 'Un produit dématérialisé ne paie pas de frais de port.',
      });
    }
    if (!uniqueBy(value.decreasingDiscounts, (item) => item.minQuantity)) {
      ctx.addIssue({
        code: 'custom',
        path: ['decreasingDiscounts'],
        message: 'Deux remises par quantité commencent à la même quantité.',
      });
    }
    const ids = value.declinations.map((item) => item.id).filter((id) => id !== undefined);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['declinations'], message: 'Déclinaison en double.' });
    }
  });
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductInputParsed = z.output<typeof productInputSchema>;

export const adminDeclinationSchema = z.object({
  id: z.number().int(),
  year: z.number().int().nullable(),
  capacity: z.number().nullable(),
  capacityUnit: capacityUnitSchema.nullable(),
  priceCents: z.number().int(),
  fixedPriceCents: z.number().int().nullable(),
  discountType: costTypeSchema,
  discountAmount: z.number().int(),
  unitPriceCents: z.number().int(),
  stock: z.number().int(),
  isStockManaged: z.boolean(),
  sellByMultipleOf: z.number().int(),
  imageUrl: z.string().nullable(),
  nutrition: nutritionDeclarationSchema.nullable(),
  ingredients: z.array(ingredientSchema),
});
export type AdminDeclination = z.infer<typeof adminDeclinationSchema>;

export const adminProductSchema = z.object({
  id: z.number().int(),
  type: productTypeSchema,
  kind: wineKindSchema.nullable(),
  name: z.string(),
  slug: z.string(),
  summary: z.string().nullable(),
  description: z.string().nullable(),
  region: z.string().nullable(),
  appellation: z.string().nullable(),
  alcoholTenths: z.number().int().nullable(),
  tags: z.array(z.string()),
  imageUrl: z.string().nullable(),
  isPublished: z.boolean(),
  isDematerialized: z.boolean(),
  hasShippingFees: z.boolean(),
  vatRateBasisPoints: z.number().int(),
  position: z.number().int(),
  declinations: z.array(adminDeclinationSchema),
  features: z.array(
    z.object({ type: productFeatureTypeSchema, value: z.string(), percent: z.number().nullable() }),
  ),
  awards: z.array(
    z.object({
      name: z.string(),
      distinction: z.string(),
      year: z.number().int().nullable(),
      imageUrl: z.string().nullable(),
    }),
  ),
  mealIconIds: z.array(z.number().int()),
  decreasingDiscounts: z.array(
    z.object({
      minQuantity: z.number().int(),
      discountType: z.enum(['EURO', 'PERCENT']),
      discountAmount: z.number().int(),
    }),
  ),
  recommendedProductIds: z.array(z.number().int()),
  customizations: z.array(
    z.object({
      id: z.number().int(),
      inputType: customizationInputTypeSchema,
      label: z.string(),
      description: z.string().nullable(),
      isRequired: z.boolean(),
      maxLength: z.number().int().nullable(),
      formId: z.number().int().nullable(),
      values: z.array(
        z.object({
          label: z.string(),
          textNumberOfChar: z.number().int().nullable(),
          selectKey: z.string().nullable(),
          costType: costTypeSchema,
          amount: z.number().int(),
        }),
      ),
    }),
  ),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  type: productTypeSchema,
  isPublished: z.boolean(),
  imageUrl: z.string().nullable(),
  declinations: z.array(adminDeclinationSchema),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminCatalogueSchema = z.object({
  products: z.array(adminProductRowSchema),
  /** The site's meal icons, for the product form. */
  mealIcons: z.array(z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string() })),
});
export type AdminCatalogue = z.infer<typeof adminCatalogueSchema>;

const idParams = z.object({ id: rowIdSchema });

export const listAdminProducts = defineEndpoint({
  method: 'GET',
  path: '/admin/product',
  summary:
    'Every product of the site with its declinations, gift voucher excepted (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: adminCatalogueSchema,
});

export const getAdminProduct = defineEndpoint({
  method: 'GET',
  path: '/admin/product/:id',
  summary:
    'One product with everything its page shows, as the product form edits it (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: adminProductSchema,
});

export const createProduct = defineEndpoint({
  method: 'POST',
  path: '/admin/product',
  summary: 'Add a product with its declinations and everything its page shows (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: productInputSchema,
  response: adminProductSchema,
});

export const updateProduct = defineEndpoint({
  method: 'PUT',
  path: '/admin/product/:id',
  summary:
    'Replace a product and its lists; declinations and customizations sent with their id keep it (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  body: productInputSchema,
  response: adminProductSchema,
});

export const deleteProduct = defineEndpoint({
  method: 'DELETE',
  path: '/admin/product/:id',
  summary:
    'Delete a product never ordered (an ordered one is unpublished instead) (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  params: idParams,
  response: z.object({ id: z.number().int() }),
});

export const bulkStockSchema = z.object({
  mode: z.enum(['SET', 'ADD']),
  value: z.number().int().min(-1_000_000).max(1_000_000),
});
export const bulkPriceSchema = z.object({
  /** AMOUNT adds cents (negative to lower), PERCENT adds basis points of the price (-1000 = -10 %). */
  mode: z.enum(['SET', 'AMOUNT', 'PERCENT']),
  value: z.number().int().min(-100_000_000).max(100_000_000),
});
export const bulkDeclinationEditSchema = z
  .object({
    ids: z.array(rowIdSchema).min(1, { error: 'Choisissez au moins une déclinaison.' }).max(1000),
    stock: bulkStockSchema.nullable(),
    price: bulkPriceSchema.nullable(),
  })
  .refine((value) => value.stock !== null || value.price !== null, {
    error: 'Indiquez un changement de stock ou de prix.',
    path: ['stock'],
  });
export type BulkDeclinationEdit = z.input<typeof bulkDeclinationEditSchema>;

export const bulkEditDeclinations = defineEndpoint({
  method: 'PUT',
  path: '/admin/declination/bulk',
  summary:
    'Set or add stock and change the catalogue price (to, by an amount or by a percentage) of several declinations at once (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: bulkDeclinationEditSchema,
  response: z.object({ declinations: z.array(adminDeclinationSchema) }),
});

export const lowStockRowSchema = z.object({
  productId: z.number().int(),
  productName: z.string(),
  declination: adminDeclinationSchema,
});
export const getLowStock = defineEndpoint({
  method: 'GET',
  path: '/admin/declination/low-stock',
  summary:
    'Declinations whose managed stock is at or below the threshold, lowest first (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  query: z.object({
    threshold: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_LOW_STOCK_THRESHOLD),
  }),
  response: z.object({ threshold: z.number().int(), rows: z.array(lowStockRowSchema) }),
});

/* ----------------------------------------- images ----------------------------------------- */

export const uploadCatalogueImage = defineEndpoint({
  method: 'POST',
  path: '/admin/catalogue/image',
  summary:
    'Upload a product, declination or award picture (multipart `image`): checked, reduced and stored as WebP; answers its URL (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  /** No field besides the image (the client sends a FormData; the API reads the parts). */
  body: z.object({}),
  response: z.object({ url: z.string() }),
});

/** Public: an uploaded catalogue image (an <img> sends no siteId header: the site is in the path). */
export const catalogueImageRoute = {
  method: 'GET',
  path: '/catalogue-image/:siteId/:key',
  summary: 'A catalogue image the back office uploaded',
  tags: ['product'],
  params: z.object({
    siteId: rowIdSchema,
    key: z.string().regex(/^[a-z0-9-]{10,80}\.webp$/),
  }),
} as const;

/* ------------------------------------------ CSV ------------------------------------------- */

/**
 * The spreadsheet's columns. An export writes them all; an import needs `id_declinaison` (to
 * change a declination) or `id_produit` / `produit` (to add one) and applies only the columns
 * present, so a two-column stock sheet works.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'id_declinaison',
  'id_produit',
  'produit',
  'millesime',
  'contenance',
  'unite',
  'prix',
  'prix_net',
  'stock',
  'stock_gere',
  'vendu_par',
  'publie',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

export const catalogueCsvBodySchema = z.object({
  csv: z
    .string()
    .min(1, { error: 'Le fichier est vide.' })
    .max(CSV_MAX_LENGTH, { error: 'Le fichier dépasse 2 Mo.' }),
});

export const csvImportChangeSchema = z.object({
  line: z.number().int(),
  kind: z.enum(['UPDATE', 'CREATE_DECLINATION', 'CREATE_PRODUCT']),
  productName: z.string(),
  declinationId: z.number().int().nullable(),
  /** Field → [before, after] as the owner reads them (euros with a comma, stock counts). */
  fields: z.record(z.string(), z.tuple([z.string().nullable(), z.string().nullable()])),
});
export type CsvImportChange = z.infer<typeof csvImportChangeSchema>;
export const csvImportErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type CsvImportError = z.infer<typeof csvImportErrorSchema>;

export const csvImportPreviewSchema = z.object({
  changes: z.array(csvImportChangeSchema),
  errors: z.array(csvImportErrorSchema),
  /** Lines read, header excluded. */
  lineCount: z.number().int(),
});
export type CsvImportPreview = z.infer<typeof csvImportPreviewSchema>;

export const previewCatalogueImport = defineEndpoint({
  method: 'POST',
  path: '/admin/catalogue/import/preview',
  summary:
    'Read a products and stock CSV and tell what it would change, with the errors by line (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: catalogueCsvBodySchema,
  response: csvImportPreviewSchema,
});

export const applyCatalogueImport = defineEndpoint({
  method: 'POST',
  path: '/admin/catalogue/import',
  summary:
    'Apply a products and stock CSV in one transaction; any wrong line and nothing changes (422 with the lines) (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  body: catalogueCsvBodySchema,
  response: csvImportPreviewSchema,
});

export const exportCatalogue = defineEndpoint({
  method: 'GET',
  path: '/admin/catalogue/export',
  summary:
    'The products and stock as a semicolon CSV with French decimals, one line per declination (ADMIN, SUPER_ADMIN)',
  tags: ['admin'],
  response: z.object({ filename: z.string(), csv: z.string() }),
});
