import { createHash, timingSafeEqual } from 'node:crypto';
import type { UserRecord } from '../../user';

/*
 * Who owns a cart (docs/architecture.md#the-shop-and-the-back-office "Ownership"): a cart number grants nothing. An account's cart is
 * its user's; an anonymous cart is the holder's of its secret, kept only as a hash.
 */

/** The hash kept of a cart's secret. */
export function hashCartSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string | null, storedHash: string | null): boolean {
  if (!secret || !storedHash) return false;
  const given = Buffer.from(hashCartSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Whether the caller owns the cart: its account's user, or, for an anonymous cart, the holder of
 * its secret. An order's cart (closed) keeps its owner: the order's replays go only to them.
 */
export function ownsCart(
  cart: { userId: number | null; secretHash: string | null },
  caller: { userId: number | null; secret: string | null },
): boolean {
  if (cart.userId !== null) return caller.userId === cart.userId;
  return secretMatches(caller.secret, cart.secretHash);
}

/** Who is asking: the logged-in user, and the cart secret cookie the browser sent. */
export interface CartCaller {
  user: UserRecord | null;
  secret: string | null;
  /** The client's address (request.ip): anonymous carts opened are counted per address. */
  address: string;
}
