import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateCents,
  applyDiscount,
  customerEmailKey,
  customerPhoneKey,
  discountRefusal,
  type DiscountLine,
  type DiscountRule,
  type DiscountUsage,
} from './discount';
import { orderAmounts } from './order';

/** The totals once a code (or none) applied, by the order's one rule. */
const discountedTotals = (
  lines: readonly { totalCents: number }[],
  code: { reductionCents: number; freeShipping: boolean } | null,
  deliveryFeeCents: number,
) => {
  const { productsCents, discountCents, shippingCents, totalCents } = orderAmounts({
    lines,
    code,
    deliveryFeeCents,
    voucherBalanceCents: null,
  });
  return { productsCents, discountCents, shippingCents: shippingCents!, totalCents };
};

const rule = (overrides: Partial<DiscountRule> = {}): DiscountRule => ({
  type: 'percent',
  amount: 10,
  detailType: null,
  startsOn: null,
  endsOn: null,
  minimumCents: null,
  productIds: [],
  categories: [],
  maxUses: null,
  maxUsesPerCustomer: null,
  firstOrderOnly: false,
  isDisabled: false,
  ...overrides,
});

const usage = (overrides: Partial<DiscountUsage> = {}): DiscountUsage => ({
  today: '2026-06-01',
  uses: 0,
  customerUses: 0,
  customerHasOrdered: false,
  ...overrides,
});

const red: DiscountLine = { id: 1, productId: 10, categories: ['WINE', 'RED'], totalCents: 3000 };
const white: DiscountLine = {
  id: 2,
  productId: 11,
  categories: ['WINE', 'WHITE'],
  totalCents: 2400,
};
const box: DiscountLine = { id: 3, productId: 12, categories: ['BOX'], totalCents: 4500 };
/** A 50 € gift voucher bought in the cart: the hidden product of type OTHER. */
const voucher: DiscountLine = {
  id: 4,
  productId: 13,
  categories: ['OTHER'],
  totalCents: 5000,
  isGiftVoucher: true,
};

