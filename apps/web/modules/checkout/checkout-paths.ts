/** The steps after the delivery step (decision 0055), beside /panier and /panier/livraison. */
export { CHECKOUT_PATH } from './checkout-step-path';
export const CONFIRMATION_PATH = '/panier/confirmation';
/** The page's query parameter naming the order just placed. */
export const CONFIRMATION_ORDER_PARAMETER = 'commande';
/** The terms of sale the customer accepts at checkout (a legal page of every site). */
export const SALE_TERMS_PATH = '/sale-terms';

export function confirmationPathOf(orderId: number): string {
  return `${CONFIRMATION_PATH}?${CONFIRMATION_ORDER_PARAMETER}=${orderId}`;
}

/** The card payment page (the payments module's), for an order paid by card. */
export function paymentPathOf(orderId: number): string {
  return `/panier/paiement/${orderId}`;
}
