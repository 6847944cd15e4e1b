import { describe, expect, it } from 'vitest';
import { CART_NOT_FOUND_MESSAGE, TOO_MANY_CARTS_MESSAGE } from '@comptoir/contract/cart';
import { notAMultipleMessage, notEnoughStockMessage } from '@comptoir/domain/cart';
import { HttpError } from '../../http/http-error';
import type { CartRecord, DeclinationRow } from './cart-repository';
import {
  accessibleCart,
  checkQuantity,
  hashCartSecret,
  NewCartLimiter,
  openNewCart,
  ownsCart,
  priceUnit,
  stockOf,
  type CartCaller,
} from './cart-steps';

/*
 * The cart's steps on their own: who reaches a cart, how a new one is opened and counted, and
 * how a quantity and a unit are checked and priced.
 */

const visitor = (secret: string | null, address = '203.0.113.7'): CartCaller => ({
  user: null,
  secret,
  address,
});
const customer = { id: 12, phone: null } as unknown as NonNullable<CartCaller['user']>;

async function failure(work: Promise<unknown>): Promise<HttpError> {
  const caught = await work.then(
    () => null,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(HttpError);
  return caught as HttpError;
}

describe('the cart owner', () => {
  const anonymous = { userId: null, secretHash: hashCartSecret('s3cret') };

  it('opens an anonymous cart to the holder of its secret only', () => {
    expect(ownsCart(anonymous, { userId: null, secret: 's3cret' })).toBe(true);
    expect(ownsCart(anonymous, { userId: null, secret: 'guess' })).toBe(false);
    expect(ownsCart(anonymous, { userId: null, secret: null })).toBe(false);
    // An account is no key to someone's anonymous cart.
    expect(ownsCart(anonymous, { userId: 12, secret: null })).toBe(false);
  });

  it("opens an account's cart to its user only, whatever secret is sent", () => {
    const owned = { userId: 12, secretHash: null };
    expect(ownsCart(owned, { userId: 12, secret: null })).toBe(true);
    expect(ownsCart(owned, { userId: 13, secret: 's3cret' })).toBe(false);
  });

  it('answers an unknown cart and a stranger’s cart with the same 404', async () => {
    const stored = { id: 5, siteId: 92, userId: null, secretHash: hashCartSecret('s3cret') };
    const repository = {
      findCart: async (_siteId: number, cartId: number) =>
        cartId === 5 ? (stored as unknown as CartRecord) : null,
    };
    await expect(accessibleCart(repository, 92, 5, visitor('s3cret'))).resolves.toBe(stored);
    for (const attempt of [
      accessibleCart(repository, 92, 5, visitor('other')),
      accessibleCart(repository, 92, 6, visitor('s3cret')),
    ]) {
      const error = await failure(attempt);
      expect([error.statusCode, error.message]).toEqual([404, CART_NOT_FOUND_MESSAGE]);
    }
  });
});

describe('opening a new cart', () => {
  const created: { userId: number | null; secretHash: string | null }[] = [];
  const queries = {
    createCart: async (siteId: number, userId: number | null, secretHash: string | null) => {
      created.push({ userId, secretHash });
      return { id: created.length, siteId, userId, secretHash } as unknown as CartRecord;
    },
  };

  it('gives a visitor a secret, keeps only its hash, and counts the cart against the address', async () => {
    const limiter = new NewCartLimiter({ max: 1, timeWindowMs: 60_000 });
    const opened = await openNewCart(queries, limiter, 92, visitor(null));
    expect(opened.newSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.at(-1)).toEqual({ userId: null, secretHash: hashCartSecret(opened.newSecret!) });

    const before = created.length;
    const error = await failure(openNewCart(queries, limiter, 92, visitor(null)));
    expect([error.statusCode, error.message]).toEqual([429, TOO_MANY_CARTS_MESSAGE]);
    expect(created.length).toBe(before);
    // Another address has its own allowance.
    await expect(
      openNewCart(queries, limiter, 92, visitor(null, '198.51.100.1')),
    ).resolves.toBeTruthy();
  });

  it("binds a customer's cart to the account, without a secret and without counting it", async () => {
    const limiter = new NewCartLimiter({ max: 0, timeWindowMs: 60_000 });
    const opened = await openNewCart(queries, limiter, 92, { ...visitor(null), user: customer });
    expect(opened.newSecret).toBeNull();
    expect(created.at(-1)).toEqual({ userId: 12, secretHash: null });
  });
});

describe('checking the quantity and pricing a unit', () => {
  const declination = (overrides: Partial<DeclinationRow> = {}) =>
    ({
      type: 'WINE',
      sellByMultipleOf: 1,
      isStockManaged: true,
      stock: 5,
      priceCents: 2000,
      fixedPriceCents: null,
      discountType: 'NONE',
      discountAmount: 0,
      ...overrides,
    }) as unknown as DeclinationRow;

  const refusal = (work: () => void) => {
    try {
      work();
    } catch (error) {
      return error as HttpError;
    }
    throw new Error('not refused');
  };

  it('counts what the cart already holds against the stock', () => {
    expect(() => checkQuantity(declination(), 2, 3, true)).not.toThrow();
    const error = refusal(() => checkQuantity(declination(), 3, 3, true));
    expect([error.statusCode, error.message]).toEqual([422, notEnoughStockMessage(5, 'WINE')]);
  });

  it('sells by the multiple, and ignores a stock that is not managed', () => {
    expect(
      refusal(() => checkQuantity(declination({ sellByMultipleOf: 6 }), 4, 0, true)).message,
    ).toBe(notAMultipleMessage(6));
    const unmanaged = declination({ isStockManaged: false, stock: 0 });
    expect(stockOf(unmanaged, true)).toBeNull();
    expect(() => checkQuantity(unmanaged, 600, 0, true)).not.toThrow();
  });

  it('ignores every stock where the site does not use stock (USE_STOCK off), not the multiple', () => {
    const empty = declination({ stock: 0 });
    expect(stockOf(empty, false)).toBeNull();
    expect(() => checkQuantity(empty, 600, 5, false)).not.toThrow();
    expect(
      refusal(() => checkQuantity(declination({ sellByMultipleOf: 6 }), 4, 0, false)).message,
    ).toBe(notAMultipleMessage(6));
    expect(refusal(() => checkQuantity(empty, 0, 0, false)).statusCode).toBe(422);
  });

  it('prices a unit at its quantity tier, before any customization', () => {
    const tiers = [{ minQuantity: 6, discountType: 'PERCENT' as const, discountAmount: 1000 }];
    expect(priceUnit(declination(), tiers, [], [], 5)).toEqual({
      unitPriceCents: 2000,
      costs: [],
      customizationCostCents: 0,
    });
    expect(priceUnit(declination(), tiers, [], [], 6).unitPriceCents).toBe(1800);
  });
});
