import { z } from 'zod';
import { PAYMENT_METHODS } from '@comptoir/domain/order';
import { defineEndpoint } from './endpoint';
import { INT4_MAX } from './ids';

/*
 * Payment (spec §7 GET /custom-stripe/public-key; issue 10). Card payments go through Stripe when
 * the site has keys; the offline methods (bank transfer, cheque, payment at pick-up) are set per
 * site. A guest pays with the order's access token (X-Order-Token header, from POST /order).
 */

export const CARD_PAYMENT_NOT_SET_UP_MESSAGE =
  'Le paiement par carte n’est pas proposé sur ce site : choisissez un autre moyen de paiement.';

/** POST /order with an offline method the site does not take (decision 0055). */
export const PAYMENT_METHOD_REFUSED_MESSAGE =
  'Ce moyen de paiement n’est pas proposé sur ce site : choisissez-en un autre.';

export const ORDER_TOKEN_HEADER = 'x-order-token';

export const stripePublicKey = defineEndpoint({
  method: 'GET',
  path: '/custom-stripe/public-key',
  summary:
    "The site's Stripe publishable key (404 with a clear message when card payment is not set up)",
  tags: ['payment'],
  response: z.string(),
});

export const paymentMethodSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  /** The French label shown at checkout ("Virement bancaire"). */
  label: z.string(),
  /** One sentence under the label ("Votre commande est préparée dès réception du virement."). */
  description: z.string(),
  /** ON_PICKUP is offered only with click-and-collect. */
  onlyForClickAndCollect: z.boolean(),
});

export const listPaymentMethods = defineEndpoint({
  method: 'GET',
  path: '/order/payment-methods',
  summary: 'The payment methods this site accepts, in the order to show them',
  tags: ['payment'],
  response: z.array(paymentMethodSchema),
});

export const createPaymentIntent = defineEndpoint({
  method: 'POST',
  path: '/custom-stripe/payment-intent',
  summary:
    "A Stripe PaymentIntent for the order's amount due, recomputed by the server (the customer's session or the order's X-Order-Token)",
  tags: ['payment'],
  body: z.strictObject({ idOrder: z.number().int().positive().max(INT4_MAX) }),
  response: z.object({
    clientSecret: z.string(),
    publishableKey: z.string(),
    amountCents: z.number().int(),
  }),
});
