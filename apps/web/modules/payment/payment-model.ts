/*
 * What the payment page shows, from the API's answers: pure, so that each case is tested.
 */

export interface PaymentIntentAnswer {
  clientSecret: string;
  publishableKey: string;
  amountCents: number;
}

export type PaymentState =
  | { kind: 'loading' }
  /** The site has no Stripe keys: card payment is not offered. */
  | { kind: 'not-offered' }
  /** No such order for this visitor (another tab, another browser, a wrong address). */
  | { kind: 'not-found' }
  /** The order is paid already, or no longer payable (cancelled): the API's reason. */
  | { kind: 'closed'; message: string; paid: boolean }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; intent: PaymentIntentAnswer };

export const CARD_NOT_OFFERED_TEXT =
  'Le paiement par carte n’est pas proposé sur cette boutique. Votre commande est enregistrée : réglez-la avec l’un des autres moyens de paiement indiqués dans sa confirmation.';
export const ORDER_NOT_FOUND_TEXT =
  'Cette commande est introuvable depuis ce navigateur. Si vous avez un compte, connectez-vous pour la retrouver dans « Mon compte ».';
/** The API's ORDER_ALREADY_PAID_MESSAGE (checked by a test): the confirmation is then offered. */
export const ORDER_ALREADY_PAID_TEXT = 'Cette commande est déjà payée.';
export const PAYMENT_UNAVAILABLE_TEXT =
  'Le paiement par carte est momentanément indisponible : réessayez dans quelques instants.';

/** The state after POST /custom-stripe/payment-intent answered `status` with `body`. */
export function paymentStateOf(status: number, body: unknown): PaymentState {
  const envelope = body as { success?: boolean; data?: unknown; message?: unknown } | null;
  const message = typeof envelope?.message === 'string' ? envelope.message : null;
  if (status === 200 && envelope?.success) {
    const intent = envelope.data as Partial<PaymentIntentAnswer> | null;
    if (
      intent &&
      typeof intent.clientSecret === 'string' &&
      typeof intent.publishableKey === 'string' &&
      typeof intent.amountCents === 'number'
    ) {
      return { kind: 'ready', intent: intent as PaymentIntentAnswer };
    }
    return { kind: 'failed', message: PAYMENT_UNAVAILABLE_TEXT };
  }
  if (status === 401 || status === 404) return { kind: 'not-found' };
  if (status === 409 && message) {
    return { kind: 'closed', message, paid: message === ORDER_ALREADY_PAID_TEXT };
  }
  return { kind: 'failed', message: message ?? PAYMENT_UNAVAILABLE_TEXT };
}
