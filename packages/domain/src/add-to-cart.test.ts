import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCartErrorText,
  canBeBought,
  cartQuantityError,
  limitingStock,
  notAMultipleMessage,
  notEnoughStockMessage,
  QUANTITY_NOT_POSITIVE_MESSAGE,
} from './add-to-cart';

const wine = { productType: 'WINE' as const, sellByMultipleOf: 1, stock: null };

describe('cartQuantityError', () => {
  it('accepts a positive quantity of a product without stock management', () => {
    expect(cartQuantityError({ ...wine, quantity: 250 })).toBeNull();
  });

  it("answers the spec's message for zero, negative and fractional quantities", () => {
    for (const quantity of [0, -1, 1.5, Number.NaN]) {
      expect(cartQuantityError({ ...wine, quantity })).toBe('Quantity must be greater than 0');
    }
    expect(QUANTITY_NOT_POSITIVE_MESSAGE).toBe('Quantity must be greater than 0');
  });

  it('refuses a quantity that is not a multiple of the sales multiple', () => {
    expect(cartQuantityError({ ...wine, sellByMultipleOf: 6, quantity: 4 })).toBe(
      'This product can only be added by multiple of 6',
    );
    expect(cartQuantityError({ ...wine, sellByMultipleOf: 6, quantity: 12 })).toBeNull();
  });

  it('names bottles for a wine and items for anything else when the stock is short', () => {
    expect(cartQuantityError({ ...wine, stock: 5, quantity: 6 })).toBe(
      'Only 5 bottles remaining in stock',
    );
    expect(
      cartQuantityError({ productType: 'BOX', sellByMultipleOf: 3, stock: 4, quantity: 6 }),
    ).toBe('Only 4 items remaining in stock');
    expect(
      cartQuantityError({ productType: 'OTHER', sellByMultipleOf: 1, stock: 0, quantity: 1 }),
    ).toBe('Only 0 items remaining in stock');
  });

  it('counts what the cart already holds against the stock', () => {
    expect(cartQuantityError({ ...wine, stock: 5, alreadyInCart: 3, quantity: 2 })).toBeNull();
    expect(cartQuantityError({ ...wine, stock: 5, alreadyInCart: 3, quantity: 3 })).toBe(
      'Only 5 bottles remaining in stock',
    );
  });

  it('checks the quantity first, then the multiple, then the stock', () => {
    expect(cartQuantityError({ ...wine, sellByMultipleOf: 6, stock: 0, quantity: 0 })).toBe(
      QUANTITY_NOT_POSITIVE_MESSAGE,
    );
    expect(cartQuantityError({ ...wine, sellByMultipleOf: 6, stock: 0, quantity: 5 })).toBe(
      notAMultipleMessage(6),
    );
    expect(cartQuantityError({ ...wine, sellByMultipleOf: 6, stock: 0, quantity: 6 })).toBe(
      notEnoughStockMessage(0, 'WINE'),
    );
  });

  it('accepts exactly the positive multiples that the stock covers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 200 }),
        fc.integer({ min: 1, max: 12 }),
        fc.option(fc.integer({ min: 0, max: 150 })),
        fc.integer({ min: 0, max: 50 }),
        (quantity, multiple, stock, alreadyInCart) => {
          const error = cartQuantityError({
            quantity,
            sellByMultipleOf: multiple,
            productType: 'WINE',
            stock,
            alreadyInCart,
          });
          const acceptable =
            quantity > 0 &&
            quantity % multiple === 0 &&
            (stock === null || alreadyInCart + quantity <= stock);
          expect(error === null).toBe(acceptable);
        },
      ),
    );
  });
});

describe('addToCartErrorText', () => {
  it("joins the message and the 'key : error' pairs with ' / '", () => {
    expect(
      addToCartErrorText('Invalid customization', [
        { key: 'engraving', error: 'Too long' },
        { key: 'file', error: 'Unsupported file type' },
      ]),
    ).toBe('Invalid customization / engraving : Too long / file : Unsupported file type');
  });

  it('is the message alone when there is no pair', () => {
    expect(addToCartErrorText('Only 5 bottles remaining in stock')).toBe(
      'Only 5 bottles remaining in stock',
    );
  });
});

describe('canBeBought', () => {
  const box = { stock: 4, isStockManaged: true, sellByMultipleOf: 6 };

  it('says a declination whose stock is below its sales multiple cannot be bought', () => {
    expect(canBeBought(box, true)).toBe(false);
    expect(canBeBought({ ...box, stock: 5 }, true)).toBe(false);
    expect(canBeBought({ ...box, stock: 6 }, true)).toBe(true);
    expect(canBeBought({ ...box, stock: 0, sellByMultipleOf: 1 }, true)).toBe(false);
    expect(canBeBought({ ...box, stock: 1, sellByMultipleOf: 1 }, true)).toBe(true);
    expect(canBeBought({ ...box, stock: -2, sellByMultipleOf: 1 }, true)).toBe(false);
  });

  it('sells whatever the stock when it is not counted: USE_STOCK off or an unmanaged declination', () => {
    expect(canBeBought(box, false)).toBe(true);
    expect(canBeBought({ ...box, isStockManaged: false }, true)).toBe(true);
    expect(limitingStock(box, true)).toBe(4);
    expect(limitingStock(box, false)).toBeNull();
    expect(limitingStock({ ...box, isStockManaged: false }, true)).toBeNull();
  });

  it('reads a broken multiple as 1, as the picker and the cart do', () => {
    expect(canBeBought({ ...box, sellByMultipleOf: 0, stock: 1 }, true)).toBe(true);
    expect(canBeBought({ ...box, sellByMultipleOf: null, stock: 1 }, true)).toBe(true);
  });

  it('is exactly whether some quantity can go into an empty cart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 60 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 12 }),
        (stock, isStockManaged, useStock, sellByMultipleOf) => {
          const declination = { stock, isStockManaged, sellByMultipleOf };
          const someQuantityFits = Array.from({ length: 100 }, (_, index) => index + 1).some(
            (quantity) =>
              cartQuantityError({
                quantity,
                sellByMultipleOf,
                productType: 'BOX',
                stock: limitingStock(declination, useStock),
              }) === null,
          );
          expect(canBeBought(declination, useStock)).toBe(someQuantityFits);
        },
      ),
    );
  });
});
