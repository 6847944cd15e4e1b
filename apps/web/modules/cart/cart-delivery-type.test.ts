import { describe, expect, it } from 'vitest';
import { cartDeliveryType, nothingToShip } from './cart-delivery-type';

describe('a cart with nothing to ship (decision 0086)', () => {
  const voucher = { isDematerialized: true };
  const wine = { isDematerialized: false };

  it('is a cart of dematerialized lines only, never an empty one', () => {
    expect(nothingToShip([voucher, voucher])).toBe(true);
    expect(nothingToShip([voucher, wine])).toBe(false);
    expect(nothingToShip([])).toBe(false);
  });

  it('is read as no_delivery whatever an earlier cart chose', () => {
    expect(cartDeliveryType([voucher], 'delivery')).toBe('no_delivery');
    expect(cartDeliveryType([voucher], null)).toBe('no_delivery');
  });

  it('leaves a cart with wine its choice, and to choose again after nothing to deliver', () => {
    expect(cartDeliveryType([voucher, wine], 'clickAndCollect')).toBe('clickAndCollect');
    expect(cartDeliveryType([wine], 'no_delivery')).toBeNull();
    expect(cartDeliveryType([wine], null)).toBeNull();
  });
});
