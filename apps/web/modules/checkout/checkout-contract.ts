import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutFormSchema, type CheckoutFormOptions } from './checkout-form-schema';

/*
 * The checkout form's contract (its schema as a resolver), loaded by ui/use-api-form when the
 * visitor reaches the form: the checkout page's first load carries no zod (decision 0055).
 */
export function checkoutContract(options: CheckoutFormOptions) {
  return { resolver: zodResolver(checkoutFormSchema(options)) };
}
