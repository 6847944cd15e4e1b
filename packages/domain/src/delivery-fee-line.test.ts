import { describe, expect, it } from 'vitest';
import { carrierFeeText, deliveryFeeLine, feeModeOf } from './delivery-fee-line';
import { formatPrice } from './money';

describe('deliveryFeeLine', () => {
  it('writes a carrier’s fee, free as « Offerts », not yet chosen as « À choisir »', () => {
    expect(deliveryFeeLine('CARRIER', 990)).toEqual({
      label: 'Frais de livraison',
      value: formatPrice(990),
    });
    expect(deliveryFeeLine('CARRIER', 0)).toEqual({
      label: 'Frais de livraison',
      value: 'Offerts',
    });
    expect(deliveryFeeLine('CARRIER', null)).toEqual({
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
  });

  it('has no line for an order with nothing to deliver', () => {
    expect(deliveryFeeLine('NONE', 0)).toBeNull();
  });

  it('reads the order’s delivery types and the storefront’s alike', () => {
    expect(feeModeOf('PICKUP')).toBe('CARRIER');
    expect(feeModeOf('delivery')).toBe('CARRIER');
    expect(feeModeOf('CLICK_AND_COLLECT')).toBe('CLICK_AND_COLLECT');
    expect(feeModeOf('clickAndCollect')).toBe('CLICK_AND_COLLECT');
    expect(feeModeOf('NO_DELIVERY')).toBe('NONE');
    expect(feeModeOf('no_delivery')).toBe('NONE');
  });
});
