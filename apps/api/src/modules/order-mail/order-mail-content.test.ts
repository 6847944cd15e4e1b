import { describe, expect, it } from 'vitest';
import type { Order } from '@comptoir/contract/order';
import { formatPrice } from '@comptoir/domain/money';
import { totalRows } from './order-mail-content';

const totals = (shippingCents: number): Order['totals'] => ({
  productsCents: 1_960,
  discountCents: 0,
  shippingCents,
  totalCents: 1_960 + shippingCents,
  vatCents: 327,
  vat: [{ rateBasisPoints: 2_000, baseCents: 1_633, vatCents: 327 }],
  voucherCents: 0,
  amountDueCents: 1_960 + shippingCents,
});

const feeRow = (deliveryType: Order['deliveryType'], shippingCents: number) =>
  totalRows({ deliveryType, discount: null, totals: totals(shippingCents) }).find(
    ([label]) => label === 'Frais de livraison' || label === 'Retrait sur place',
  ) ?? null;

describe('the order mails’ fee line (decision 0086)', () => {
  it('reads as the pages read it: a carrier’s fee, offered or charged', () => {
    expect(feeRow('DELIVERY', 890)).toEqual(['Frais de livraison', formatPrice(890)]);
    expect(feeRow('PICKUP', 0)).toEqual(['Frais de livraison', 'Offerts']);
  });

  it('says a pick-up is free, and has no line for an order with nothing to deliver', () => {
    expect(feeRow('CLICK_AND_COLLECT', 0)).toEqual(['Retrait sur place', 'Gratuit']);
    expect(feeRow('NO_DELIVERY', 0)).toBeNull();
  });
});
