import { describe, expect, it } from 'vitest';
import {
  CARRIER_UNAVAILABLE_MESSAGE,
  DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE,
  GUEST_DETAILS_REQUIRED_MESSAGE,
  NO_DELIVERY_REFUSED_MESSAGE,
  ORDER_BIRTHDATE_REQUIRED_MESSAGE,
  ORDER_MINOR_REFUSED_MESSAGE,
  SLOT_NOT_HELD_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
} from '@comptoir/contract/order';
import { applyDiscount, type DiscountRule } from '@comptoir/domain/discount';
import { HttpError } from '../../../http/http-error';
import type { SiteParameterValues } from '../../../lib/site-parameter-values';
import type { CartCaller } from '../../cart';
import {
  customerProblems,
  discountCustomerOf,
  requoteDelivery,
  type DeliveryQuoting,
} from './check-and-hold';
import type { OrderGiftVouchers } from '../../gift-voucher';
import { applyVoucher, computeTotals } from './price-and-record';
import { cartLine, cartOf } from '../../../test/priced-cart';

const guest: CartCaller = { user: null, secret: 'secret', address: '127.0.0.1' };
const parameters = (on: string[]): SiteParameterValues => ({
  isOn: (type) => on.includes(type),
  text: () => null,
  number: () => null,
});

describe('check the customer', () => {
  it('asks a guest to name themselves, and no account holder', () => {
    expect(
      customerProblems(
        { isWinemaker: false },
        guest,
        { email: 'a@b.fr' },
        parameters([]),
        '2026-06-01',
      ),
    ).toEqual([{ key: 'user.email', error: GUEST_DETAILS_REQUIRED_MESSAGE }]);
    expect(
      customerProblems(
        { isWinemaker: false },
        guest,
        { email: 'a@b.fr', firstname: 'A', lastname: 'B' },
        parameters([]),
        '2026-06-01',
      ),
    ).toEqual([]);
  });

  it('on a winemaker site that blocks minors, asks the birthdate and refuses a minor on the Paris day', () => {
    const named = { email: 'a@b.fr', firstname: 'A', lastname: 'B' };
    const site = { isWinemaker: true };
    const blocking = parameters(['BLOCK_MINORS']);
    expect(customerProblems(site, guest, named, blocking, '2026-06-01')).toEqual([
      { key: 'user.birthdate', error: ORDER_BIRTHDATE_REQUIRED_MESSAGE },
    ]);
    expect(
      customerProblems(site, guest, { ...named, birthdate: '2008-06-02' }, blocking, '2026-06-01'),
    ).toEqual([{ key: 'user.birthdate', error: ORDER_MINOR_REFUSED_MESSAGE }]);
    expect(
      customerProblems(site, guest, { ...named, birthdate: '2008-06-01' }, blocking, '2026-06-01'),
    ).toEqual([]);
    // The same rules are not a brochure site's.
    expect(customerProblems({ isWinemaker: false }, guest, named, blocking, '2026-06-01')).toEqual(
      [],
    );
  });

  it("counts a code's uses against the account, or the guest's e-mail, never against nobody", () => {
    expect(discountCustomerOf(guest)).toBeNull();
    expect(discountCustomerOf(guest, { email: 'a@b.fr', phone: '06' })).toEqual({
      userId: null,
      email: 'a@b.fr',
      phone: '06',
    });
  });
});

