import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDiscount, type DiscountRule } from './discount';
import { formatPrice } from './money';
import {
  type AmountLine,
  applyTransition,
  deliveryFeeCents,
  goodsCents,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderAmounts,
  type OrderAmountsInput,
  orderReference,
  orderRefundSummary,
  type OrderState,
  orderStatusSummary,
  paymentDeadline,
  paymentMeansText,
  reachesFreeShipping,
  refundRestocksByDefault,
  releasesStock,
  transitionError,
  vatByRate,
  vatInsideCents,
} from './order';

// ─── order ─────────────────────────────────────────────────────────────────────────────────────

const pending = (paymentMethod: OrderState['paymentMethod'] = 'BANK_TRANSFER'): OrderState => ({
  status: 'PENDING_PAYMENT',
  paymentMethod,
  isPaid: false,
});

describe('order transitions', () => {
  it('walks a delivered order: paid, preparing, shipped, delivered', () => {
    let state = pending();
    for (const step of ['PAID', 'PREPARING', 'SHIPPED', 'DELIVERED'] as const) {
      state = applyTransition(state, step);
      expect(state.status).toBe(step);
    }
    expect(state.isPaid).toBe(true);
  });

  it('prepares an order paid at pick-up before its payment, and takes the payment at the counter', () => {
    let state = applyTransition(pending('ON_PICKUP'), 'PREPARING');
    state = applyTransition(state, 'READY_FOR_PICKUP');
    expect(transitionError(state, 'PICKED_UP')).toBe(
      'La commande doit être payée avant son retrait.',
    );
    state = applyTransition(state, 'PAID');
    expect(state).toEqual({ status: 'READY_FOR_PICKUP', paymentMethod: 'ON_PICKUP', isPaid: true });
    expect(applyTransition(state, 'PICKED_UP').status).toBe('PICKED_UP');
  });

  it('refuses to prepare an unpaid transfer, cheque or card order', () => {
    for (const method of ['BANK_TRANSFER', 'CHEQUE', 'CARD'] as const) {
      expect(transitionError(pending(method), 'PREPARING')).toBe(
        'Seule une commande payée au retrait se prépare avant son paiement.',
      );
    }
  });

  it('never pays an order twice, nor refunds an unpaid one, nor cancels a paid one', () => {
    const paid = applyTransition(pending(), 'PAID');
    expect(transitionError(paid, 'PAID')).toBe('Cette commande est déjà payée.');
    expect(transitionError(pending(), 'REFUNDED')).not.toBeNull();
    expect(transitionError(paid, 'CANCELLED')).toBe(
      'Une commande payée se rembourse : elle ne s’annule pas.',
    );
  });

  it('leaves cancelled and refunded orders where they are', () => {
    for (const status of ORDER_STATUSES) {
      expect(transitionError({ ...pending(), status: 'CANCELLED' }, status)).not.toBeNull();
      expect(
        transitionError({ ...pending(), status: 'REFUNDED', isPaid: true }, status),
      ).not.toBeNull();
    }
  });

  it('never moves a shipped order back to an earlier step', () => {
    const shipped: OrderState = { status: 'SHIPPED', paymentMethod: 'CARD', isPaid: true };
    for (const earlier of ['PENDING_PAYMENT', 'PREPARING', 'CANCELLED'] as const) {
      expect(transitionError(shipped, earlier)).toMatch(/ne peut pas passer/);
    }
    expect(transitionError(shipped, 'PAID')).toBe('Cette commande est déjà payée.');
    expect(() => applyTransition(shipped, 'PAID')).toThrow();
  });

  it('names only known states in its table', () => {
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const target of targets) expect(ORDER_STATUSES).toContain(target);
    }
  });

  it('gives stock back on cancellation only', () => {
    expect(releasesStock('PENDING_PAYMENT', 'CANCELLED')).toBe(true);
    expect(releasesStock('PENDING_PAYMENT', 'PAID')).toBe(false);
    expect(releasesStock('CANCELLED', 'CANCELLED')).toBe(false);
  });

  it('offers to restock a refunded order while its bottles are still in the shop', () => {
    const refundable = ORDER_STATUSES.filter((status) =>
      ORDER_TRANSITIONS[status].includes('REFUNDED'),
    );
    expect(refundable.filter(refundRestocksByDefault)).toEqual([
      'PAID',
      'PREPARING',
      'READY_FOR_PICKUP',
    ]);
    expect(refundRestocksByDefault('SHIPPED')).toBe(false);
    expect(refundRestocksByDefault('DELIVERED')).toBe(false);
    expect(refundRestocksByDefault('PICKED_UP')).toBe(false);
  });
});