describe('discountRefusal', () => {
  it('accepts a code with no condition on any cart with a product', () => {
    expect(discountRefusal(rule(), [red], usage())).toBeNull();
  });

  it.each<[string, Partial<DiscountRule>, Partial<DiscountUsage>, unknown]>([
    ['disabled', { isDisabled: true }, {}, { reason: 'DISABLED' }],
    [
      'before its first day',
      { startsOn: '2026-06-02' },
      {},
      { reason: 'NOT_YET_VALID', startsOn: '2026-06-02' },
    ],
    [
      'after its last day',
      { endsOn: '2026-05-31' },
      {},
      { reason: 'EXPIRED', endsOn: '2026-05-31' },
    ],
    ['used up', { maxUses: 3 }, { uses: 3 }, { reason: 'EXHAUSTED' }],
    [
      'for a first order',
      { firstOrderOnly: true },
      { customerHasOrdered: true },
      { reason: 'FIRST_ORDER_ONLY' },
    ],
    [
      'used up by this customer',
      { maxUsesPerCustomer: 1 },
      { customerUses: 1 },
      { reason: 'CUSTOMER_LIMIT', maxUsesPerCustomer: 1 },
    ],
    [
      'for other products',
      { productIds: [99], categories: ['ROSE'] },
      {},
      { reason: 'NO_ELIGIBLE_PRODUCT' },
    ],
    [
      'under its minimum',
      { minimumCents: 6000 },
      {},
      { reason: 'MINIMUM_NOT_REACHED', minimumCents: 6000 },
    ],
  ])('refuses a code %s', (_name, overrides, used, refusal) => {
    expect(discountRefusal(rule(overrides), [red, white], usage(used))).toEqual(refusal);
  });

  it('counts its first and last days in (Paris days)', () => {
    const dated = rule({ startsOn: '2026-06-01', endsOn: '2026-06-30' });
    expect(discountRefusal(dated, [red], usage({ today: '2026-06-01' }))).toBeNull();
    expect(discountRefusal(dated, [red], usage({ today: '2026-06-30' }))).toBeNull();
  });

  it('measures the minimum on every product, after their own discounts', () => {
    // 3000 + 2400 = 5400: the cart reaches 50 € even though the code takes only the red wine.
    expect(
      discountRefusal(rule({ minimumCents: 5000, categories: ['RED'] }), [red, white], usage()),
    ).toBeNull();
    expect(discountRefusal(rule({ minimumCents: 5401 }), [red, white], usage())).toEqual({
      reason: 'MINIMUM_NOT_REACHED',
      minimumCents: 5401,
    });
  });

  it('leaves the customer checks for later when the customer is not known yet', () => {
    const strict = rule({ firstOrderOnly: true, maxUsesPerCustomer: 1 });
    expect(
      discountRefusal(strict, [red], usage({ customerUses: null, customerHasOrdered: null })),
    ).toBeNull();
  });

  it('refuses an empty cart as having nothing to discount', () => {
    expect(discountRefusal(rule(), [], usage())).toEqual({ reason: 'NO_ELIGIBLE_PRODUCT' });
  });

  it('refuses a cart of gift vouchers only, whatever the code names', () => {
    // 50 € of voucher would meet a 50 € minimum if it counted; naming OTHER or the voucher's
    // product does not bring it into scope either.
    for (const overrides of [
      { type: 'EURO' as const, amount: 500, minimumCents: 5000 },
      { categories: ['OTHER'] },
      { productIds: [13] },
      { detailType: 'SHIPPING_FEES' as const },
    ]) {
      expect(discountRefusal(rule(overrides), [voucher], usage())).toEqual({
        reason: 'GIFT_VOUCHERS_ONLY',
      });
    }
  });

  it('leaves gift vouchers out of the minimum, and says so', () => {
    // 3000 of wine + 5000 of voucher: 80 € in the cart, 30 € towards the code.
    expect(discountRefusal(rule({ minimumCents: 5000 }), [red, voucher], usage())).toEqual({
      reason: 'MINIMUM_NOT_REACHED',
      minimumCents: 5000,
      withoutGiftVouchers: true,
    });
    expect(discountRefusal(rule({ minimumCents: 3000 }), [red, voucher], usage())).toBeNull();
  });

  it('refuses a code scoped to other products beside a voucher as having nothing to discount', () => {
    expect(discountRefusal(rule({ categories: ['BOX'] }), [red, voucher], usage())).toEqual({
      reason: 'NO_ELIGIBLE_PRODUCT',
    });
  });
});

describe('applyDiscount', () => {
  it('takes a whole percentage of the eligible lines, rounded half up', () => {
    // 10 % of 5400 = 540; 15 % of 3333 = 499.95 → 500.
    expect(applyDiscount(rule(), [red, white]).reductionCents).toBe(540);
    expect(applyDiscount(rule({ amount: 15 }), [{ ...red, totalCents: 3333 }]).reductionCents).toBe(
      500,
    );
  });

  it('takes a euro amount, never more than the eligible lines cost', () => {
    expect(applyDiscount(rule({ type: 'EURO', amount: 500 }), [red]).reductionCents).toBe(500);
    expect(applyDiscount(rule({ type: 'EURO', amount: 9000 }), [red]).reductionCents).toBe(3000);
  });

  it('applies only to the products and categories of its scope', () => {
    const application = applyDiscount(
      rule({ type: 'EURO', amount: 1000, productIds: [12], categories: ['RED'] }),
      [red, white, box],
    );
    // 1000 shared by 3000 (red) and 4500 (box): 400 and 600; the white wine keeps its price.
    expect(application.lines).toEqual([
      { id: 1, reductionCents: 400 },
      { id: 2, reductionCents: 0 },
      { id: 3, reductionCents: 600 },
    ]);
  });

  it('never takes anything off a gift voucher, even when the code names its category', () => {
    expect(applyDiscount(rule({ type: 'EURO', amount: 500 }), [voucher])).toEqual({
      reductionCents: 0,
      freeShipping: false,
      lines: [{ id: 4, reductionCents: 0 }],
    });
    // Wine and voucher: 10 % of the wine only, all of it on the wine's line.
    expect(applyDiscount(rule({ categories: ['OTHER', 'RED'] }), [red, voucher])).toEqual({
      reductionCents: 300,
      freeShipping: false,
      lines: [
        { id: 1, reductionCents: 300 },
        { id: 4, reductionCents: 0 },
      ],
    });
    // A euro amount larger than the wine stops at the wine's price.
    expect(applyDiscount(rule({ type: 'EURO', amount: 5000 }), [red, voucher]).reductionCents).toBe(
      3000,
    );
  });

  it('gives free shipping and takes nothing off the products', () => {
    expect(
      applyDiscount(rule({ detailType: 'SHIPPING_FEES', type: 'EURO', amount: 0 }), [red]),
    ).toEqual({ reductionCents: 0, freeShipping: true, lines: [{ id: 1, reductionCents: 0 }] });
  });

  it('shares the odd cents by largest remainder so that the parts add up', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateCents(10, [1000, 2000, 3000])).toEqual([2, 3, 5]);
    expect(allocateCents(0, [5, 5])).toEqual([0, 0]);
  });
});

