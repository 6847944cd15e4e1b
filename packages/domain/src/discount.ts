import type { ProductType, WineKind } from './catalogue';

/*
 * Discount codes (docs/requirements/discount-codes.md, issue 10): whether a code may be
 * used on a cart, and what it takes off. Discounts apply in one order: the lines' own (quantity)
 * discounts are already in their prices, then the code takes its share of the eligible lines,
 * then shipping (free with a SHIPPING_FEES code), then gift vouchers as a means of payment after
 * VAT (order.ts, its amounts, adds them up in that order). Everything is integer cents; a code never
 * takes a line below 0. A gift voucher bought in the cart is a means of payment, not goods: no
 * code takes off it and it does not count towards a code's minimum (decision 0079).
 */

export const DISCOUNT_CODE_TYPES = ['EURO', 'percent'] as const;
export type DiscountCodeType = (typeof DISCOUNT_CODE_TYPES)[number];

/**
 * A code's category scope names product types and wine colours (the storefront's own
 * categories): "RED" takes the red wines, "BOX" the boxes.
 */
export type DiscountCategory = ProductType | WineKind;

export interface DiscountRule {
  type: DiscountCodeType;
  /** Cents for EURO, a whole percentage (1–100) for percent; ignored for free shipping. */
  amount: number;
  /** SHIPPING_FEES: the code makes delivery free and takes nothing off the products. */
  detailType: 'SHIPPING_FEES' | null;
  /** First and last valid days (YYYY-MM-DD, Paris days, both included), or null. */
  startsOn: string | null;
  endsOn: string | null;
  /** The products total (after their line discounts) the cart must reach, or null. */
  minimumCents: number | null;
  /** The products the code applies to; with categories, a line matching either is eligible. */
  productIds: readonly number[];
  categories: readonly string[];
  /** Uses allowed in all, and per customer, or null for no limit. */
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  firstOrderOnly: boolean;
  isDisabled: boolean;
}

/** A cart line as a discount sees it: its price already holds its own discounts. */
export interface DiscountLine {
  id: number;
  productId: number;
  /** The product's type and, for a wine, its colour. */
  categories: readonly string[];
  totalCents: number;
  /** A gift voucher bought in the cart (the cart's own flag): never discounted, never counted. */
  isGiftVoucher?: boolean;
}

/** What is known of the code's use and of the customer when the code is checked. */
export interface DiscountUsage {
  /** Paris day of the check (YYYY-MM-DD). */
  today: string;
  /** Uses already recorded (orders not cancelled). */
  uses: number;
  /** This customer's uses, or null when the customer is not known yet (a guest before ordering). */
  customerUses: number | null;
  /** Whether the customer already ordered on the site, or null when not known yet. */
  customerHasOrdered: boolean | null;
}

/** Why a code is refused; the contract words each reason in French. */
export type DiscountRefusal =
  | { reason: 'DISABLED' }
  | { reason: 'NOT_YET_VALID'; startsOn: string }
  | { reason: 'EXPIRED'; endsOn: string }
  | { reason: 'EXHAUSTED' }
  | { reason: 'FIRST_ORDER_ONLY' }
  | { reason: 'CUSTOMER_LIMIT'; maxUsesPerCustomer: number }
  | { reason: 'GIFT_VOUCHERS_ONLY' }
  | { reason: 'NO_ELIGIBLE_PRODUCT' }
  /** `withoutGiftVouchers`: the cart holds vouchers, which the minimum leaves out. */
  | { reason: 'MINIMUM_NOT_REACHED'; minimumCents: number; withoutGiftVouchers?: true };

/**
 * Whether a line is one the code applies to (no scope: every line). A gift voucher never is,
 * whatever the scope names (its product, or OTHER, its type).
 */
export function isEligibleLine(rule: DiscountRule, line: DiscountLine): boolean {
  if (line.isGiftVoucher) return false;
  if (rule.productIds.length === 0 && rule.categories.length === 0) return true;
  return (
    rule.productIds.includes(line.productId) ||
    line.categories.some((category) => rule.categories.includes(category))
  );
}

/**
 * The first reason the code cannot be used on these lines, or null when it can. Checked from the
 * code itself (disabled, dates, uses) to the customer and then the cart, so that the customer
 * hears first what no change of cart would mend.
 */
