import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCartErrorText,
  answersKey,
  canBeBought,
  cartQuantityError,
  cartTotals,
  decreaseQuantity,
  decreasingDiscountTier,
  increaseQuantity,
  isDiscounted,
  limitingStock,
  lineTotalCents,
  mergedQuantity,
  normalizeMultiple,
  notAMultipleMessage,
  notEnoughStockMessage,
  parseQuantity,
  QUANTITY_CHOICE_COUNT,
  QUANTITY_NOT_POSITIVE_MESSAGE,
  QUANTITY_SCAN_LIMIT,
  quantityChoices,
  unitPriceCents,
  unitPriceForQuantityCents,
} from './cart';

// ─── quantity picker ───────────────────────────────────────────────────────────────────────────

describe('quantityChoices', () => {
  it('offers 1 to 20 for a product sold by the unit', () => {
    expect(quantityChoices(1)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('offers the first twenty multiples of 6 for a product sold by six', () => {
    expect(quantityChoices(6)).toEqual([
      6, 12, 18, 24, 30, 36, 42, 48, 54, 60, 66, 72, 78, 84, 90, 96, 102, 108, 114, 120,
    ]);
  });

  it('stops at 1000 when fewer than twenty multiples fit', () => {
    expect(quantityChoices(100)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(quantityChoices(999)).toEqual([999]);
    expect(quantityChoices(1001)).toEqual([]);
  });

  it('treats a missing or invalid multiple as 1', () => {
    for (const multiple of [null, undefined, 0, -3, 2.5, Number.NaN]) {
      expect(normalizeMultiple(multiple)).toBe(1);
      expect(quantityChoices(multiple)[0]).toBe(1);
    }
  });

  it('always offers increasing multiples of the product, at most twenty, none above 1000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1500 }), (multiple) => {
        const choices = quantityChoices(multiple);
        expect(choices.length).toBe(
          Math.min(QUANTITY_CHOICE_COUNT, Math.floor(QUANTITY_SCAN_LIMIT / multiple)),
        );
        choices.forEach((choice, index) => {
          expect(choice).toBe(multiple * (index + 1));
          expect(choice).toBeLessThanOrEqual(QUANTITY_SCAN_LIMIT);
        });
      }),
    );
  });
});

describe('parseQuantity', () => {
  it('reads a typed number', () => {
    expect(parseQuantity('12', 6)).toBe(12);
    expect(parseQuantity(' 7 ', 1)).toBe(7);
    expect(parseQuantity(18, 6)).toBe(18);
  });

  it('falls back to the multiple for anything that is not a number', () => {
    expect(parseQuantity('abc', 6)).toBe(6);
    expect(parseQuantity('', 3)).toBe(3);
    expect(parseQuantity(undefined, 3)).toBe(3);
    expect(parseQuantity(Number.NaN, 1)).toBe(1);
    expect(parseQuantity('12 bouteilles', 6)).toBe(6);
  });

  it('keeps zero and negative numbers so that the cart check can refuse them', () => {
    expect(parseQuantity('0', 6)).toBe(0);
    expect(parseQuantity('-6', 6)).toBe(-6);
  });

  it('never answers a fractional quantity, and any non-numeric text gives the multiple', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.double()),
        fc.integer({ min: 1, max: 100 }),
        (input, multiple) => {
          const quantity = parseQuantity(input, multiple);
          const numeric =
            typeof input === 'number'
              ? input
              : input.trim() === ''
                ? Number.NaN
                : Number(input.trim().replace(',', '.'));
          expect(Number.isInteger(quantity)).toBe(true);
          if (!Number.isFinite(numeric)) expect(quantity).toBe(multiple);
        },
      ),
    );
  });
});

describe('increaseQuantity and decreaseQuantity', () => {
  it('steps by the multiple', () => {
    expect(increaseQuantity(6, 6)).toBe(12);
    expect(decreaseQuantity(18, 6)).toBe(12);
  });

  it('never goes below the multiple', () => {
    expect(decreaseQuantity(6, 6)).toBe(6);
    expect(decreaseQuantity(1, 1)).toBe(1);
    expect(decreaseQuantity(4, 6)).toBe(6);
  });

  it('decreasing is floored at the multiple and undoes an increase above it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 40 }),
        (multiple, steps) => {
          const quantity = multiple * steps;
          const lower = decreaseQuantity(quantity, multiple);
          expect(lower).toBeGreaterThanOrEqual(multiple);
          expect(lower % multiple).toBe(0);
          expect(decreaseQuantity(increaseQuantity(quantity, multiple), multiple)).toBe(quantity);
        },
      ),
    );
  });
});

// ─── declination price ─────────────────────────────────────────────────────────────────────────

const plain = {
  priceCents: 1450,
  fixedPriceCents: null,
  discountType: 'NONE' as const,
  discountAmount: 0,
};
const tiers = [
  { minQuantity: 12, discountType: 'PERCENT' as const, discountAmount: 1000 },
  { minQuantity: 6, discountType: 'PERCENT' as const, discountAmount: 500 },
];

describe('unitPriceCents', () => {
  it('is the catalogue price without discount', () => {
    expect(unitPriceCents(plain)).toBe(1450);
    expect(isDiscounted(plain)).toBe(false);
  });

  it("applies the declination's discount in euros or percent", () => {
    expect(unitPriceCents({ ...plain, discountType: 'EURO', discountAmount: 250 })).toBe(1200);
    expect(unitPriceCents({ ...plain, discountType: 'PERCENT', discountAmount: 1500 })).toBe(1232);
    expect(isDiscounted({ ...plain, discountType: 'EURO', discountAmount: 250 })).toBe(true);
  });

  it('uses a fixed price as it is, whatever the discount', () => {
    expect(
      unitPriceCents({
        ...plain,
        fixedPriceCents: 1200,
        discountType: 'EURO',
        discountAmount: 500,
      }),
    ).toBe(1200);
  });
});

