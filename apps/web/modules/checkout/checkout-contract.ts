import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { CheckoutValues } from './checkout-order';
import { checkoutFormSchema, type CheckoutFormOptions } from './checkout-form-schema';

/*
 * The checkout form's contract (its schema as a resolver), loaded by ui/use-api-form when the
 * visitor reaches the form: the checkout page's first load carries no zod (decision 0055).
 */
export function checkoutContract(options: CheckoutFormOptions) {
  // The address fields are spread from one builder, which zod's inferred type cannot name.
  const resolver = zodResolver(checkoutFormSchema(options)) as unknown as Resolver<
    CheckoutValues,
    unknown,
    Record<string, unknown>
  >;
  return { resolver };
}
