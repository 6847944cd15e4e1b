import type { createPaymentIntent, stripePublicKey } from '@comptoir/contract/payment';
import { route } from '../account/browser-api';

/*
 * The payment page's calls named by method and path only (as the delivery step's, decision
 * 0046): zod stays out of the page. payment-routes.test.ts checks them against the contract.
 */

export const publicKeyRoute = route<typeof stripePublicKey>('GET', '/custom-stripe/public-key');
export const paymentIntentRoute = route<typeof createPaymentIntent>(
  'POST',
  '/custom-stripe/payment-intent',
);
