import { describe, expect, it } from 'vitest';
import {
  CARD_PAYMENT_UNAVAILABLE_MESSAGE,
  ORDER_ALREADY_PAID_MESSAGE,
  ORDER_NO_LONGER_PAYABLE_MESSAGE,
  ORDER_TOKEN_HEADER,
  createPaymentIntent,
  stripePublicKey,
} from '@comptoir/contract/payment';
import { PAYMENT_UNAVAILABLE_TEXT, ORDER_ALREADY_PAID_TEXT, paymentStateOf } from './payment-model';
import {
  confirmationPath,
  ORDER_TOKEN_HEADER_NAME,
  orderTokenStorageKey,
  parseOrderId,
  paymentPath,
  readOrderToken,
} from './payment-paths';
import { paymentIntentRoute, publicKeyRoute } from './payment-routes';

describe("the payment page's zod-free routes and names", () => {
  it('name the same method, path and header as the contract', () => {
    expect(publicKeyRoute).toEqual({ method: stripePublicKey.method, path: stripePublicKey.path });
    expect(paymentIntentRoute).toEqual({
      method: createPaymentIntent.method,
      path: createPaymentIntent.path,
    });
    expect(ORDER_TOKEN_HEADER_NAME).toBe(ORDER_TOKEN_HEADER);
    expect(ORDER_ALREADY_PAID_TEXT).toBe(ORDER_ALREADY_PAID_MESSAGE);
    expect(PAYMENT_UNAVAILABLE_TEXT).toBe(CARD_PAYMENT_UNAVAILABLE_MESSAGE);
  });

  it('keeps the checkout’s token under comptoir:order-token:<id>', () => {
    expect(orderTokenStorageKey(42)).toBe('comptoir:order-token:42');
    const storage = new Map([['comptoir:order-token:42', 'secret']]);
    expect(readOrderToken(42, { getItem: (key) => storage.get(key) ?? null })).toBe('secret');
    expect(readOrderToken(43, { getItem: (key) => storage.get(key) ?? null })).toBeNull();
    expect(
      readOrderToken(42, {
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBeNull();
    expect(readOrderToken(42, null)).toBeNull();
  });

  it('builds the payment and confirmation addresses, and reads only real order ids', () => {
    expect(paymentPath(7)).toBe('/panier/paiement/7');
    expect(confirmationPath(7)).toBe('/panier/confirmation?commande=7');
    expect(parseOrderId('7')).toBe(7);
    for (const bad of [undefined, '', '0', '-1', '1.5', '_build', '99999999999']) {
      expect(parseOrderId(bad)).toBeNull();
    }
  });
});

describe('what the payment page shows', () => {
  const intent = { clientSecret: 'pi_1_secret_2', publishableKey: 'pk_test', amountCents: 4500 };

  it('shows the Payment Element for a payable order', () => {
    expect(paymentStateOf(200, { success: true, data: intent, message: null })).toEqual({
      kind: 'ready',
      intent,
    });
  });

  it('tells a stranger (or a lost token) that the order is not found', () => {
    expect(paymentStateOf(404, { success: false, data: null, message: 'x' })).toEqual({
      kind: 'not-found',
    });
    expect(paymentStateOf(401, null)).toEqual({ kind: 'not-found' });
  });

  it('says why an order can no longer be paid, and offers the confirmation once paid', () => {
    expect(
      paymentStateOf(409, { success: false, data: null, message: ORDER_ALREADY_PAID_MESSAGE }),
    ).toEqual({ kind: 'closed', message: ORDER_ALREADY_PAID_MESSAGE, paid: true });
    expect(
      paymentStateOf(409, {
        success: false,
        data: null,
        message: ORDER_NO_LONGER_PAYABLE_MESSAGE,
      }),
    ).toEqual({ kind: 'closed', message: ORDER_NO_LONGER_PAYABLE_MESSAGE, paid: false });
  });

  it('falls back to a clear message when Stripe or the API fails', () => {
    expect(paymentStateOf(502, { success: false, data: null, message: 'Indisponible.' })).toEqual({
      kind: 'failed',
      message: 'Indisponible.',
    });
    expect(paymentStateOf(500, null)).toEqual({
      kind: 'failed',
      message: PAYMENT_UNAVAILABLE_TEXT,
    });
  });
});
