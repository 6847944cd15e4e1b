import type { z } from 'zod';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from './endpoint';
import { envelopeSchema, type FieldError } from './envelope';
import { DEFAULT_LANG, SITE_ID_HEADER, USER_LANG_HEADER } from './headers';
import { getCountries } from './country';
import { getPage, getPageTree } from './page';
import { getParameters } from './parameter';
import { getHealth, getSiteInfo, resolveSite } from './site';
import { getLogged, getUser } from './user';
import { getVariations } from './variation';

/** A failed call: the server's message (spec §8), its HTTP status and any field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** The API origin (server side) or '/api' (browser, same origin). */
  baseUrl: string;
  siteId?: number;
  lang?: string;
  token?: string;
  fetch?: typeof fetch;
}

type AnyEndpoint = Endpoint<any, any, any, any>;

export type CallInput<E extends AnyEndpoint> = (EndpointParams<E> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<E> }) &
  (EndpointQuery<E> extends undefined ? { query?: undefined } : { query?: EndpointQuery<E> }) &
  (EndpointBody<E> extends undefined ? { body?: undefined } : { body: EndpointBody<E> | FormData });

type CallArgs<E extends AnyEndpoint> =
  {} extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** Fills `:name` segments; values are URI-encoded so an id can never add a path segment. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Empty strings, null and undefined are omitted (spec §5); arrays repeat the key. */
export function buildQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? fetch;

  async function call<E extends AnyEndpoint>(
    endpoint: E,
    ...[input]: CallArgs<E>
  ): Promise<EndpointResponse<E>> {
    const url =
      options.baseUrl.replace(/\/$/, '') +
      buildPath(endpoint.path, input?.params as Record<string, unknown> | undefined) +
      buildQueryString(input?.query as Record<string, unknown> | undefined);
    const headers: Record<string, string> = { [USER_LANG_HEADER]: options.lang ?? DEFAULT_LANG };
    if (options.siteId !== undefined) headers[SITE_ID_HEADER] = String(options.siteId);
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: RequestInit['body'];
    if (input?.body instanceof FormData) body = input.body;
    else if (input?.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }

    let response: Response;
    try {
      response = await doFetch(url, { method: endpoint.method, headers, body });
    } catch (error) {
      throw new ApiError(
        `The API at ${options.baseUrl} cannot be reached (${(error as Error).message}).`,
        0,
      );
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new ApiError(response.statusText || 'Error', response.status);
    }
    const parsed = envelopeSchema(endpoint.response as z.ZodType).safeParse(json);
    if (!parsed.success) {
      throw new ApiError(
        `Unexpected response from ${endpoint.method} ${endpoint.path}`,
        response.status,
      );
    }
    if (!parsed.data.success) {
      throw new ApiError(parsed.data.message, response.status, parsed.data.errors ?? []);
    }
    return parsed.data.data as EndpointResponse<E>;
  }

  return {
    call,
    health: () => call(getHealth),
    resolveSite: (host: string) => call(resolveSite, { query: { host } }),
    getSiteInfo: () => call(getSiteInfo),
    getParameters: (query?: CallInput<typeof getParameters>['query']) =>
      call(getParameters, { query }),
    getPageTree: () => call(getPageTree),
    getPage: (id: number) => call(getPage, { params: { id } }),
    getCountries: (query?: CallInput<typeof getCountries>['query']) =>
      call(getCountries, { query }),
    getVariations: () => call(getVariations),
    getLogged: () => call(getLogged),
    getUser: () => call(getUser),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
