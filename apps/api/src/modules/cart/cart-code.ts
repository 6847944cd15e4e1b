import type { Cart, CartDiscount } from '@comptoir/contract/cart';
import { DISCOUNT_CODE_UNKNOWN_MESSAGE } from '@comptoir/contract/discount';
import { HttpError } from '../../http/http-error';
import type { CartCaller } from './cart-steps';

/*
 * The cart's step "judge its code" (decision 0099): the `discountCode` of POST /cart and
 * POST /cart/{cartId} is judged by the discount module, the one home of the code's rules, which
 * plugs its judge in (compose.ts); the cart only keeps the code and shows the judgement.
 */

/** What the discount module says of a code on a priced cart, with the checkout's messages. */
export type CartCodeJudgement =
  | { outcome: 'UNKNOWN' }
  | { outcome: 'REFUSED'; code: string; label: string; message: string }
  | {
      outcome: 'USABLE';
      code: string;
      label: string;
      reductionCents: number;
      freeShipping: boolean;
    };

export type CartCodeJudge = (
  siteId: number,
  code: string,
  cart: Cart,
  caller: CartCaller,
) => Promise<CartCodeJudgement>;

/** The code the cart keeps, as the cart shows it: a code gone from the site says so too. */
function shownDiscount(code: string, judgement: CartCodeJudgement): CartDiscount {
  switch (judgement.outcome) {
    case 'UNKNOWN':
      return {
        code,
        label: '',
        reductionCents: 0,
        freeShipping: false,
        message: DISCOUNT_CODE_UNKNOWN_MESSAGE,
      };
    case 'REFUSED':
      return {
        code: judgement.code,
        label: judgement.label,
        reductionCents: 0,
        freeShipping: false,
        message: judgement.message,
      };
    case 'USABLE':
      return {
        code: judgement.code,
        label: judgement.label,
        reductionCents: judgement.reductionCents,
        freeShipping: judgement.freeShipping,
        message: null,
      };
  }
}

/** The priced cart with the code it keeps judged now, and its total less the reduction. */
export async function withCartCode(
  judge: CartCodeJudge | null,
  siteId: number,
  cart: Cart,
  code: string | null,
  caller: CartCaller,
): Promise<Cart> {
  if (code === null || judge === null) return cart;
  const discount = shownDiscount(code, await judge(siteId, code, cart, caller));
  return {
    ...cart,
    discount,
    totalCents: Math.max(0, cart.totalProduct - discount.reductionCents),
  };
}

/**
 * A code sent with a cart call, judged against the cart as it is: the code to keep when it
 * applies, else the checkout's 422 (its message, on the `discountCode` field).
 */
export function codeToKeep(judgement: CartCodeJudgement): string {
  if (judgement.outcome === 'USABLE') return judgement.code;
  const message =
    judgement.outcome === 'UNKNOWN' ? DISCOUNT_CODE_UNKNOWN_MESSAGE : judgement.message;
  throw new HttpError(422, message, [{ key: 'discountCode', error: message }]);
}

/** The code a cart applies to an order placed from it: only one that applies as shown. */
export function cartCodeForOrder(cart: Cart): string | null {
  return cart.discount !== null && cart.discount.message === null ? cart.discount.code : null;
}
