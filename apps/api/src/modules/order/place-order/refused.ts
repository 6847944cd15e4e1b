import type { FieldError } from '@comptoir/contract/envelope';
import { ORDER_INVALID_MESSAGE } from '@comptoir/contract/order';
import { addToCartErrorText } from '@comptoir/domain/add-to-cart';
import { HttpError } from '../../../http/http-error';

/** An order refused for these problems: 422, every pair told at once. */
export function refusedWith(errors: FieldError[]): HttpError {
  return new HttpError(422, addToCartErrorText(ORDER_INVALID_MESSAGE, errors), errors);
}