describe('re-quote the delivery', () => {
  const wine = cartOf(7, [cartLine({ id: 1, declinationId: 10, quantity: 6 })]);
  const quoted: string[] = [];
  const quoting = (overrides: Partial<DeliveryQuoting> = {}): DeliveryQuoting => ({
    bookings: {
      liveBookingOf: async () => null,
      hasBooking: async () => false,
    },
    quote: async (_siteId, _cart, destination) => {
      quoted.push(destination.postalCode);
      return {
        carriers: [
          { id: 3, name: 'Colis', serviceCode: 'HOME', fdp: 990, deliveryType: 'DELIVERY' },
        ],
      };
    },
    relayPoints: { findAccessPoints: async () => [] } as unknown as DeliveryQuoting['relayPoints'],
    now: () => new Date('2026-06-01T10:00:00Z'),
    ...overrides,
  });

  it('prices the chosen carrier again from the cart, whatever the request says', async () => {
    const outcome = await requoteDelivery(quoting(), 92, wine, {
      delivery: { type: 'DELIVERY', idCarrier: 3 },
      deliveryPostalCode: '49000',
      deliveryIdCountry: 'FRA',
    });
    expect(outcome.errors).toEqual([]);
    expect(outcome.carrier).toMatchObject({ id: 3, fdp: 990 });
    expect(quoted).toContain('49000');
  });

  it('refuses a carrier the quote no longer offers, and one of the other kind', async () => {
    const unknown = await requoteDelivery(quoting(), 92, wine, {
      delivery: { type: 'DELIVERY', idCarrier: 4 },
      deliveryPostalCode: '49000',
      deliveryIdCountry: 'FRA',
    });
    const otherKind = await requoteDelivery(quoting(), 92, wine, {
      delivery: { type: 'PICKUP', idCarrier: 3, accessPointId: 'X' },
      deliveryPostalCode: '49000',
      deliveryIdCountry: 'FRA',
    });
    for (const outcome of [unknown, otherKind]) {
      expect(outcome.errors).toEqual([
        { key: 'delivery.idCarrier', error: CARRIER_UNAVAILABLE_MESSAGE },
      ]);
      expect(outcome.carrier).toBeNull();
    }
  });

  it("turns the delivery rules' refusals into pairs, and lets any other failure through", async () => {
    const refusing = quoting({
      quote: async () => {
        throw new HttpError(422, 'Commande minimum : 6 bouteilles', [
          { key: 'products', error: 'Commande minimum : 6 bouteilles' },
        ]);
      },
    });
    const request = {
      delivery: { type: 'DELIVERY' as const, idCarrier: 3 },
      deliveryPostalCode: '49000',
      deliveryIdCountry: 'FRA',
    };
    expect((await requoteDelivery(refusing, 92, wine, request)).errors).toEqual([
      { key: 'products', error: 'Commande minimum : 6 bouteilles' },
    ]);
    const failing = quoting({
      quote: async () => {
        throw new Error('database down');
      },
    });
    await expect(requoteDelivery(failing, 92, wine, request)).rejects.toThrow('database down');
  });

  it('asks a held slot for click and collect, and keeps it only when it is the one held', async () => {
    const held = quoting({
      bookings: {
        liveBookingOf: async () => ({
          companyAddressId: 5,
          slotDate: '2026-06-02',
          scheduleId: 540,
        }),
        hasBooking: async () => true,
      } as unknown as DeliveryQuoting['bookings'],
    });
    const missing = await requoteDelivery(held, 92, wine, {
      delivery: { type: 'CLICK_AND_COLLECT' },
    });
    expect(missing.errors).toEqual([{ key: 'idSchedule', error: SLOT_REQUIRED_MESSAGE }]);
    const choice = {
      delivery: { type: 'CLICK_AND_COLLECT' as const, idCompanyAddress: 5 },
      dateSchedule: '2026-06-02T07:00:00.000Z',
    };
    const other = await requoteDelivery(held, 92, wine, { ...choice, idSchedule: 600 });
    expect(other.errors).toEqual([{ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE }]);
    const same = await requoteDelivery(held, 92, wine, { ...choice, idSchedule: 540 });
    expect(same).toMatchObject({
      errors: [],
      slot: { companyAddressId: 5, date: '2026-06-02', scheduleId: 540 },
    });
  });

  it('ships nothing of a dematerialized cart, and always ships a cart of goods', async () => {
    const voucher = cartOf(8, [
      cartLine({ id: 2, declinationId: 11, isDematerialized: true, hasShippingFees: false }),
    ]);
    expect(
      (
        await requoteDelivery(quoting(), 92, voucher, {
          delivery: { type: 'DELIVERY', idCarrier: 3 },
        })
      ).errors,
    ).toEqual([{ key: 'delivery.type', error: DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE }]);
    expect(
      (await requoteDelivery(quoting(), 92, wine, { delivery: { type: 'NO_DELIVERY' } })).errors,
    ).toEqual([{ key: 'delivery.type', error: NO_DELIVERY_REFUSED_MESSAGE }]);
  });
});