export function discountRefusal(
  rule: DiscountRule,
  lines: readonly DiscountLine[],
  usage: DiscountUsage,
): DiscountRefusal | null {
  if (rule.isDisabled) return { reason: 'DISABLED' };
  if (rule.startsOn !== null && usage.today < rule.startsOn) {
    return { reason: 'NOT_YET_VALID', startsOn: rule.startsOn };
  }
  if (rule.endsOn !== null && usage.today > rule.endsOn) {
    return { reason: 'EXPIRED', endsOn: rule.endsOn };
  }
  if (rule.maxUses !== null && usage.uses >= rule.maxUses) return { reason: 'EXHAUSTED' };
  if (rule.firstOrderOnly && usage.customerHasOrdered === true) {
    return { reason: 'FIRST_ORDER_ONLY' };
  }
  if (
    rule.maxUsesPerCustomer !== null &&
    usage.customerUses !== null &&
    usage.customerUses >= rule.maxUsesPerCustomer
  ) {
    return { reason: 'CUSTOMER_LIMIT', maxUsesPerCustomer: rule.maxUsesPerCustomer };
  }
  const goods = lines.filter((line) => !line.isGiftVoucher);
  if (goods.length === 0 && lines.length > 0) return { reason: 'GIFT_VOUCHERS_ONLY' };
  if (!goods.some((line) => isEligibleLine(rule, line))) return { reason: 'NO_ELIGIBLE_PRODUCT' };
  const productsCents = goods.reduce((sum, line) => sum + line.totalCents, 0);
  if (rule.minimumCents !== null && productsCents < rule.minimumCents) {
    return {
      reason: 'MINIMUM_NOT_REACHED',
      minimumCents: rule.minimumCents,
      ...(goods.length < lines.length ? { withoutGiftVouchers: true as const } : {}),
    };
  }
  return null;
}

/*
 * Who a customer is, for a code's first-order and per-customer rules (decision 0079): the
 * account, or an earlier order under the same e-mail or phone once each is read the one way it
 * can be written many. The repository compares these keys with the same reading, in SQL, of the
 * e-mails and phones kept on the site's orders: the two must change together.
 */

/** An e-mail without its case nor its +tag: "Jean.Dupont+promo@Example.com" → "jean.dupont@example.com". */
export function customerEmailKey(email: string): string {
  return email
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, '@');
}

/**
 * A phone as its digits, a French one in its national form: "+33 (0)6 12 34 56 78",
 * "0033 6 12 34 56 78" and "06.12.34.56.78" are all "0612345678"; another country keeps its
 * international prefix ("+32 470…" → "0032470…"). Null when fewer than 6 digits are left, too
 * few to tell anyone by.
 */
export function customerPhoneKey(phone: string): string | null {
  const digits = phone
    .replace(/\(0\)/g, '')
    .replace(/^\s*\+/, '00')
    .replace(/\D/g, '');
  const national = digits.replace(/^0033/, '0');
  return national.length >= 6 ? national : null;
}

export interface DiscountApplication {
  /** What the code takes off the products: the sum of the lines' parts. */
  reductionCents: number;
  /** The code makes delivery free. */
  freeShipping: boolean;
  /** Each line's part of the reduction (0 for a line out of the code's scope), in line order. */
  lines: { id: number; reductionCents: number }[];
}

/**
 * What a usable code takes off: EURO its amount, percent its share (rounded half up to the
 * cent) of the eligible lines, never more than they cost; the reduction is then shared among the
 * eligible lines in proportion to their prices, by largest remainder, so that the parts are whole
 * cents, sum exactly to the reduction and never exceed their line.
 */
export function applyDiscount(
  rule: DiscountRule,
  lines: readonly DiscountLine[],
): DiscountApplication {
  const eligible = lines.map((line) => isEligibleLine(rule, line) && line.totalCents > 0);
  const eligibleCents = lines.reduce(
    (sum, line, index) => sum + (eligible[index] ? line.totalCents : 0),
    0,
  );
  let reductionCents = 0;
  if (rule.detailType === null && eligibleCents > 0) {
    const wanted =
      rule.type === 'EURO'
        ? Math.max(0, Math.trunc(rule.amount))
        : Math.floor((eligibleCents * Math.min(100, Math.max(0, rule.amount)) + 50) / 100);
    reductionCents = Math.min(eligibleCents, wanted);
  }
  const parts = allocateCents(
    reductionCents,
    lines.map((line, index) => (eligible[index] ? line.totalCents : 0)),
  );
  return {
    reductionCents,
    freeShipping: rule.detailType === 'SHIPPING_FEES',
    lines: lines.map((line, index) => ({ id: line.id, reductionCents: parts[index]! })),
  };
}

/**
 * Shares `totalCents` among weights in proportion (largest remainder: each part is floored, and
 * the cents left go to the largest fractions, earlier ones first on a tie). With a total not
 * above the weights' sum, no part exceeds its weight.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (sum <= 0 || totalCents <= 0) return weights.map(() => 0);
  // BigInt: cents × cents can pass 2^53 on a large order.
  const total = BigInt(totalCents);
  const whole = BigInt(sum);
  const shares = weights.map((weight, index) => {
    const exact = total * BigInt(weight);
    return { index, part: Number(exact / whole), remainder: exact % whole };
  });
  let left = totalCents - shares.reduce((given, share) => given + share.part, 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (left === 0) break;
    if (share.remainder === 0n) continue;
    share.part += 1;
    left -= 1;
  }
  return shares.map((share) => share.part);
}
