'use client';

import type { Order } from '@comptoir/contract/order';
import {
  envelopeData,
  sendRequest,
  type RequestInput,
  type RouteTarget,
} from '@comptoir/contract/request';
import { BROWSER_API_BASE } from '../account/browser-api';
import { getOrderRoute } from './checkout-routes';

/*
 * What this tab remembers of the order it just placed (decision 0055): its access token, which
 * lets a guest read and pay it (X-Order-Token), and the order as POST /order answered it, so that
 * the confirmation page shows it even where the API does not yet read orders by token. Session
 * storage: gone with the tab, never shared with another one.
 */

/**
 * The contract's ORDER_TOKEN_HEADER, copied: the contract's payment module brings zod, which
 * stays out of these pages' first load (order-session.test.ts checks the copy).
 */
export const ORDER_TOKEN_HEADER = 'x-order-token';

/** The key the payment page reads the token from (the payments module's page). */
export function orderTokenKey(orderId: number): string {
  return `comptoir:order-token:${orderId}`;
}

function placedOrderKey(orderId: number): string {
  return `comptoir:placed-order:${orderId}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the pages fall back to the session.
    return null;
  }
}

export function rememberPlacedOrder(order: Order): void {
  const store = storage();
  if (!store) return;
  try {
    // A retry's answer (the same Idempotency-Key) carries no token and leaves a kept one alone;
    // the cart's secret cookie then opens the order to this browser (decision 0081).
    if (order.accessToken) store.setItem(orderTokenKey(order.id), order.accessToken);
    // The token is kept apart: the stored copy is only what the confirmation shows.
    store.setItem(placedOrderKey(order.id), JSON.stringify({ ...order, accessToken: null }));
  } catch {
    // A full storage: the confirmation reads the order from the API.
  }
}

export function orderTokenOf(orderId: number): string | null {
  return storage()?.getItem(orderTokenKey(orderId)) ?? null;
}

/** The order as this tab placed it, or null. */
export function placedOrderOf(orderId: number): Order | null {
  const text = storage()?.getItem(placedOrderKey(orderId));
  if (!text) return null;
  try {
    const order = JSON.parse(text) as Order;
    return order && order.id === orderId && Array.isArray(order.lines) ? order : null;
  } catch {
    return null;
  }
}

/**
 * One call with headers of its own (Idempotency-Key, X-Order-Token): the browser client sends
 * only the site's headers, so the extra ones are added to its fetch.
 */
export async function callWithHeaders<Data>(
  siteId: number,
  target: RouteTarget,
  input: RequestInput | undefined,
  headers: Record<string, string>,
): Promise<Data> {
  const { status, json } = await sendRequest(
    {
      baseUrl: BROWSER_API_BASE,
      siteId,
      fetch: (url, init) =>
        fetch(url, {
          ...init,
          credentials: 'same-origin',
          headers: { ...(init?.headers as Record<string, string>), ...headers },
        }),
    },
    target,
    input,
  );
  return envelopeData(target, status, json) as Data;
}

/** GET /order/:id with the session, and the order's token when this tab has one. */
export function readOrder(siteId: number, orderId: number): Promise<Order> {
  const token = orderTokenOf(orderId);
  return callWithHeaders<Order>(
    siteId,
    getOrderRoute,
    { params: { id: orderId } },
    token ? { [ORDER_TOKEN_HEADER]: token } : {},
  );
}

function attemptKey(cartId: number): string {
  return `comptoir:order-attempt:${cartId}`;
}

/**
 * The Idempotency-Key of this cart's order attempt: the same for a double click, a retry after
 * a lost answer or a reload of the page, so that the API makes one order whatever happens.
 */
export function attemptKeyOf(cartId: number): string {
  const store = storage();
  const kept = store?.getItem(attemptKey(cartId));
  if (kept) return kept;
  const key = `checkout-${crypto.randomUUID()}`;
  try {
    store?.setItem(attemptKey(cartId), key);
  } catch {
    // Kept in the page only: a reload would start a new attempt, as the API allows.
  }
  return key;
}

/** The attempt ended (an order made, or a refusal that made nothing): the next one is new. */
export function forgetAttempt(cartId: number): void {
  try {
    storage()?.removeItem(attemptKey(cartId));
  } catch {
    // Nothing kept.
  }
}