describe('payment deadlines', () => {
  const at = new Date('2026-03-01T10:00:00Z');
  it('keeps the stock 30 minutes for a card, 10 days for a transfer or a cheque', () => {
    expect(paymentDeadline('CARD', at)?.toISOString()).toBe('2026-03-01T10:30:00.000Z');
    expect(paymentDeadline('BANK_TRANSFER', at)?.toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect(paymentDeadline('CHEQUE', at)?.toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect(paymentDeadline('ON_PICKUP', at)).toBeNull();
  });
});

describe('VAT inside TTC prices', () => {
  it('finds 20 % inside a price', () => {
    expect(vatInsideCents(1200, 2000)).toBe(200);
    expect(vatInsideCents(1590, 2000)).toBe(265);
    expect(vatInsideCents(1, 2000)).toBe(0);
    expect(vatInsideCents(0, 2000)).toBe(0);
    expect(vatInsideCents(1055, 550)).toBe(55);
  });

  it('never exceeds the price and matches the rounded real value', () => {
    for (let cents = 0; cents < 5000; cents += 7) {
      for (const rate of [550, 1000, 2000]) {
        const vat = vatInsideCents(cents, rate);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(vat).toBeLessThanOrEqual(cents);
        expect(Math.abs(vat - (cents * rate) / (10_000 + rate))).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('sums VAT per rate', () => {
    expect(
      vatByRate([
        { totalCents: 1200, vatRateBasisPoints: 2000 },
        { totalCents: 2400, vatRateBasisPoints: 2000 },
        { totalCents: 1055, vatRateBasisPoints: 550 },
      ]),
    ).toEqual([
      { rateBasisPoints: 550, baseCents: 1000, vatCents: 55 },
      { rateBasisPoints: 2000, baseCents: 3000, vatCents: 600 },
    ]);
  });
});

describe('how an order is named', () => {
  it('is « C » and its number on six digits, in every sentence of the journal', () => {
    expect(orderReference(53)).toBe('C000053');
    expect(orderReference(1234567)).toBe('C1234567');
    expect(orderStatusSummary(53, 'SHIPPED')).toBe("Commande C000053 passée à l'état « expédiée »");
    expect(orderStatusSummary(9, 'READY_FOR_PICKUP')).toBe(
      "Commande C000009 passée à l'état « prête à retirer »",
    );
    expect(orderRefundSummary(53)).toBe('Commande C000053 remboursée');
    expect(orderRefundSummary(53, true)).toBe(
      'Commande C000053 remboursée, articles remis en stock',
    );
    expect(orderRefundSummary(53, false)).toBe(
      'Commande C000053 remboursée, articles non remis en stock',
    );
  });
});

// ─── order amounts ─────────────────────────────────────────────────────────────────────────────

const wine = (totalCents: number, quantity = 1, extra: Partial<AmountLine> = {}): AmountLine => ({
  type: 'WINE',
  quantity,
  capacity: 75,
  capacityUnit: 'CENTILITRE',
  sellByMultipleOf: 1,
  isDematerialized: false,
  hasShippingFees: true,
  totalCents,
  ...extra,
});
const voucherLine = (totalCents: number): AmountLine => ({
  type: 'OTHER',
  quantity: 1,
  capacity: null,
  capacityUnit: null,
  sellByMultipleOf: 1,
  isDematerialized: true,
  hasShippingFees: false,
  totalCents,
  isGiftVoucher: true,
});
const none = { freeShippingBottle: null, freeShippingPriceCents: null };

const amounts = (input: Partial<OrderAmountsInput>) =>
  orderAmounts({
    lines: [],
    code: null,
    deliveryFeeCents: null,
    voucherBalanceCents: null,
    ...input,
  });

describe('deliveryFeeCents', () => {
  it("is the carrier's price until the site's threshold, then nothing", () => {
    const thresholds = { freeShippingBottle: 12, freeShippingPriceCents: 15_000 };
    expect(deliveryFeeCents([wine(9000, 6)], 990, thresholds)).toBe(990);
    expect(deliveryFeeCents([wine(9000, 12)], 990, thresholds)).toBe(0);
    expect(deliveryFeeCents([wine(15_000, 6)], 990, thresholds)).toBe(0);
    expect(deliveryFeeCents([wine(1_000_000, 100)], 990, none)).toBe(990);
  });

  it('never reaches the price threshold thanks to a gift voucher bought beside the wine', () => {
    const thresholds = { freeShippingBottle: null, freeShippingPriceCents: 15_000 };
    const lines = [wine(5000, 3), voucherLine(10_000)];
    expect(goodsCents(lines)).toBe(5000);
    expect(reachesFreeShipping(lines, thresholds)).toBe(false);
    expect(deliveryFeeCents(lines, 990, thresholds)).toBe(990);
    // The same amount in wine does reach it.
    expect(deliveryFeeCents([wine(15_000, 3)], 990, thresholds)).toBe(0);
  });

  it('counts only the bottles that ship towards the bottle threshold', () => {
    const thresholds = { freeShippingBottle: 6, freeShippingPriceCents: null };
    const halves = wine(6000, 6, { capacity: 37.5 });
    expect(deliveryFeeCents([halves], 990, thresholds)).toBe(990);
    expect(deliveryFeeCents([halves, wine(3000, 3)], 990, thresholds)).toBe(0);
  });

  it('refuses a carrier price that is not whole non-negative cents', () => {
    expect(() => deliveryFeeCents([wine(100)], -1, none)).toThrow(RangeError);
    expect(() => deliveryFeeCents([wine(100)], 9.9, none)).toThrow(RangeError);
    expect(() =>
      deliveryFeeCents([wine(-100)], 990, { ...none, freeShippingPriceCents: 1 }),
    ).toThrow(RangeError);
  });
});

describe('orderAmounts', () => {
  const red = { totalCents: 4770, vatRateBasisPoints: 2000, discountCents: 477 };
  const juice = { totalCents: 1000, vatRateBasisPoints: 550, discountCents: 100 };

  it('takes the code off the products, adds the fee, then lets the voucher pay after VAT', () => {
    const result = amounts({
      lines: [red, juice],
      code: { reductionCents: 577, freeShipping: false },
      deliveryFeeCents: 990,
      voucherBalanceCents: 2000,
    });
    expect(result).toMatchObject({
      productsCents: 5770,
      discountCents: 577,
      shippingCents: 990,
      totalCents: 5770 - 577 + 990,
      voucherCents: 2000,
      amountDueCents: 5770 - 577 + 990 - 2000,
    });
    // VAT on what each line is paid, at its rate, and on the fee at the standard rate: the
    // voucher changes neither the total nor its VAT.
    expect(result.vat).toEqual([
      {
        rateBasisPoints: 550,
        baseCents: 900 - vatInsideCents(900, 550),
        vatCents: vatInsideCents(900, 550),
      },
      {
        rateBasisPoints: 2000,
        baseCents: 4293 + 990 - vatInsideCents(4293 + 990, 2000),
        vatCents: vatInsideCents(4293 + 990, 2000),
      },
    ]);
    expect(result.vatCents).toBe(vatInsideCents(900, 550) + vatInsideCents(5283, 2000));
    expect(
      amounts({
        lines: [red, juice],
        code: { reductionCents: 577, freeShipping: false },
        deliveryFeeCents: 990,
      }).vat,
    ).toEqual(result.vat);
  });

  it('drops the fee with a free-shipping code, and knows no fee while no delivery is chosen', () => {
    expect(
      amounts({
        lines: [red],
        code: { reductionCents: 0, freeShipping: true },
        deliveryFeeCents: 990,
      }),
    ).toMatchObject({ shippingCents: 0, totalCents: 4770 });
    expect(amounts({ lines: [red], deliveryFeeCents: null })).toMatchObject({
      shippingCents: null,
      totalCents: 4770,
      amountDueCents: 4770,
    });
  });

  it('never takes the products below zero, whatever the code claims', () => {
    const result = amounts({
      lines: [{ ...red, discountCents: 99_999 }],
      code: { reductionCents: 99_999, freeShipping: false },
      deliveryFeeCents: 990,
    });
    expect(result).toMatchObject({ discountCents: 4770, totalCents: 990 });
    expect(result.vatCents).toBe(vatInsideCents(990, 2000));
  });

  it('reads a negative reduction or balance as none: they never add to what is due', () => {
    expect(
      amounts({
        lines: [red],
        code: { reductionCents: -500, freeShipping: false },
        deliveryFeeCents: 0,
        voucherBalanceCents: -1000,
      }),
    ).toMatchObject({ discountCents: 0, totalCents: 4770, voucherCents: 0, amountDueCents: 4770 });
  });

  it('lets a voucher larger than the order pay all of it and nothing more', () => {
    expect(
      amounts({ lines: [red], deliveryFeeCents: 990, voucherBalanceCents: 50_000 }),
    ).toMatchObject({
      totalCents: 5760,
      voucherCents: 5760,
      amountDueCents: 0,
    });
  });

  it('never lets a voucher pay for a voucher bought in the same cart', () => {
    const result = amounts({
      lines: [
        { totalCents: 5000, vatRateBasisPoints: 0, isGiftVoucher: true },
        { totalCents: 3000, vatRateBasisPoints: 2000 },
      ],
      deliveryFeeCents: 0,
      voucherBalanceCents: 10_000,
    });
    expect(result).toMatchObject({ totalCents: 8000, voucherCents: 3000, amountDueCents: 5000 });
    expect(
      amounts({
        lines: [{ totalCents: 5000, vatRateBasisPoints: 0, isGiftVoucher: true }],
        voucherBalanceCents: 10_000,
      }),
    ).toMatchObject({ voucherCents: 0, amountDueCents: 5000 });
  });

  it('refuses amounts that are not whole cents, or that overflow what cents can count exactly', () => {
    expect(() => amounts({ lines: [{ totalCents: -1 }] })).toThrow(RangeError);
    expect(() => amounts({ lines: [{ totalCents: 10.5 }] })).toThrow(RangeError);
    expect(() => amounts({ lines: [{ totalCents: Number.NaN }] })).toThrow(RangeError);
    expect(() => amounts({ lines: [{ totalCents: 100 }], deliveryFeeCents: -990 })).toThrow(
      RangeError,
    );
    const half = Math.floor(Number.MAX_SAFE_INTEGER / 2) + 1;
    expect(() => amounts({ lines: [{ totalCents: half }, { totalCents: half }] })).toThrow(
      RangeError,
    );
    expect(() =>
      amounts({ lines: [{ totalCents: Number.MAX_SAFE_INTEGER }], deliveryFeeCents: 1 }),
    ).toThrow(RangeError);
  });
});

const rule = (overrides: Partial<DiscountRule>): DiscountRule => ({
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

describe('properties', () => {
  const linesArbitrary = fc.array(
    fc.record({
      totalCents: fc.integer({ min: 0, max: 5_000_000 }),
      vatRateBasisPoints: fc.constantFrom(0, 550, 1000, 2000),
      isGiftVoucher: fc.boolean(),
    }),
    { maxLength: 10 },
  );
  const codeArbitrary = fc.option(
    fc.record({
      type: fc.constantFrom('EURO' as const, 'percent' as const),
      amount: fc.integer({ min: 0, max: 10_000_000 }),
      freeShipping: fc.boolean(),
    }),
  );

  it('holds its order and its bounds for any cart, code, fee and voucher', () => {
    fc.assert(
      fc.property(
        linesArbitrary,
        codeArbitrary,
        fc.option(fc.integer({ min: 0, max: 100_000 })),
        fc.option(fc.integer({ min: -100_000, max: 10_000_000 })),
        (rawLines, code, fee, balance) => {
          const lines = rawLines.map((line, index) => ({
            ...line,
            id: index + 1,
            productId: 1,
            categories: [],
          }));
          const application = code
            ? applyDiscount(
                rule({
                  type: code.type,
                  amount: code.type === 'percent' ? Math.min(100, code.amount) : code.amount,
                  detailType: code.freeShipping ? 'SHIPPING_FEES' : null,
                }),
                lines,
              )
            : null;
          const shares = new Map(application?.lines.map((line) => [line.id, line.reductionCents]));
          const result = orderAmounts({
            lines: lines.map((line) => ({ ...line, discountCents: shares.get(line.id) ?? 0 })),
            code: application,
            deliveryFeeCents: fee,
            voucherBalanceCents: balance,
          });
          const without = orderAmounts({
            lines,
            code: null,
            deliveryFeeCents: fee,
            voucherBalanceCents: null,
          });
          expect(result.totalCents).toBe(
            result.productsCents - result.discountCents + (result.shippingCents ?? 0),
          );
          expect(result.totalCents).toBeGreaterThanOrEqual(0);
          expect(result.totalCents).toBeLessThanOrEqual(without.totalCents);
          expect(result.voucherCents).toBeGreaterThanOrEqual(0);
          expect(result.voucherCents).toBeLessThanOrEqual(Math.max(0, balance ?? 0));
          const bought = lines
            .filter((line) => line.isGiftVoucher)
            .reduce((sum, line) => sum + line.totalCents, 0);
          expect(result.voucherCents).toBeLessThanOrEqual(Math.max(0, result.totalCents - bought));
          expect(result.amountDueCents).toBe(result.totalCents - result.voucherCents);
          expect(result.vatCents).toBeLessThanOrEqual(result.totalCents);
          for (const value of Object.values(result)) {
            if (typeof value === 'number') expect(Number.isSafeInteger(value)).toBe(true);
          }
        },
      ),
    );
  });
});

// ─── payment means ─────────────────────────────────────────────────────────────────────────────

const order = (
  paymentMethod: 'BANK_TRANSFER' | 'CHEQUE' | 'ON_PICKUP' | 'CARD',
  voucherCents: number,
  amountDueCents: number,
) => ({ paymentMethod, totals: { voucherCents, amountDueCents } });

describe('paymentMeansText', () => {
  it('names the method of an order paid without a voucher', () => {
    expect(paymentMeansText(order('BANK_TRANSFER', 0, 2_000))).toBe('Virement bancaire');
    expect(paymentMeansText(order('CARD', 0, 2_000))).toBe('Carte bancaire');
    expect(paymentMeansText(order('CHEQUE', 0, 2_000))).toBe('Chèque');
    expect(paymentMeansText(order('ON_PICKUP', 0, 2_000))).toBe('Paiement au retrait');
  });

  it('says an order its voucher paid whole was paid by gift voucher, whatever the form selected', () => {
    expect(paymentMeansText(order('BANK_TRANSFER', 980, 0))).toBe('Bon cadeau');
    expect(paymentMeansText(order('ON_PICKUP', 980, 0))).toBe('Bon cadeau');
  });

  it('names the voucher and its amount, then the method, for an order it paid in part', () => {
    expect(paymentMeansText(order('BANK_TRANSFER', 2_000, 960))).toBe(
      `Bon cadeau (${formatPrice(2_000)}) puis virement bancaire`,
    );
    expect(paymentMeansText(order('CARD', 1_000, 960))).toBe(
      `Bon cadeau (${formatPrice(1_000)}) puis carte bancaire`,
    );
  });
});
