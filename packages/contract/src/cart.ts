import { z } from 'zod';
import { rowIdSchema } from './ids';
import { defineEndpoint } from './endpoint';

export const CART_TYPES = ['MAIN_CART'] as const;
export const cartTypeSchema = z.enum(CART_TYPES);
export type CartType = z.infer<typeof cartTypeSchema>;

export const CART_NOT_FOUND_MESSAGE = 'Ce panier est introuvable.';

/** A line of a cart (spec §3). Carts are created empty until the shop issue adds products. */
export const cartProductSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  type: z.enum(['WINE', 'BOX']),
  isDematerialized: z.boolean(),
  hasShippingFees: z.boolean(),
  capacity: z.number().nullable(),
  capacityUnit: z.enum(['LITER', 'CENTILITRE']).nullable(),
  sellByMultipleOf: z.number().int().min(1),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartSchema = z.object({
  id: z.number().int(),
  products: z.array(cartProductSchema),
  /** Total of the products, in euros. */
  totalProduct: z.number(),
});
export type Cart = z.infer<typeof cartSchema>;

export const createCartBodySchema = z.object({
  /** The spec's field; discount codes come with the shop issue, until then no cart has one. */
  discountCode: z.string().trim().max(100).optional(),
  type: cartTypeSchema,
});

export const createCart = defineEndpoint({
  method: 'POST',
  path: '/cart',
  summary:
    "The logged-in user's main cart (created when missing), or a new anonymous cart for a visitor",
  tags: ['cart'],
  body: createCartBodySchema,
  response: cartSchema,
});

export const setDefaultCart = defineEndpoint({
  method: 'GET',
  path: '/cart/:id/default',
  summary:
    "Make this cart the logged-in user's main cart (after login, for the cart kept in the browser); 404 unless it is anonymous or already theirs",
  tags: ['cart'],
  params: z.object({ id: rowIdSchema }),
  response: cartSchema,
});
