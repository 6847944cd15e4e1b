import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';
import { capacityUnitSchema, productIdSchema, productTypeSchema } from './product';

/*
 * The cart (docs/requirements/cart.md). Money is integer cents (`…Cents`), always
 * computed by the API from the catalogue: no request carries a price.
 */

export const CART_TYPES = ['MAIN_CART'] as const;
export const cartTypeSchema = z.enum(CART_TYPES);
export type CartType = z.infer<typeof cartTypeSchema>;

export const CART_NOT_FOUND_MESSAGE = 'Ce panier est introuvable.';
export const CART_PRODUCT_NOT_FOUND_MESSAGE = 'Cette ligne du panier est introuvable.';
export const DECLINATION_NOT_FOUND_MESSAGE = 'Ce produit n’est pas disponible à la vente.';
export const CUSTOMIZATION_INVALID_MESSAGE = 'La personnalisation n’est pas valide.';
export const CUSTOMIZATION_NOT_FOUND_MESSAGE = 'Cette personnalisation est introuvable.';
export const CART_MULTIPART_EXPECTED_MESSAGE = 'L’ajout au panier s’envoie en multipart/form-data.';
/** 429 of POST /cart and POST /cart/new/product/… once an address has opened too many carts. */
export const TOO_MANY_CARTS_MESSAGE =
  'Trop de paniers ont été ouverts depuis votre connexion. Reprenez votre panier en cours ou réessayez dans une heure.';

/** The most customization files one add-to-cart may carry, and the size of each. */
export const CUSTOMIZATION_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const CUSTOMIZATION_FILE_MAX_MB = 5;
/** The types a FILE customization accepts, checked by content (a renamed file is refused). */
export const CUSTOMIZATION_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
];
export const CUSTOMIZATION_FILE_TYPE_MESSAGE =
  'Ce type de fichier n’est pas accepté. Formats acceptés : PNG, JPEG, WebP, PDF.';
export const CUSTOMIZATION_FILE_TOO_LARGE_MESSAGE = `Le fichier dépasse ${CUSTOMIZATION_FILE_MAX_MB} Mo.`;
export const CUSTOMIZATION_FILE_MISSING_MESSAGE = 'Aucun fichier reçu.';

/** The name of the httpOnly cookie holding a visitor's cart secret, one per site. */
export function cartSecretCookieName(siteId: number): string {
  return `cart_secret_${siteId}`;
}

const idSchema = z.number().int();
const cartIdParam = rowIdSchema;

/** A customization answer (docs/requirements/product-customization.md): only the field of the customization's input type is read. */
export const customizationAnswerSchema = z.strictObject({
  customizationId: idSchema.positive(),
  textValue: z.string().max(1000).nullish(),
  checkboxValue: z.boolean().nullish(),
  selectValue: z
    .strictObject({ key: z.string().max(200), value: z.string().max(500).nullish() })
    .nullish(),
  /** FILE: the name of the file part sent with it (add to cart) or already validated. */
  filename: z.string().max(255).nullish(),
  /** DYNAMIC_FORM: the answers to the form's fields, by field key. */
  formAnswer: z.record(z.string(), z.unknown()).nullish(),
});
export type CustomizationAnswerInput = z.infer<typeof customizationAnswerSchema>;
export const customizationAnswersSchema = z.array(customizationAnswerSchema).max(50);

/** An answer as the cart shows it, with what it adds to each unit. */
export const cartCustomizationSchema = z.object({
  customizationId: idSchema,
  label: z.string(),
  textValue: z.string().nullable(),
  checkboxValue: z.boolean().nullable(),
  selectValue: z.object({ key: z.string(), value: z.string().nullable() }).nullable(),
  filename: z.string().nullable(),
  formAnswer: z.record(z.string(), z.unknown()).nullable(),
  /** Cents added to each unit by this answer. */
  costCents: z.number().int().min(0),
});

