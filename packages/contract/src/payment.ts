import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_METHODS } from '@comptoir/domain/order';
import { defineEndpoint } from './endpoint';
import { INT4_MAX, rowIdSchema } from './ids';
import { orderSchema } from './order';

/*
 * Payment (docs/requirements/payment.md GET /custom-stripe/public-key; issue 10). Card payments go through Stripe when
 * the site has keys; the offline methods (bank transfer, cheque, payment at pick-up) are set per
 * site. A guest pays with the order's access token (X-Order-Token header, from POST /order).
 */

export const CARD_PAYMENT_NOT_SET_UP_MESSAGE =
  'Le paiement par carte n’est pas proposé sur ce site : choisissez un autre moyen de paiement.';

/** POST /order with an offline method the site does not take (decision 0055). */
export const PAYMENT_METHOD_REFUSED_MESSAGE =
  'Ce moyen de paiement n’est pas proposé sur ce site : choisissez-en un autre.';

export const ORDER_TOKEN_HEADER = 'x-order-token';

export const ORDER_NOT_PAID_BY_CARD_MESSAGE =
  'Cette commande ne se règle pas par carte : suivez les instructions de paiement de la commande.';
export const ORDER_ALREADY_PAID_MESSAGE = 'Cette commande est déjà payée.';
export const ORDER_NO_LONGER_PAYABLE_MESSAGE =
  'Cette commande ne peut plus être payée : elle a été annulée. Passez une nouvelle commande.';
export const CARD_PAYMENT_UNAVAILABLE_MESSAGE =
  'Le paiement par carte est momentanément indisponible : réessayez dans quelques instants.';
export const WEBHOOK_REFUSED_MESSAGE =
  'Événement Stripe refusé : signature absente, invalide ou trop ancienne.';
export const WEBHOOK_UNKNOWN_SITE_MESSAGE =
  'Événement Stripe refusé : il ne désigne aucune boutique dont le paiement par carte est configuré.';
export const CARD_REFUND_ONLY_MESSAGE =
  'Une commande payée par carte se rembourse avec « Rembourser » : le remboursement passe par Stripe.';
export const CARD_PAYMENT_NOT_FOUND_MESSAGE =
  'Aucun paiement par carte n’est enregistré pour cette commande : elle ne peut pas être remboursée par Stripe.';

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

/** The back office: refund a paid order (by card through Stripe; offline: its status only). */
export const refundOrder = defineEndpoint({
  method: 'POST',
  path: '/admin/order/:id/refund',
  summary:
    'Refunds a paid order: a card order through Stripe (the whole amount), an offline order by its status only (the money goes back by the shop); its lines go back to stock when `restock` says so, by default when the order had not left the shop',
  tags: ['payment', 'admin'],
  params: z.object({ id: rowIdSchema }),
  /**
   * The owner's choice for this refund: whether the order's lines return to stock. Left out, they
   * do when the order was neither shipped, delivered nor picked up (decision 0082).
   */
  body: z.strictObject({ restock: z.boolean().optional() }).nullish(),
  response: orderSchema,
});

/** The back office: move an order through its life (PAID on receipt of a transfer, SHIPPED…). */
export const setOrderStatus = defineEndpoint({
  method: 'PUT',
  path: '/admin/order/:id/status',
  summary:
    "Moves an order to another status along the allowed transitions (409 with the reason otherwise); a card order's refund goes through POST /admin/order/:id/refund",
  tags: ['order', 'admin'],
  params: z.object({ id: rowIdSchema }),
  body: z.strictObject({ status: z.enum(ORDER_STATUSES) }),
  response: orderSchema,
});
