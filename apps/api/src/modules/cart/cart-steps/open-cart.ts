import { randomBytes } from 'node:crypto';
import { CART_NOT_FOUND_MESSAGE } from '@comptoir/contract/cart';
import { HttpError } from '../../../http/http-error';
import type { CartLineQueries, CartRepository } from '../cart-repository';
import type { NewCartLimiter } from '../cart-limits';
import { hashCartSecret, ownsCart, type CartCaller } from './cart-owner';

/*
 * The cart's step "find or open the cart": a caller reaches only a cart they own (anyone else
 * gets the 404 of an unknown cart), and a visitor's new cart counts against their address.
 */

export const cartNotFound = () => new HttpError(404, CART_NOT_FOUND_MESSAGE);

/** The cart if the caller may use it: its account's user, or the holder of its secret. */
export async function accessibleCart(
  repository: Pick<CartRepository, 'findCart'>,
  siteId: number,
  cartId: number,
  caller: CartCaller,
) {
  const cart = await repository.findCart(siteId, cartId);
  if (!cart || !ownsCart(cart, { userId: caller.user?.id ?? null, secret: caller.secret })) {
    throw cartNotFound();
  }
  return cart;
}

/**
 * A new cart: bound to the user, or anonymous with a fresh secret (only its hash is kept). An
 * anonymous cart counts against its address's limit, and past it nothing is created (429).
 */
export async function openNewCart(
  queries: Pick<CartLineQueries, 'createCart'>,
  newCarts: NewCartLimiter,
  siteId: number,
  caller: CartCaller,
) {
  const { user } = caller;
  if (user) return { cart: await queries.createCart(siteId, user.id, null), newSecret: null };
  await newCarts.admit(caller.address);
  const newSecret = randomBytes(32).toString('base64url');
  return {
    cart: await queries.createCart(siteId, null, hashCartSecret(newSecret)),
    newSecret,
  };
}
