import { describe, expect, it } from 'vitest';
import type { DiscountCheck } from '@comptoir/contract/discount';
import { orderBodySchema } from '@comptoir/contract/order';
import {
  checkoutDefaults,
  checkoutFieldOf,
  orderBodyOf,
  parisInstant,
  type CheckoutCartState,
} from './checkout-order';
import { checkoutAmounts } from './checkout-amounts';

const HOME_DELIVERY: CheckoutCartState = {
  city: { name: 'Angers', postalCode: '49000', country: 'FRA' },
  carrier: {
    id: 7,
    name: 'Colissimo',
    serviceCode: 'COL',
    feeCents: 990,
    deliveryType: 'DELIVERY',
    accessPoint: null,
  },
  deliveryType: 'delivery',
  clickAndCollect: null,
  billingAddress: null,
  deliveryAddress: null,
  phone: null,
};

const CAMILLE = {
  email: 'camille@example.fr',
  firstname: 'Camille',
  lastname: 'Martin',
  phone: '06 01 02 03 04',
  birthdate: null,
};

function filled(state: CheckoutCartState) {
  return {
    ...checkoutDefaults(state, CAMILLE),
    billingLine1: '12 rue des Vignes',
    acceptTerms: true,
  };
}

describe('the checkout form', () => {
  it('starts with the member’s details and the commune chosen at the delivery step', () => {
    expect(checkoutDefaults(HOME_DELIVERY, CAMILLE)).toMatchObject({
      email: 'camille@example.fr',
      phone: '06 01 02 03 04',
      billingFirstname: 'Camille',
      billingPostalCode: '49000',
      billingCity: 'Angers',
      billingCountry: 'France',
      deliveryPostalCode: '49000',
      acceptTerms: false,
    });
  });

  it('builds a home delivery order the contract accepts, the delivery address the billing one', () => {
    const body = orderBodyOf({
      cartId: 12,
      values: filled(HOME_DELIVERY),
      state: HOME_DELIVERY,
      isMember: true,
      sameAddress: true,
      paymentMethod: 'BANK_TRANSFER',
      discountCode: null,
      giftVoucherCode: null,
    })!;
    expect(orderBodySchema.parse(body)).toMatchObject({
      idCart: 12,
      user: { phone: '06 01 02 03 04' },
      address: {
        billing: { firstPart: '12 rue des Vignes', postalCode: '49000', city: 'Angers' },
        delivery: { type: 'DELIVERY', firstPart: '12 rue des Vignes' },
      },
      delivery: { type: 'DELIVERY', idCarrier: 7 },
      deliveryPostalCode: '49000',
      deliveryIdCountry: 'FRA',
      paymentMethod: 'BANK_TRANSFER',
      acceptSaleTerms: true,
    });
    // A member's identity comes from the account: the guest fields are not sent.
    expect(body.user).not.toHaveProperty('email');
  });

  it('builds a guest click-and-collect order with its slot, and no delivery address', () => {
    const state: CheckoutCartState = {
      ...HOME_DELIVERY,
      city: null,
      carrier: null,
      deliveryType: 'clickAndCollect',
      clickAndCollect: {
        companyAddressId: 3,
        date: '2026-06-02',
        scheduleId: 600,
        start: '10:00',
        end: '10:30',
        expiresAt: '2026-06-01T10:15:00.000Z',
      },
    };
    const body = orderBodyOf({
      cartId: 12,
      values: { ...filled(state), billingPostalCode: '49000', billingCity: 'Angers' },
      state,
      isMember: false,
      sameAddress: true,
      paymentMethod: 'ON_PICKUP',
      discountCode: null,
      giftVoucherCode: 'BON-1234',
    })!;
    expect(orderBodySchema.parse(body)).toMatchObject({
      user: { email: 'camille@example.fr', firstname: 'Camille', lastname: 'Martin' },
      address: { delivery: null },
      delivery: { type: 'CLICK_AND_COLLECT', idCompanyAddress: 3 },
      dateSchedule: '2026-06-02T08:00:00.000Z',
      idSchedule: 600,
      giftVoucherCode: 'BON-1234',
    });
  });

  it('sends the terms of sale as accepted only when their box is ticked', () => {
    const choices = {
      cartId: 12,
      state: HOME_DELIVERY,
      isMember: true,
      sameAddress: true,
      paymentMethod: 'CHEQUE' as const,
      discountCode: null,
      giftVoucherCode: null,
    };
    expect(orderBodyOf({ ...choices, values: filled(HOME_DELIVERY) })).toMatchObject({
      acceptSaleTerms: true,
    });
    expect(
      orderBodyOf({ ...choices, values: { ...filled(HOME_DELIVERY), acceptTerms: false } }),
    ).toBeNull();
    // The API's refusal shows beside the box.
    expect(checkoutFieldOf('acceptSaleTerms', true)).toBe('acceptTerms');
  });

  it('has no order to send while the delivery is not chosen', () => {
    const body = orderBodyOf({
      cartId: 12,
      values: filled(HOME_DELIVERY),
      state: { ...HOME_DELIVERY, carrier: null },
      isMember: true,
      sameAddress: true,
      paymentMethod: 'CHEQUE',
      discountCode: null,
      giftVoucherCode: null,
    });
    expect(body).toBeNull();
  });

  it('reads Paris wall-clock times in winter and summer', () => {
    expect(parisInstant('2026-01-15', '09:30')).toBe('2026-01-15T08:30:00.000Z');
    expect(parisInstant('2026-07-15', '09:30')).toBe('2026-07-15T07:30:00.000Z');
  });

  it('shows each API problem beside its field, and the others in the recap', () => {
    expect(checkoutFieldOf('user.phone', true)).toBe('phone');
    expect(checkoutFieldOf('address.billing.city', true)).toBe('billingCity');
    expect(checkoutFieldOf('address.delivery', false)).toBe('deliveryLine1');
    // The delivery address is the billing one: its problems show on the billing fields.
    expect(checkoutFieldOf('address.delivery.postalCode', true)).toBe('billingPostalCode');
    expect(checkoutFieldOf('idSchedule', true)).toBeNull();
    expect(checkoutFieldOf('products.4', true)).toBeNull();
  });
});

