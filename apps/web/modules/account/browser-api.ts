import type { CallArgs } from '@comptoir/contract/client';
import type { Endpoint, EndpointResponse } from '@comptoir/contract/endpoint';
import { envelopeData, sendRequest, type RouteTarget } from '@comptoir/contract/request';
import type { getElementRegistration } from '@comptoir/contract/element-registration';
import type { getLogged, getUser } from '@comptoir/contract/user';

/** The browser's own API origin: proxy.ts forwards /api/* to the API, cookies included. */
export const BROWSER_API_BASE = '/api';

type AnyEndpoint = Endpoint<any, any, any, any>;

/**
 * An endpoint named by its method and path only, typed by the contract's endpoint. Code that
 * runs on every page (the account link, the visit log) calls the API through these, so that the
 * contract's schemas, and zod with them, stay out of the first load.
 */
export interface Route<E extends AnyEndpoint> extends RouteTarget {
  /** Never set: carries the endpoint's types. */
  readonly endpoint?: E;
}

export function route<E extends AnyEndpoint>(method: E['method'], path: string): Route<E> {
  return { method, path };
}

/** The first-load routes; browser-api.test.ts checks them against the contract. */
export const loggedRoute = route<typeof getLogged>('GET', '/logged');
export const userRoute = route<typeof getUser>('GET', '/user');
/** The seats left of an event, asked when a page with event registration shows. */
export const elementRegistrationRoute = route<typeof getElementRegistration>(
  'GET',
  '/element/:route/:id/registration',
);

/**
 * The client as the browser uses it. No token: the httpOnly `token` cookie rides along on these
 * same-origin requests, and page scripts never see it. Responses are not parsed with the
 * contract's schemas here: the API already serializes them through those schemas, and the
 * browser only needs the envelope's outcome (decision 0010).
 */
export function browserApi(siteId: number) {
  async function call<E extends AnyEndpoint>(
    endpoint: E | Route<E>,
    ...[input]: CallArgs<E>
  ): Promise<EndpointResponse<E>> {
    const target = { method: endpoint.method, path: endpoint.path };
    const { status, json } = await sendRequest(
      { baseUrl: BROWSER_API_BASE, siteId },
      target,
      input,
    );
    return envelopeData(target, status, json) as EndpointResponse<E>;
  }
  return {
    call,
    getLogged: () => call(loggedRoute),
    getUser: () => call(userRoute),
  };
}

export type BrowserApi = ReturnType<typeof browserApi>;