describe('the totals once a code applied (orderAmounts)', () => {
  it('applies the code first and then the shipping', () => {
    const application = applyDiscount(rule(), [red, white]);
    expect(discountedTotals([red, white], application, 990)).toEqual({
      productsCents: 5400,
      discountCents: 540,
      shippingCents: 990,
      totalCents: 5850,
    });
    const freeShipping = applyDiscount(rule({ detailType: 'SHIPPING_FEES' }), [red]);
    expect(discountedTotals([red], freeShipping, 990)).toMatchObject({
      shippingCents: 0,
      totalCents: 3000,
    });
  });
});

const lineArbitrary = fc.record({
  productId: fc.integer({ min: 1, max: 6 }),
  categories: fc.subarray(['WINE', 'BOX', 'RED', 'WHITE', 'ROSE', 'OTHER']),
  totalCents: fc.integer({ min: 0, max: 5_000_000 }),
  isGiftVoucher: fc.boolean(),
});
const linesArbitrary = fc
  .array(lineArbitrary, { maxLength: 12 })
  .map((lines) => lines.map((line, index) => ({ ...line, id: index + 1 })));
const ruleArbitrary = fc
  .record({
    type: fc.constantFrom('EURO' as const, 'percent' as const),
    euros: fc.integer({ min: 0, max: 10_000_000 }),
    percent: fc.integer({ min: 1, max: 100 }),
    freeShipping: fc.boolean(),
    productIds: fc.subarray([1, 2, 3, 4, 5, 6]),
    categories: fc.subarray(['WINE', 'BOX', 'RED', 'WHITE', 'ROSE', 'OTHER']),
    minimumCents: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
  })
  .map(({ type, euros, percent, freeShipping, productIds, categories, minimumCents }) =>
    rule({
      type,
      amount: type === 'EURO' ? euros : percent,
      detailType: freeShipping ? 'SHIPPING_FEES' : null,
      productIds,
      categories,
      minimumCents,
    }),
  );

