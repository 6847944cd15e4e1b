import { describe, expect, it } from 'vitest';
import type { CartCarrier } from '../../lib/stores/cart-store';
import {
  carrierOf,
  deliveryTotals,
  quoteKey,
  quotedProducts,
  requotedCarrier,
  type QuotedCarrier,
} from './delivery-model';

const home: QuotedCarrier = {
  id: 1,
  name: 'Transvin Domicile',
  serviceCode: 'HOME',
  fdp: 1290,
  deliveryType: 'DELIVERY',
};
const relay: QuotedCarrier = {
  id: 3,
  name: 'Relais Vignes',
  serviceCode: 'RELAY',
  fdp: 690,
  deliveryType: 'PICKUP',
};
const point = {
  id: 'P1',
  name: 'Cave du marché',
  addLine1: '2 place du Marché',
  zipCode: '49000',
  city: 'Angers',
  country: 'FRA',
};

describe('the fee request of a cart', () => {
  it('sums the lines of one product and sorts the products', () => {
    expect(
      quotedProducts([
        { productId: 9, quantity: 2 },
        { productId: 4, quantity: 1 },
        { productId: 9, quantity: 3 },
      ]),
    ).toEqual([
      { idProduct: 4, quantity: 1 },
      { idProduct: 9, quantity: 5 },
    ]);
  });

  it('is asked again when a quantity or the destination changes, not when lines reorder', () => {
    const a = quoteKey(
      7,
      [
        { productId: 1, quantity: 2 },
        { productId: 2, quantity: 1 },
      ],
      '49000',
      'FRA',
    );
    const reordered = quoteKey(
      7,
      [
        { productId: 2, quantity: 1 },
        { productId: 1, quantity: 2 },
      ],
      '49000',
      'FRA',
    );
    expect(reordered).toBe(a);
    expect(
      quoteKey(
        7,
        [
          { productId: 1, quantity: 3 },
          { productId: 2, quantity: 1 },
        ],
        '49000',
        'FRA',
      ),
    ).not.toBe(a);
    expect(
      quoteKey(
        7,
        [
          { productId: 1, quantity: 2 },
          { productId: 2, quantity: 1 },
        ],
        '75001',
        'FRA',
      ),
    ).not.toBe(a);
  });
});

describe('the chosen carrier after a new quote', () => {
  const chosen: CartCarrier = { ...carrierOf(relay, null), accessPoint: point };

  it('takes the new fee (free shipping reached: 0) and keeps its relay point', () => {
    expect(requotedCarrier(chosen, [home, { ...relay, fdp: 0 }])).toEqual({
      ...chosen,
      feeCents: 0,
    });
  });

  it('is dropped when the quote no longer offers it', () => {
    expect(requotedCarrier(chosen, [home])).toBeNull();
    expect(requotedCarrier(null, [home])).toBeNull();
  });

  it('keeps the relay point only when the same relay carrier is chosen again', () => {
    expect(carrierOf(relay, chosen).accessPoint).toEqual(point);
    expect(carrierOf(home, chosen).accessPoint).toBeNull();
    expect(carrierOf(relay, null).accessPoint).toBeNull();
  });
});

describe('the fee and the total', () => {
  it('adds the carrier’s fee to the products for a delivery', () => {
    expect(deliveryTotals(5000, 'delivery', carrierOf(home, null))).toEqual({
      feeCents: 1290,
      totalCents: 6290,
    });
  });

  it('has no fee nor total while a delivery has no carrier', () => {
    expect(deliveryTotals(5000, 'delivery', null)).toEqual({ feeCents: null, totalCents: null });
    expect(deliveryTotals(5000, null, null)).toEqual({ feeCents: null, totalCents: null });
  });

  it('ships click-and-collect for nothing, whatever carrier is left', () => {
    expect(deliveryTotals(5000, 'clickAndCollect', carrierOf(home, null))).toEqual({
      feeCents: 0,
      totalCents: 5000,
    });
  });
});
