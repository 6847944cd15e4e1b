import { describe, expect, it } from 'vitest';
import {
  buysGiftVoucher,
  DEFAULT_GIFT_VOUCHER_RULES,
  formatGiftVoucherCode,
  giftVoucherAmountError,
  giftVoucherExpiry,
  giftVoucherRulesOf,
  giftVoucherShare,
  normalizeGiftVoucherCode,
} from './gift-voucher';

function reader(values: Record<string, number | string>) {
  return {
    number: (type: string) => (typeof values[type] === 'number' ? (values[type] as number) : null),
    text: (type: string) => (typeof values[type] === 'string' ? (values[type] as string) : null),
  };
}

describe('gift voucher rules', () => {
  it('defaults to 10 € – 500 €, four presets and 12 months', () => {
    expect(giftVoucherRulesOf(reader({}))).toEqual(DEFAULT_GIFT_VOUCHER_RULES);
  });

  it('reads the site’s limits in euros and keeps presets inside them', () => {
    expect(
      giftVoucherRulesOf(
        reader({
          GIFT_VOUCHER_MIN_AMOUNT: 20,
          GIFT_VOUCHER_MAX_AMOUNT: 200,
          GIFT_VOUCHER_AMOUNTS: '25, 40;300 abc 40',
          GIFT_VOUCHER_VALIDITY_MONTHS: 24,
        }),
      ),
    ).toEqual({
      minimumCents: 2_000,
      maximumCents: 20_000,
      presetsCents: [2_500, 4_000],
      validityMonths: 24,
    });
  });

  it('falls back on the defaults for limits that make no sense', () => {
    const rules = giftVoucherRulesOf(
      reader({
        GIFT_VOUCHER_MIN_AMOUNT: 300,
        GIFT_VOUCHER_MAX_AMOUNT: 100,
        GIFT_VOUCHER_VALIDITY_MONTHS: 0,
      }),
    );
    expect(rules.minimumCents).toBe(1_000);
    expect(rules.maximumCents).toBe(50_000);
    expect(rules.validityMonths).toBe(12);
  });

  it('accepts whole euros within the limits only', () => {
    const rules = DEFAULT_GIFT_VOUCHER_RULES;
    expect(giftVoucherAmountError(5_000, rules)).toBeNull();
    expect(giftVoucherAmountError(1_000, rules)).toBeNull();
    expect(giftVoucherAmountError(50_000, rules)).toBeNull();
    expect(giftVoucherAmountError(999, rules)).toMatch(/euros entiers/);
    expect(giftVoucherAmountError(900, rules)).toMatch(/compris entre/);
    expect(giftVoucherAmountError(50_100, rules)).toMatch(/compris entre/);
    expect(giftVoucherAmountError(Number.NaN, rules)).not.toBeNull();
  });
});

describe('gift voucher codes and use', () => {
  it('reads a code however it is typed, and refuses look-alikes', () => {
    expect(normalizeGiftVoucherCode('abcd-efgh jkmn-pqrs')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeGiftVoucherCode('ABCD-EFGH-JKMN-PQR0')).toBeNull();
    expect(normalizeGiftVoucherCode('SUMMER10')).toBeNull();
    expect(formatGiftVoucherCode('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
  });

  it('expires on the same day N months later, the month’s last day when it has none', () => {
    expect(giftVoucherExpiry('2026-06-01', 12)).toBe('2027-06-01');
    expect(giftVoucherExpiry('2028-02-29', 12)).toBe('2029-02-28');
    expect(giftVoucherExpiry('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('pays at most its balance and never more than is due', () => {
    expect(giftVoucherShare(10_000, 3_500)).toBe(3_500);
    expect(giftVoucherShare(2_000, 3_500)).toBe(2_000);
    expect(giftVoucherShare(0, 3_500)).toBe(0);
    expect(giftVoucherShare(5_000, 0)).toBe(0);
    for (let balance = 0; balance <= 20_000; balance += 1_337) {
      for (let due = 0; due <= 20_000; due += 1_771) {
        const share = giftVoucherShare(balance, due);
        expect(share).toBeGreaterThanOrEqual(0);
        expect(share).toBeLessThanOrEqual(Math.min(balance, due));
      }
    }
  });
});

describe('what a voucher may pay', () => {
  it('pays for no cart that buys a voucher, alone or beside other products', () => {
    expect(buysGiftVoucher([{ isGiftVoucher: true }])).toBe(true);
    expect(buysGiftVoucher([{}, { isGiftVoucher: true }])).toBe(true);
    expect(buysGiftVoucher([{}, { isGiftVoucher: false }])).toBe(false);
    expect(buysGiftVoucher([])).toBe(false);
  });
});