describe('compute the totals', () => {
  const rule: DiscountRule = {
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
  };
  const cart = cartOf(7, [
    cartLine({ id: 1, declinationId: 10, quantity: 3, unitPriceCents: 1590 }),
    cartLine({ id: 2, declinationId: 11, quantity: 1, unitPriceCents: 1000 }),
  ]);
  const declinations = [
    { id: 10, vatRateBasisPoints: 2000, isStockManaged: true },
    { id: 11, vatRateBasisPoints: 550, isStockManaged: false },
  ];

  it('takes the code off the lines, adds the fee, and puts VAT on what each line is paid', () => {
    const application = applyDiscount(
      rule,
      cart.products.map((line) => ({ ...line, categories: [] })),
    );
    const totals = computeTotals(cart, declinations, application, 990);
    expect(totals.amounts).toMatchObject({
      productsCents: 5770,
      discountCents: 577,
      shippingCents: 990,
      totalCents: 5770 - 577 + 990,
    });
    const [red, other] = totals.lines;
    expect(red!.discountCents! + other!.discountCents!).toBe(577);
    // Each line's VAT is on its price less its share of the code, at its own rate.
    expect(red).toMatchObject({ vatRateBasisPoints: 2000, isStockManaged: true });
    expect(other).toMatchObject({ vatRateBasisPoints: 550, isStockManaged: false });
    expect(totals.amounts.vatCents).toBe(
      red!.vatCents! + other!.vatCents! + Math.round((990 * 2000) / 12000),
    );
  });

  it('drops the fee for a free-shipping code, and never goes below zero', () => {
    const free = computeTotals(
      cart,
      declinations,
      { reductionCents: 0, freeShipping: true, lines: [] },
      990,
    );
    expect(free.amounts).toMatchObject({ shippingCents: 0, totalCents: 5770 });
    const all = computeTotals(
      cart,
      declinations,
      {
        reductionCents: 99_999,
        freeShipping: false,
        lines: [
          { id: 1, reductionCents: 4770 },
          { id: 2, reductionCents: 1000 },
        ],
      },
      0,
    );
    expect(all.amounts).toMatchObject({ discountCents: 5770, totalCents: 0, vatCents: 0 });
  });
});

describe('apply the voucher', () => {
  const tx = { raw: {} as never };
  const wine = cartOf(1, [
    cartLine({ id: 1, declinationId: 10, quantity: 2, unitPriceCents: 1500 }),
  ]);
  const taxes = [{ id: 10, vatRateBasisPoints: 2000, isStockManaged: true }];
  /** A voucher module that takes min(balance, due) of a GOOD code and refuses any other. */
  const vouchers = (balanceCents: number, asked: number[]): OrderGiftVouchers => ({
    problems: async () => [],
    take: async (_tx, _siteId, typed, dueCents) => {
      asked.push(dueCents);
      if (typed !== 'GOOD') return { key: 'giftVoucherCode', error: 'Ce bon cadeau est inconnu.' };
      return { voucherId: 1, amountCents: Math.min(balanceCents, dueCents), codeEnd: 'GOOD' };
    },
    record: async () => {},
    giveBack: async () => {},
  });

  it('pays after the code and the delivery, the total and its VAT unchanged', async () => {
    const asked: number[] = [];
    const totals = computeTotals(wine, taxes, null, 990);
    const paid = await applyVoucher(tx, vouchers(2000, asked), 92, 'GOOD', totals, wine);
    expect(asked).toEqual([3990]);
    expect(paid.voucher).toEqual({ voucherId: 1, amountCents: 2000, codeEnd: 'GOOD' });
    expect(paid.amounts).toMatchObject({
      totalCents: 3990,
      vatCents: totals.amounts.vatCents,
      voucherCents: 2000,
      amountDueCents: 1990,
    });
  });

  it('never pays for a voucher bought in the same cart, even if the voucher module let it', async () => {
    const withVoucher = cartOf(2, [
      cartLine({ id: 1, declinationId: 10, quantity: 2, unitPriceCents: 1500 }),
      cartLine({
        id: 2,
        declinationId: 11,
        unitPriceCents: 5000,
        type: 'OTHER',
        isDematerialized: true,
        hasShippingFees: false,
        isGiftVoucher: true,
      }),
    ]);
    const totals = computeTotals(withVoucher, taxes, null, 0);
    const paid = await applyVoucher(tx, vouchers(100_000, []), 92, 'GOOD', totals, withVoucher);
    expect(paid.amounts).toMatchObject({
      totalCents: 8000,
      voucherCents: 3000,
      amountDueCents: 5000,
    });
    // What the voucher records as spent is what the order says it paid, not what it offered.
    expect(paid.voucher!.amountCents).toBe(3000);
  });

  it("refuses the order with the voucher's own problem, and asks nothing without a code", async () => {
    const asked: number[] = [];
    const totals = computeTotals(wine, taxes, null, 990);
    const error = await applyVoucher(tx, vouchers(5000, asked), 92, 'BAD', totals, wine).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).errors).toEqual([
      { key: 'giftVoucherCode', error: 'Ce bon cadeau est inconnu.' },
    ]);
    const without = await applyVoucher(tx, vouchers(5000, asked), 92, null, totals, wine);
    expect(without).toEqual({ voucher: null, amounts: totals.amounts });
    expect(asked).toEqual([3990]);
  });
});
