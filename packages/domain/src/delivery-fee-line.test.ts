import { describe, expect, it } from 'vitest';
import { carrierFeeText, deliveryFeeLine } from './delivery-fee-line';
import { formatPrice } from './money';

describe('deliveryFeeLine', () => {
  it('writes a carrier’s fee, free as « Offerts », not yet chosen as « À choisir »', () => {
    expect(deliveryFeeLine('DELIVERY', 990)).toEqual({
      label: 'Frais de livraison',
      value: formatPrice(990),
    });
    expect(deliveryFeeLine('PICKUP', 0)).toEqual({
      label: 'Frais de livraison',
      value: 'Offerts',
    });
    expect(deliveryFeeLine('delivery', null)).toEqual({
      label: 'Frais de livraison',
      value: 'À choisir',
    });
    expect(carrierFeeText(0)).toBe('Offerts');
  });

  it('says a pick-up at the shop is free, not that a delivery fee is offered', () => {
    expect(deliveryFeeLine('CLICK_AND_COLLECT', 0)).toEqual({
      label: 'Retrait sur place',
      value: 'Gratuit',
    });
    expect(deliveryFeeLine('clickAndCollect', 0)).toEqual({
      label: 'Retrait sur place',
      value: 'Gratuit',
    });
  });

  it('has no line for an order with nothing to deliver', () => {
    expect(deliveryFeeLine('NO_DELIVERY', 0)).toBeNull();
    expect(deliveryFeeLine('no_delivery', 0)).toBeNull();
  });
});
