'use client';

import type { Endpoint, EndpointResponse } from '@comptoir/contract/endpoint';
import type { CallArgs } from '@comptoir/contract/client';
import { envelopeData, sendRequest } from '@comptoir/contract/request';
import { BROWSER_API_BASE, type Route } from '../account/browser-api';
import { inFrench } from '../api-messages/in-french';
import { BOOKING_TOKEN_HEADER_NAME } from './booking-paths';

/*
 * What this tab remembers of its bookings (decision 0125): each booking's secret token, from the
 * hold's answer or from the mail's link, kept in session storage (gone with the tab, never
 * shared with another one, never in a cookie that would ride along on every request).
 */

const TOKEN_KEY_PREFIX = 'comptoir:booking-token:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the page keeps the token in memory only.
    return null;
  }
}

/** Tokens kept in memory when the storage refuses them, for the life of the page. */
const memory = new Map<number, string>();

export function rememberBookingToken(bookingId: number, token: string): void {
  memory.set(bookingId, token);
  try {
    storage()?.setItem(`${TOKEN_KEY_PREFIX}${bookingId}`, token);
  } catch {
    // A full storage: the memory copy serves this page.
  }
}

export function bookingTokenOf(bookingId: number): string | null {
  return memory.get(bookingId) ?? storage()?.getItem(`${TOKEN_KEY_PREFIX}${bookingId}`) ?? null;
}

type AnyEndpoint = Endpoint<any, any, any, any>;

/**
 * One booking call from the browser: the session cookie rides along (a customer's own bookings),
 * and the booking's token in its header when this tab has one. A refusal comes back in French.
 */
export async function callBooking<E extends AnyEndpoint>(
  siteId: number,
  target: Route<E>,
  bookingId: number | null,
  ...[input]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const token = bookingId === null ? null : bookingTokenOf(bookingId);
  const routeTarget = { method: target.method, path: target.path };
  try {
    const { status, json } = await sendRequest(
      {
        baseUrl: BROWSER_API_BASE,
        siteId,
        fetch: (url, init) =>
          fetch(url, {
            ...init,
            credentials: 'same-origin',
            headers: {
              ...(init?.headers as Record<string, string>),
              ...(token ? { [BOOKING_TOKEN_HEADER_NAME]: token } : {}),
            },
          }),
      },
      routeTarget,
      input,
    );
    return envelopeData(routeTarget, status, json) as EndpointResponse<E>;
  } catch (error) {
    throw await inFrench(error);
  }
}
