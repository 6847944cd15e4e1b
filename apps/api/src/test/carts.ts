import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { cartSchema, cartSecretCookieName, type Cart } from '@comptoir/contract/cart';
import type { Database } from '../db/client';
import { declinations, products } from '../db/schema';
import { siteRequest } from './http';
import { multipart } from './uploads';
import type { FastifyInstance } from 'fastify';

/** A product of the test's own, so that every figure is known. */
export async function makeTestProduct(
  database: Database,
  siteId: number,
  options: {
    type?: 'WINE' | 'BOX' | 'OTHER';
    priceCents?: number;
    capacity?: number | null;
    capacityUnit?: 'CENTILITRE' | 'LITER';
    sellByMultipleOf?: number;
    isDematerialized?: boolean;
    hasShippingFees?: boolean;
  } = {},
): Promise<{ productId: number; declinationId: number }> {
  const slug = `test-${randomBytes(6).toString('hex')}`;
  const isDematerialized = options.isDematerialized ?? false;
  const [product] = await database.db
    .insert(products)
    .values({
      siteId,
      type: options.type ?? 'WINE',
      name: `Cuvée ${slug}`,
      slug,
      isDematerialized,
      hasShippingFees: options.hasShippingFees ?? !isDematerialized,
    })
    .returning();
  const [declination] = await database.db
    .insert(declinations)
    .values({
      siteId,
      productId: product!.id,
      year: 2022,
      capacity: options.capacity === undefined ? 75 : options.capacity,
      capacityUnit: options.capacity === null ? null : (options.capacityUnit ?? 'CENTILITRE'),
      priceCents: options.priceCents ?? 2000,
      stock: 10_000,
      sellByMultipleOf: options.sellByMultipleOf ?? 1,
    })
    .returning();
  return { productId: product!.id, declinationId: declination!.id };
}

export interface CartVisitor {
  cart: Cart;
  /** The cart's secret cookie. */
  cookies: Record<string, string>;
}

/** A visitor's new anonymous cart with its secret cookie. */
export async function openTestCart(app: FastifyInstance, siteId: number): Promise<CartVisitor> {
  const response = await siteRequest(app, siteId, {
    method: 'POST',
    url: '/cart',
    payload: { type: 'MAIN_CART' },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find(
    (candidate) => candidate.name === cartSecretCookieName(siteId),
  );
  return {
    cart: cartSchema.parse(response.json().data),
    cookies: cookie ? { [cookie.name]: cookie.value } : {},
  };
}

/** Adds a declination to the visitor's cart and answers the cart. */
export async function addTestLine(
  app: FastifyInstance,
  siteId: number,
  visitor: CartVisitor,
  declinationId: number,
  quantity: number,
): Promise<Cart> {
  const body = multipart({ type: 'MAIN_CART', quantity: String(quantity) });
  const response = await siteRequest(app, siteId, {
    method: 'POST',
    url: `/cart/${visitor.cart.id}/product/${declinationId}`,
    headers: body.headers,
    cookies: visitor.cookies,
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  visitor.cart = cartSchema.parse(response.json().data);
  return visitor.cart;
}

/** The products as the storefront sends them to the shipping-fees call. */
export function productsOf(cart: Cart) {
  const quantities = new Map<number, number>();
  for (const line of cart.products) {
    quantities.set(line.productId, (quantities.get(line.productId) ?? 0) + line.quantity);
  }
  return [...quantities].map(([idProduct, quantity]) => ({ idProduct, quantity }));
}
