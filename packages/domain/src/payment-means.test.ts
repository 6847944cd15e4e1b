import { describe, expect, it } from 'vitest';
import { formatPrice } from './money';
import { paymentMeansText } from './payment-means';

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