describe('the recap', () => {
  const code = (check: Partial<DiscountCheck>): DiscountCheck => ({
    kind: 'DISCOUNT_CODE',
    code: 'VENDANGES',
    discount: null,
    reductionCents: 0,
    freeShipping: false,
    balanceCents: null,
    expiresOn: null,
    label: '',
    ...check,
  });

  it('takes the code off the products, then adds shipping, then pays with the voucher', () => {
    expect(
      checkoutAmounts([{ totalCents: 4000 }, { totalCents: 2000 }], 990, {
        discount: code({ reductionCents: 600 }),
        voucher: code({ kind: 'GIFT_VOUCHER', balanceCents: 2000 }),
      }),
    ).toEqual({
      productsCents: 6000,
      discountCents: 600,
      shippingCents: 990,
      totalCents: 6390,
      voucherCents: 2000,
      amountDueCents: 4390,
    });
  });

  it("previews with the order's rule: a voucher never pays for a voucher in the cart", () => {
    expect(
      checkoutAmounts([{ totalCents: 3000 }, { totalCents: 5000, isGiftVoucher: true }], 0, {
        discount: null,
        voucher: code({ kind: 'GIFT_VOUCHER', balanceCents: 10_000 }),
      }),
    ).toMatchObject({ totalCents: 8000, voucherCents: 3000, amountDueCents: 5000 });
  });

  it('shows no fee rather than a broken total when the kept fee is not whole cents', () => {
    expect(
      checkoutAmounts([{ totalCents: 3000 }], 9.9, { discount: null, voucher: null }),
    ).toMatchObject({ shippingCents: null, totalCents: 3000 });
  });

  it('never goes below zero, and a free-shipping code drops the fee', () => {
    expect(
      checkoutAmounts([{ totalCents: 1000 }], 990, {
        discount: code({ reductionCents: 5000, freeShipping: true }),
        voucher: code({ kind: 'GIFT_VOUCHER', balanceCents: 10_000 }),
      }),
    ).toMatchObject({ discountCents: 1000, shippingCents: 0, totalCents: 0, amountDueCents: 0 });
  });
});
