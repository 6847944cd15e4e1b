import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedDeliveryTypes,
  cartTotalCents,
  chooseDeliveryType,
  orderDeliveryType,
  shippingFeeCents,
  STOREFRONT_DELIVERY_TYPES,
  type DeliveryChoice,
} from './delivery';

const home = { id: 1, deliveryType: 'DELIVERY' as const, fdpCents: 1290 };
const relay = { id: 3, deliveryType: 'PICKUP' as const, fdpCents: 690 };
const chosen: DeliveryChoice<string, string, number> = {
  type: 'delivery',
  carrier: home,
  city: 'Angers',
  shippingPrices: [1290, 690],
  accessPoint: 'RP-1',
};

describe('delivery types', () => {
  it('resets carrier, city, prices and access point when clickAndCollect is chosen', () => {
    expect(chooseDeliveryType(chosen, 'clickAndCollect')).toEqual({
      type: 'clickAndCollect',
      carrier: null,
      city: null,
      shippingPrices: [],
      accessPoint: null,
    });
  });

  it('keeps the city when going back to delivery, and drops the carrier for no_delivery', () => {
    expect(chooseDeliveryType(chosen, 'delivery')).toEqual(chosen);
    const none = chooseDeliveryType(chosen, 'no_delivery');
    expect(none.carrier).toBeNull();
    expect(none.city).toBe('Angers');
  });

  it('charges nothing for clickAndCollect and no_delivery, the carrier fdp for delivery', () => {
    expect(shippingFeeCents({ type: 'clickAndCollect', carrier: null })).toBe(0);
    expect(shippingFeeCents({ type: 'no_delivery', carrier: null })).toBe(0);
    expect(shippingFeeCents({ type: 'delivery', carrier: home })).toBe(1290);
    expect(shippingFeeCents({ type: 'delivery', carrier: null })).toBeNull();
  });

  it('adds the fee to the products only for delivery, and knows no total without a carrier', () => {
    expect(cartTotalCents(4500, { type: 'delivery', carrier: home })).toBe(5790);
    expect(cartTotalCents(4500, { type: 'clickAndCollect', carrier: null })).toBe(4500);
    expect(cartTotalCents(4500, { type: 'delivery', carrier: null })).toBeNull();
  });

  it('maps to the order payload types', () => {
    expect(orderDeliveryType({ type: 'delivery', carrier: home })).toBe('DELIVERY');
    expect(orderDeliveryType({ type: 'delivery', carrier: relay })).toBe('PICKUP');
    expect(orderDeliveryType({ type: 'clickAndCollect', carrier: null })).toBe('CLICK_AND_COLLECT');
    expect(orderDeliveryType({ type: 'no_delivery', carrier: null })).toBe('NO_DELIVERY');
    expect(orderDeliveryType({ type: 'delivery', carrier: null })).toBeNull();
  });

  it('offers only no_delivery to an all-dematerialized cart', () => {
    expect(allowedDeliveryTypes([{ isDematerialized: true }], true)).toEqual(['no_delivery']);
    expect(
      allowedDeliveryTypes([{ isDematerialized: true }, { isDematerialized: false }], true),
    ).toEqual(['delivery', 'clickAndCollect']);
    expect(allowedDeliveryTypes([{ isDematerialized: false }], false)).toEqual(['delivery']);
  });

  it('never leaves a fee after clickAndCollect, whatever came before (property)', () => {
    const carrier = fc.record({
      id: fc.nat(),
      deliveryType: fc.constantFrom('DELIVERY' as const, 'PICKUP' as const),
      fdpCents: fc.nat(100_000),
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...STOREFRONT_DELIVERY_TYPES),
        fc.option(carrier, { nil: null }),
        fc.array(fc.constantFrom(...STOREFRONT_DELIVERY_TYPES), { maxLength: 5 }),
        fc.nat(1_000_000),
        (start, startCarrier, switches, products) => {
          let choice: DeliveryChoice = {
            type: start,
            carrier: startCarrier,
            city: 'x',
            shippingPrices: [1],
            accessPoint: null,
          };
          for (const type of switches) choice = chooseDeliveryType(choice, type);
          choice = chooseDeliveryType(choice, 'clickAndCollect');
          expect(shippingFeeCents(choice)).toBe(0);
          expect(cartTotalCents(products, choice)).toBe(products);
          expect(choice.carrier).toBeNull();
        },
      ),
    );
  });
});
