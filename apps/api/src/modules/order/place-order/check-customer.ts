import type { FieldError } from '@comptoir/contract/envelope';
import {
  GUEST_DETAILS_REQUIRED_MESSAGE,
  ORDER_BIRTHDATE_REQUIRED_MESSAGE,
  ORDER_MINOR_REFUSED_MESSAGE,
} from '@comptoir/contract/order';
import { isAdult } from '@comptoir/domain/legal-age';
import type { SiteParameterValues } from '../../../lib/site-parameter-values';
import type { CartCaller } from '../../cart';
import type { DiscountCustomer } from '../../discount';

/** The customer part of an order's body. */
export interface CustomerDetails {
  email?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  phone?: string | null;
  birthdate?: string | null;
}

/**
 * Step 1, before the transaction: the customer's identity (a guest names themselves) and, on a
 * winemaker site, the sale-to-minors rules (BLOCK_MINORS, ASK_BIRTHDATE_AT_REGISTER) on the
 * Paris day `today`.
 */
export function customerProblems(
  site: { isWinemaker: boolean },
  caller: CartCaller,
  given: CustomerDetails,
  parameters: SiteParameterValues,
  today: string,
): FieldError[] {
  const errors: FieldError[] = [];
  if (!caller.user && (!given.email || !given.firstname || !given.lastname)) {
    errors.push({ key: 'user.email', error: GUEST_DETAILS_REQUIRED_MESSAGE });
  }
  if (!site.isWinemaker) return errors;
  const blocksMinors = parameters.isOn('BLOCK_MINORS');
  const asks = blocksMinors || parameters.isOn('ASK_BIRTHDATE_AT_REGISTER');
  const birthdate = caller.user?.birthdate ?? given.birthdate ?? null;
  if (!birthdate) {
    if (asks) errors.push({ key: 'user.birthdate', error: ORDER_BIRTHDATE_REQUIRED_MESSAGE });
  } else if (blocksMinors && !isAdult(birthdate, today)) {
    errors.push({ key: 'user.birthdate', error: ORDER_MINOR_REFUSED_MESSAGE });
  }
  return errors;
}

/**
 * Whom a code counts its uses against: the account, or the guest's e-mail when given; with the
 * order's phone, or the account's before the order gives one (decision 0079).
 */
export function discountCustomerOf(
  caller: CartCaller,
  given?: { email?: string | null; phone?: string | null },
): DiscountCustomer | null {
  const phone = given?.phone ?? caller.user?.phone ?? null;
  if (caller.user) return { userId: caller.user.id, email: caller.user.email, phone };
  return given?.email ? { userId: null, email: given.email, phone } : null;
}