describe('quantity discounts', () => {
  it('uses the tier with the highest minimum quantity reached', () => {
    expect(decreasingDiscountTier(tiers, 5)).toBeNull();
    expect(decreasingDiscountTier(tiers, 6)?.discountAmount).toBe(500);
    expect(decreasingDiscountTier(tiers, 11)?.discountAmount).toBe(500);
    expect(decreasingDiscountTier(tiers, 24)?.discountAmount).toBe(1000);
  });

  it('lowers the unit price from the tier on, but never a fixed price', () => {
    expect(unitPriceForQuantityCents(plain, tiers, 3)).toBe(1450);
    expect(unitPriceForQuantityCents(plain, tiers, 6)).toBe(1377); // 5 % is 72.5 cents, rounded to 73
    expect(unitPriceForQuantityCents(plain, tiers, 12)).toBe(1305);
    expect(unitPriceForQuantityCents({ ...plain, fixedPriceCents: 1000 }, tiers, 12)).toBe(1000);
  });
});

// ─── cart lines ────────────────────────────────────────────────────────────────────────────────

describe('lineTotalCents', () => {
  it('charges the unit price plus the customization cost for each unit', () => {
    expect(lineTotalCents({ quantity: 3, unitPriceCents: 1250, customizationCostCents: 300 })).toBe(
      4650,
    );
  });
});

describe('cartTotals', () => {
  it('adds the lines up in cents and counts the units', () => {
    expect(
      cartTotals([
        { quantity: 2, unitPriceCents: 1999, customizationCostCents: 0 },
        { quantity: 6, unitPriceCents: 850, customizationCostCents: 125 },
      ]),
    ).toEqual({ totalProductCents: 2 * 1999 + 6 * 975, totalQuantity: 8 });
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([])).toEqual({ totalProductCents: 0, totalQuantity: 0 });
  });

  it('always gives an integer number of cents, whatever the order of the lines', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 1000 }),
      unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
      customizationCostCents: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const totals = cartTotals(lines);
        expect(Number.isSafeInteger(totals.totalProductCents)).toBe(true);
        expect(cartTotals([...lines].reverse())).toEqual(totals);
        expect(totals.totalProductCents).toBe(
          lines.reduce((sum, current) => sum + lineTotalCents(current), 0),
        );
      }),
    );
  });
});

describe('answersKey', () => {
  it('is the same for the same answers given in another order', () => {
    expect(
      answersKey([
        { customizationId: 2, selectValue: { key: 'bois', value: 'Caisse bois' } },
        { customizationId: 1, textValue: 'Joyeux anniversaire' },
      ]),
    ).toBe(
      answersKey([
        { customizationId: 1, textValue: '  Joyeux anniversaire ' },
        { customizationId: 2, selectValue: { key: 'bois', value: 'autre libellé' } },
      ]),
    );
  });

  it('ignores answers that say nothing, so they match a line without answers', () => {
    expect(
      answersKey([
        { customizationId: 1, textValue: '   ' },
        { customizationId: 3, checkboxValue: false },
      ]),
    ).toBe(answersKey([]));
  });

  it('tells different engravings apart', () => {
    expect(answersKey([{ customizationId: 1, textValue: 'Paul' }])).not.toBe(
      answersKey([{ customizationId: 1, textValue: 'Marie' }]),
    );
  });

  it('does not depend on the order of answers (property)', () => {
    const answer = fc.record({
      customizationId: fc.integer({ min: 1, max: 50 }),
      textValue: fc.option(fc.string(), { nil: undefined }),
      checkboxValue: fc.option(fc.boolean(), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(answer, { selector: (value) => value.customizationId, maxLength: 8 }),
        (answers) => {
          expect(answersKey([...answers].reverse())).toBe(answersKey(answers));
        },
      ),
    );
  });
});

describe('mergedQuantity', () => {
  it('adds the quantities when the stock covers them', () => {
    expect(mergedQuantity({ quantities: [2, 3], sellByMultipleOf: 1, stock: 10 })).toBe(5);
  });

  it('keeps the largest multiple the stock covers', () => {
    expect(mergedQuantity({ quantities: [6, 6], sellByMultipleOf: 3, stock: 10 })).toBe(9);
  });

  it('counts the other lines of the same declination against the stock', () => {
    expect(
      mergedQuantity({ quantities: [2, 2], sellByMultipleOf: 1, stock: 5, otherLinesQuantity: 3 }),
    ).toBe(2);
  });

  it('is not capped when the stock is not managed', () => {
    expect(mergedQuantity({ quantities: [400, 700], sellByMultipleOf: 1, stock: null })).toBe(1100);
  });

  it('never exceeds the stock nor the sum, and is always a multiple (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (quantities, multiple, stock, other) => {
          const merged = mergedQuantity({
            quantities,
            sellByMultipleOf: multiple,
            stock,
            otherLinesQuantity: other,
          });
          expect(merged).toBeGreaterThanOrEqual(0);
          expect(merged % multiple).toBe(0);
          expect(merged + other).toBeLessThanOrEqual(Math.max(stock, other));
          expect(merged).toBeLessThanOrEqual(quantities.reduce((a, b) => a + b, 0));
        },
      ),
    );
  });
});

// ─── add to cart ───────────────────────────────────────────────────────────────────────────────

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
