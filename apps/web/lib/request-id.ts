import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/*
 * The request id of a storefront request, carried to the API (decision 0118): server.ts gives
 * each request one (a well-formed id a balancer sent, else a new one), answers with it, and runs
 * the request inside it; the API calls made while rendering send it as `x-request-id`, which the
 * API keeps as its own request id, so that both logs and the trace name the same request.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** The API's rule (apps/api/src/lib/log-safety.ts): ids a proxy writes, nothing longer. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One store for the process: server.ts and the server components Next bundles are separate
 * module instances of this file, and must see the same request.
 */
const STORE_KEY = Symbol.for('comptoir.storefront.request-id');
const store: AsyncLocalStorage<string> = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<string>()) as AsyncLocalStorage<string>;

/** The id of a request that reaches the storefront. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const incoming = headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming)
    ? incoming
    : randomUUID();
}

/** Runs `work` as part of the request `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return store.run(requestId, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return store.getStore();
}

/** fetch, with the current request's id as `x-request-id` (the API client's `fetch` option). */
export const fetchWithRequestId: typeof fetch = (input, init) => {
  const requestId = currentRequestId();
  if (requestId === undefined) return fetch(input, init);
  const headers = new Headers(init?.headers);
  if (!headers.has(REQUEST_ID_HEADER)) headers.set(REQUEST_ID_HEADER, requestId);
  return fetch(input, { ...init, headers });
};