/** A line of a cart (docs/requirements/cart.md). */
export const cartProductSchema = z.object({
  /** The line's id (the spec's idCartProduct). */
  id: idSchema,
  productId: idSchema,
  declinationId: idSchema,
  quantity: z.number().int().min(1),
  /** WINE or BOX as the spec has them; OTHER for a ticket or a voucher. */
  type: productTypeSchema,
  isDematerialized: z.boolean(),
  hasShippingFees: z.boolean(),
  capacity: z.number().nullable(),
  capacityUnit: capacityUnitSchema.nullable(),
  sellByMultipleOf: z.number().int().min(1),
  name: z.string(),
  year: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  /** One unit after the declination's and the quantity discounts, before customizations. */
  unitPriceCents: z.number().int().min(0),
  /** What the answers add to each unit. */
  customizationCostCents: z.number().int().min(0),
  customizations: z.array(cartCustomizationSchema),
  /** (unit price + customization cost) × quantity. */
  totalCents: z.number().int().min(0),
  /**
   * A gift voucher (decision 0052): priced at the amount chosen for it, one per line; it has no
   * product page and its quantity does not change (remove it instead). Absent on other lines.
   */
  isGiftVoucher: z.boolean().optional(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

/**
 * The discount code the cart carries (sent with POST /cart or POST /cart/{cartId}), judged on
 * every answer by the same rules as the checkout (docs/requirements/discount-codes.md; decision
 * 0099). A code the cart no longer meets (a line removed below its minimum, used up meanwhile…)
 * stays, takes nothing off and says why in `message`.
 */
export const cartDiscountSchema = z.object({
  code: z.string(),
  /** What the code gives, in French (« −10 % sur les produits », « Livraison offerte »…). */
  label: z.string(),
  /** What it takes off the products now, in cents (0 while it does not apply). */
  reductionCents: z.number().int().min(0),
  /** It makes delivery free (only while it applies). */
  freeShipping: z.boolean(),
  /** Why it does not apply to the cart as it is (the checkout's message), null when it does. */
  message: z.string().nullable(),
});
export type CartDiscount = z.infer<typeof cartDiscountSchema>;

export const cartSchema = z.object({
  id: idSchema,
  type: cartTypeSchema,
  products: z.array(cartProductSchema),
  /** Total of the products, in cents (the spec's totalProduct). */
  totalProduct: z.number().int().min(0),
  /** Units in the cart (the header's badge). */
  totalQuantity: z.number().int().min(0),
  /** Bottles for free shipping (docs/requirements/delivery.md: halves count ½, a box its multiple). */
  bottleCount: z.number().int().min(0),
  /** Nothing to ship: every product is dematerialized (an empty cart is not). */
  isDematerialized: z.boolean(),
  /** The discount code the cart carries, or null. */
  discount: cartDiscountSchema.nullable(),
  /** The products less the code's reduction, in cents: what the cart costs before delivery. */
  totalCents: z.number().int().min(0),
});
export type Cart = z.infer<typeof cartSchema>;

/**
 * `discountCode` is the spec's field: a code is judged against the cart as the checkout judges it
 * and kept by the cart when it applies (422 with the checkout's message otherwise); an empty one
 * takes the cart's code off; absent, the cart keeps its code (decision 0099).
 */
export const createCartBodySchema = z.object({
  discountCode: z.string().trim().max(100).optional(),
  type: cartTypeSchema,
});

export const createCart = defineEndpoint({
  method: 'POST',
  path: '/cart',
  summary:
    "The logged-in user's main cart (created when missing), or a new anonymous cart for a visitor (with its secret cookie)",
  tags: ['cart'],
  body: createCartBodySchema,
  response: cartSchema,
});

export const getCart = defineEndpoint({
  method: 'POST',
  path: '/cart/:cartId',
  summary: 'The cart, priced from the catalogue (its owner or the holder of its secret only)',
  tags: ['cart'],
  params: z.object({ cartId: cartIdParam }),
  body: createCartBodySchema.partial(),
  response: cartSchema,
});

export const setDefaultCart = defineEndpoint({
  method: 'GET',
  path: '/cart/:id/default',
  summary:
    "After login: the browser's anonymous cart (proved by its secret cookie) becomes the user's main cart, merged into the existing one if any",
  tags: ['cart'],
  params: z.object({ id: cartIdParam }),
  response: cartSchema,
});

/**
 * Add to cart, multipart (docs/requirements/cart.md): `type`, `quantity`, `customizations` (a JSON array of
 * answers) and one `files` part per FILE answer, named as the answer's filename. Handled by the
 * route itself; this schema documents the parts.
 */
export const addToCartPartsSchema = z.strictObject({
  type: cartTypeSchema.default('MAIN_CART'),
  /** Read as a number by the API; anything else gets 'Quantity must be greater than 0'. */
  quantity: z.string().max(20),
  customizations: customizationAnswersSchema.default([]),
});

export const addToCart = defineEndpoint({
  method: 'POST',
  path: '/cart/:cartId/product/:declinationId',
  summary:
    "Add a declination with its customization answers (multipart); cartId 'new' opens a cart",
  tags: ['cart'],
  params: z.object({
    cartId: z.union([z.literal('new'), cartIdParam]),
    declinationId: productIdSchema,
  }),
  response: cartSchema,
});

export const updateCartQuantityBodySchema = z.object({
  quantity: z.number(),
  idCartProduct: idSchema.positive(),
});

export const updateCartQuantity = defineEndpoint({
  method: 'PUT',
  path: '/cart/:cartId/product/:productId/quantity',
  summary: 'Set the quantity of a cart line (checked against multiple and stock)',
  tags: ['cart'],
  params: z.object({ cartId: cartIdParam, productId: productIdSchema }),
  body: updateCartQuantityBodySchema,
  response: cartSchema,
});

export const deleteCart = defineEndpoint({
  method: 'DELETE',
  path: '/cart/:cartId',
  summary: 'Delete the cart and its lines',
  tags: ['cart'],
  params: z.object({ cartId: cartIdParam }),
  response: z.null(),
});

export const deleteCartProduct = defineEndpoint({
  method: 'DELETE',
  path: '/cart/:cartId/product/:productId/:idCartProduct',
  summary: 'Remove a line from the cart',
  tags: ['cart'],
  params: z.object({
    cartId: cartIdParam,
    productId: productIdSchema,
    idCartProduct: productIdSchema,
  }),
  response: cartSchema,
});

export const customizePriceBodySchema = z.object({
  customizations: customizationAnswersSchema,
  quantity: z.number().int().min(1).max(100_000).optional(),
});

export const customizePriceSchema = z.object({
  /** One unit after the declination's and the quantity discounts. */
  unitPriceCents: z.number().int().min(0),
  customizations: z.array(
    z.object({ customizationId: idSchema, costCents: z.number().int().min(0) }),
  ),
  customizationCostCents: z.number().int().min(0),
  quantity: z.number().int().min(1),
  totalCents: z.number().int().min(0),
});
export type CustomizePrice = z.infer<typeof customizePriceSchema>;

export const priceCustomization = defineEndpoint({
  method: 'POST',
  path: '/cart/product/:idProduct/declination/:idDeclination/customize/price',
  summary: 'Price customization answers from the catalogue (per unit and for the quantity)',
  tags: ['cart'],
  params: z.object({ idProduct: productIdSchema, idDeclination: productIdSchema }),
  body: customizePriceBodySchema,
  response: customizePriceSchema,
});

export const validatedFileSchema = z.object({
  filename: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});

export const validateCustomizationFile = defineEndpoint({
  method: 'POST',
  path: '/product-customization/:id/file/validate',
  summary: 'Check a FILE customization upload (multipart `file`): type by content and size',
  tags: ['cart'],
  params: z.object({ id: productIdSchema }),
  response: validatedFileSchema,
});
