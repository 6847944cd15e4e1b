import { formatPrice } from './money';

/*
 * Gift vouchers (issue 10, decision 0052): what a site sells, how a code is written and read,
 * and how much of an order a voucher pays. Pure rules, shared by the API and the storefront.
 */

/** The site parameters behind gift vouchers; money ones are entered in euros by the owner. */
export const GIFT_VOUCHER_PARAMETERS = {
  minimum: 'GIFT_VOUCHER_MIN_AMOUNT',
  maximum: 'GIFT_VOUCHER_MAX_AMOUNT',
  presets: 'GIFT_VOUCHER_AMOUNTS',
  validityMonths: 'GIFT_VOUCHER_VALIDITY_MONTHS',
} as const;

/** The defaults when a site set nothing: 10 € to 500 €, four presets, valid 12 months. */
export const DEFAULT_GIFT_VOUCHER_RULES: GiftVoucherRules = {
  minimumCents: 1_000,
  maximumCents: 50_000,
  presetsCents: [3_000, 5_000, 10_000, 15_000],
  validityMonths: 12,
};

export interface GiftVoucherRules {
  minimumCents: number;
  maximumCents: number;
  /** The amounts offered as buttons, inside the limits, in increasing order. */
  presetsCents: number[];
  validityMonths: number;
}

/** A positive amount in euros as cents, or null (unset, 0, negative, not a number). */
function euroSetting(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value <= 0) return null;
  return Math.round(value * 100);
}

/**
 * The site's rules from its parameters: a limit or a preset that makes no sense (a minimum
 * above the maximum, a preset outside the limits, "abc") falls back on the default.
 */
export function giftVoucherRulesOf(reader: {
  number(type: string): number | null;
  text(type: string): string | null;
}): GiftVoucherRules {
  const defaults = DEFAULT_GIFT_VOUCHER_RULES;
  let minimumCents = euroSetting(reader.number(GIFT_VOUCHER_PARAMETERS.minimum));
  let maximumCents = euroSetting(reader.number(GIFT_VOUCHER_PARAMETERS.maximum));
  minimumCents ??= defaults.minimumCents;
  maximumCents ??= Math.max(defaults.maximumCents, minimumCents);
  if (minimumCents > maximumCents) {
    minimumCents = defaults.minimumCents;
    maximumCents = defaults.maximumCents;
  }
  const written = reader.text(GIFT_VOUCHER_PARAMETERS.presets);
  const parsed = (written ?? '')
    .split(/[;,\s]+/)
    .filter((part) => part !== '')
    .map((part) => euroSetting(Number(part.replace(',', '.'))));
  const inside = (cents: number | null): cents is number =>
    cents !== null && cents >= minimumCents && cents <= maximumCents;
  const chosen = parsed.filter(inside);
  const presetsCents = [
    ...new Set(chosen.length > 0 ? chosen : defaults.presetsCents.filter(inside)),
  ].sort((a, b) => a - b);
  const months = reader.number(GIFT_VOUCHER_PARAMETERS.validityMonths);
  const validityMonths =
    months !== null && Number.isInteger(months) && months >= 1 && months <= 120
      ? months
      : defaults.validityMonths;
  return { minimumCents, maximumCents, presetsCents, validityMonths };
}

/** Why an amount is refused, in French, or null when it is within the site's limits. */
export function giftVoucherAmountError(
  amountCents: number,
  rules: GiftVoucherRules,
): string | null {
  if (!Number.isSafeInteger(amountCents) || amountCents % 100 !== 0) {
    return 'Le montant du bon cadeau se choisit en euros entiers.';
  }
  if (amountCents < rules.minimumCents || amountCents > rules.maximumCents) {
    return `Le montant du bon cadeau doit être compris entre ${formatPrice(rules.minimumCents)} et ${formatPrice(rules.maximumCents)}.`;
  }
  return null;
}

/** The last day a voucher issued on `issuedOn` (YYYY-MM-DD) can be used: same day, N months on. */
export function giftVoucherExpiry(issuedOn: string, months: number): string {
  const [year, month, day] = issuedOn.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * Code characters: capitals and digits without look-alikes (0/O, 1/I/L), so that a code read
 * aloud or copied from paper is typed right. 31 symbols × 16 characters ≈ 79 bits.
 */
export const GIFT_VOUCHER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const GIFT_VOUCHER_CODE_LENGTH = 16;

/** A code as typed ("abcd efgh-…") in its stored form ("ABCDEFGH…"), or null if it cannot be one. */
export function normalizeGiftVoucherCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== GIFT_VOUCHER_CODE_LENGTH) return null;
  for (const character of code) if (!GIFT_VOUCHER_ALPHABET.includes(character)) return null;
  return code;
}

/** "ABCDEFGHJKMNPQRS" → "ABCD-EFGH-JKMN-PQRS", as printed and mailed. */
export function formatGiftVoucherCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * What a voucher pays of an order: as much of the amount due as its balance allows. A voucher
 * is a means of payment after VAT: the order's total and VAT do not change.
 */
export function giftVoucherShare(balanceCents: number, amountDueCents: number): number {
  return Math.max(0, Math.min(balanceCents, amountDueCents));
}

/**
 * Whether a cart buys a gift voucher, alone or beside other products: no voucher may pay for
 * such a cart (docs/requirements/gift-vouchers.md, decision 0079), or one balance spent on a voucher would come back as
 * two, and a discounted or part-paid voucher would mint the difference.
 */
export function buysGiftVoucher(lines: readonly { isGiftVoucher?: boolean }[]): boolean {
  return lines.some((line) => line.isGiftVoucher === true);
}
