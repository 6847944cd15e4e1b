import type { Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import {
  EMPTY_CART_ORDER_MESSAGE,
  MULTIPLE_ORDER_MESSAGE,
  OUT_OF_STOCK_ORDER_MESSAGE,
  UNPUBLISHED_PRODUCT_MESSAGE,
} from '@comptoir/contract/order';
import { CART_CHANGED_MESSAGE } from '@comptoir/contract/shipping';
import { HttpError } from '../../../http/http-error';
import type { OrderRepository, OrderTransaction } from '../order-repository';

/** The units of each declination the cart holds, all its lines together. */
export function quantitiesByDeclination(
  lines: readonly { declinationId: number; quantity: number }[],
): Map<number, number> {
  const quantities = new Map<number, number>();
  for (const line of lines) {
    quantities.set(line.declinationId, (quantities.get(line.declinationId) ?? 0) + line.quantity);
  }
  return quantities;
}

/**
 * Step 1, before the transaction: stock, multiples and publication of every line as the
 * catalogue stands, and the customization answers the catalogue still takes (`answerProblems`,
 * the cart module's). An empty cart has this one problem.
 */
export async function cartLineProblems(
  catalogue: Pick<OrderRepository, 'declinationsOf'>,
  answerProblems: ((siteId: number, cart: Cart) => Promise<FieldError[]>) | undefined,
  siteId: number,
  cart: Cart,
): Promise<FieldError[]> {
  if (cart.products.length === 0) {
    return [{ key: 'idCart', error: EMPTY_CART_ORDER_MESSAGE }];
  }
  const errors: FieldError[] = [];
  const declinations = await catalogue.declinationsOf(siteId, [
    ...new Set(cart.products.map((line) => line.declinationId)),
  ]);
  const wanted = quantitiesByDeclination(cart.products);
  for (const line of cart.products) {
    const declination = declinations.find((candidate) => candidate.id === line.declinationId);
    const key = `products.${line.id}`;
    if (!declination || !declination.isPublished) {
      errors.push({ key, error: UNPUBLISHED_PRODUCT_MESSAGE(line.name) });
      continue;
    }
    if (line.quantity % declination.sellByMultipleOf !== 0) {
      errors.push({ key, error: MULTIPLE_ORDER_MESSAGE(line.name, declination.sellByMultipleOf) });
    }
    const quantity = wanted.get(line.declinationId) ?? 0;
    if (declination.isStockManaged && quantity > declination.stock) {
      errors.push({ key, error: OUT_OF_STOCK_ORDER_MESSAGE(line.name, declination.stock) });
    }
  }
  // A required customization is paid for: a line without its answer is not ordered.
  errors.push(...((await answerProblems?.(siteId, cart)) ?? []));
  return errors;
}

/** The cart checked under its lock: still open with the units priced, or already closed. */
export type LockedCart = { closed: false; quantities: Map<number, number> } | { closed: true };

/**
 * Step 1, inside the transaction: locks the cart (two orders of one cart run one after the
 * other) and checks that it is still the one priced, line for line. A closed cart (the same
 * request went through while this one waited) is answered as such for the caller to replay;
 * a cart whose lines changed is a 409.
 */
export async function lockUnchangedCart(
  tx: Pick<OrderTransaction, 'lockOpenCart' | 'cartLines'>,
  siteId: number,
  cart: Cart,
): Promise<LockedCart> {
  const locked = await tx.lockOpenCart(siteId, cart.id);
  if (!locked || locked.closedAt !== null) return { closed: true };
  const priced = quantitiesByDeclination(cart.products);
  const current = quantitiesByDeclination(await tx.cartLines(siteId, cart.id));
  const unchanged =
    priced.size === current.size &&
    [...priced].every(([declinationId, quantity]) => current.get(declinationId) === quantity);
  if (!unchanged) throw new HttpError(409, CART_CHANGED_MESSAGE);
  return { closed: false, quantities: priced };
}
