import type { Cart } from '@comptoir/contract/cart';
import type { DiscountCheck } from '@comptoir/contract/discount';
import { orderAmounts } from '@comptoir/domain/order';

/*
 * The recap's figures, apart from checkout-order.ts: the checkout's first load (its island reads
 * the cart with checkout-order's defaults) does not carry the amounts rule, which loads with the
 * order form that shows them.
 */

/** The codes applied at checkout, as POST /order/discount answered them. */
export interface AppliedCodes {
  discount: DiscountCheck | null;
  voucher: DiscountCheck | null;
}

/** The cart's code, while it applies, as the checkout holds a code it checked itself. */
export function cartCodeCheck(cart: Pick<Cart, 'discount'>): DiscountCheck | null {
  const code = cart.discount;
  if (code === null || code.message !== null) return null;
  return {
    kind: 'DISCOUNT_CODE',
    code: code.code,
    discount: null,
    reductionCents: code.reductionCents,
    freeShipping: code.freeShipping,
    balanceCents: null,
    expiresOn: null,
    label: code.label,
  };
}

export interface CheckoutAmounts {
  productsCents: number;
  discountCents: number;
  /** null while the delivery is not chosen. */
  shippingCents: number | null;
  totalCents: number;
  voucherCents: number;
  amountDueCents: number;
}

/**
 * The recap's preview, by the order's own rule (orderAmounts: the code, then shipping, then the
 * voucher as a means of payment, never below 0, never paying for a voucher in the cart). The
 * order's answer has the API's own figures.
 */
export function checkoutAmounts(
  lines: readonly { totalCents: number; isGiftVoucher?: boolean | undefined }[],
  feeCents: number | null,
  codes: AppliedCodes,
): CheckoutAmounts {
  const amounts = orderAmounts({
    lines,
    code: codes.discount
      ? { reductionCents: codes.discount.reductionCents, freeShipping: codes.discount.freeShipping }
      : null,
    // A fee kept in the browser's storage is previewed only when it is whole cents.
    deliveryFeeCents:
      feeCents !== null && Number.isSafeInteger(feeCents) && feeCents >= 0 ? feeCents : null,
    voucherBalanceCents: codes.voucher ? (codes.voucher.balanceCents ?? 0) : null,
  });
  return {
    productsCents: amounts.productsCents,
    discountCents: amounts.discountCents,
    shippingCents: amounts.shippingCents,
    totalCents: amounts.totalCents,
    voucherCents: amounts.voucherCents,
    amountDueCents: amounts.amountDueCents,
  };
}