describe('properties', () => {
  it('never makes a total negative and never raises it', () => {
    fc.assert(
      fc.property(
        ruleArbitrary,
        linesArbitrary,
        fc.integer({ min: 0, max: 100_000 }),
        (discount, lines, shippingCents) => {
          const without = discountedTotals(lines, null, shippingCents);
          const withCode = discountedTotals(lines, applyDiscount(discount, lines), shippingCents);
          expect(withCode.totalCents).toBeGreaterThanOrEqual(0);
          expect(withCode.totalCents).toBeLessThanOrEqual(without.totalCents);
          expect(withCode.totalCents).toBe(
            withCode.productsCents - withCode.discountCents + withCode.shippingCents,
          );
        },
      ),
    );
  });

  it('shares the reduction in whole cents that sum exactly, each line kept at or above 0', () => {
    fc.assert(
      fc.property(ruleArbitrary, linesArbitrary, (discount, lines) => {
        const application = applyDiscount(discount, lines);
        const parts = application.lines.map((line) => line.reductionCents);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(application.reductionCents);
        application.lines.forEach((line, index) => {
          expect(Number.isInteger(line.reductionCents)).toBe(true);
          expect(line.reductionCents).toBeGreaterThanOrEqual(0);
          expect(line.reductionCents).toBeLessThanOrEqual(lines[index]!.totalCents);
          if (line.reductionCents > 0) {
            expect(
              discount.productIds.length === 0 && discount.categories.length === 0
                ? true
                : discount.productIds.includes(lines[index]!.productId) ||
                    lines[index]!.categories.some((category) =>
                      discount.categories.includes(category),
                    ),
            ).toBe(true);
          }
        });
      }),
    );
  });

  it('never discounts a gift voucher nor lets one decide whether a code applies', () => {
    fc.assert(
      fc.property(ruleArbitrary, linesArbitrary, (discount, lines) => {
        const goods = lines.filter((line) => !line.isGiftVoucher);
        const application = applyDiscount(discount, lines);
        application.lines.forEach((line, index) => {
          if (lines[index]!.isGiftVoucher) expect(line.reductionCents).toBe(0);
        });
        // The vouchers in the cart change neither the reduction nor whether the code is refused
        // (only the wording of the refusal, or a cart of vouchers alone).
        expect(application.reductionCents).toBe(applyDiscount(discount, goods).reductionCents);
        const refused = discountRefusal(discount, lines, usage());
        const refusedOnGoods = discountRefusal(discount, goods, usage());
        if (goods.length > 0) expect(refused?.reason).toBe(refusedOnGoods?.reason);
        else if (lines.length > 0) expect(refused).toEqual({ reason: 'GIFT_VOUCHERS_ONLY' });
      }),
    );
  });

  it('allocates any total up to the weights exactly, each part within its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, share) => {
          const sum = weights.reduce((total, weight) => total + weight, 0);
          const total = Math.floor(sum * share);
          const parts = allocateCents(total, weights);
          expect(parts.reduce((given, part) => given + part, 0)).toBe(sum === 0 ? 0 : total);
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(weights[index]!);
          });
        },
      ),
    );
  });
});

describe('who a customer is for a code', () => {
  it('reads an e-mail without its case nor its +tag', () => {
    expect(customerEmailKey('Jean.Dupont+promo@Example.com')).toBe('jean.dupont@example.com');
    expect(customerEmailKey('jean.dupont@example.com')).toBe('jean.dupont@example.com');
    expect(customerEmailKey('a+b+c@Example.fr')).toBe('a@example.fr');
    // The dots stay: only some mail services ignore them.
    expect(customerEmailKey('jeandupont@example.com')).not.toBe(
      customerEmailKey('jean.dupont@example.com'),
    );
  });

  it('reads a French phone however it is written', () => {
    for (const written of [
      '06 12 34 56 78',
      '0612345678',
      '06.12.34.56.78',
      '06-12-34-56-78',
      '+33 6 12 34 56 78',
      '+33612345678',
      '+33 (0)6 12 34 56 78',
      '0033 6 12 34 56 78',
      ' +33 6 12 34 56 78 ',
    ]) {
      expect(customerPhoneKey(written), written).toBe('0612345678');
    }
    expect(customerPhoneKey('+32 470 12 34 56')).toBe('0032470123456');
    expect(customerPhoneKey('06 12 34 56 79')).not.toBe(customerPhoneKey('06 12 34 56 78'));
  });

  it('recognises no one by a phone too short to be one', () => {
    expect(customerPhoneKey('')).toBeNull();
    expect(customerPhoneKey('+33')).toBeNull();
    expect(customerPhoneKey('n/a')).toBeNull();
  });
});
