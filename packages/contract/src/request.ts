/**
 * The zod-free half of the client: building a request and reading the envelope's outcome. The
 * browser's first load uses only this (schemas validate on the API, and in the form chunks), so
 * that zod never ships with a page that shows no form.
 */

/** One field-level validation problem, as the spec's error catalogue returns them. */
export interface RequestFieldError {
  key: string;
  error: string;
}

/** A failed call: the server's message (docs/requirements/platform.md), its HTTP status and any field errors. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: RequestFieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Fills `:name` segments; values are URI-encoded so an id can never add a path segment. */
export function buildPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Empty strings, null and undefined are omitted (docs/requirements/lists.md); arrays repeat the key. */
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

export interface RequestOptions {
  /** The API origin (server side) or '/api' (browser, same origin). */
  baseUrl: string;
  siteId?: number;
  lang?: string;
  token?: string;
  fetch?: typeof fetch;
}

/** What identifies an endpoint on the wire. */
export interface RouteTarget {
  method: string;
  path: string;
}

export interface RequestInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** Header names the spec requires on every call (docs/requirements/platform.md). Node lower-cases header names. */
export const SITE_ID_HEADER = 'siteId';
export const USER_LANG_HEADER = 'userLang';
export const DEFAULT_LANG = 'fr_FR';

/** Sends one call and returns the parsed JSON body (ApiError when unreachable or not JSON). */
export async function sendRequest(
  options: RequestOptions,
  route: RouteTarget,
  input: RequestInput | undefined,
): Promise<{ status: number; json: unknown }> {
  const url =
    options.baseUrl.replace(/\/$/, '') +
    buildPath(route.path, input?.params as Record<string, unknown> | undefined) +
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

  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(url, { method: route.method, headers, body });
  } catch (error) {
    throw new ApiError(
      `The API at ${options.baseUrl} cannot be reached (${(error as Error).message}).`,
      0,
    );
  }
  try {
    return { status: response.status, json: await response.json() };
  } catch {
    throw new ApiError(response.statusText || 'Error', response.status);
  }
}

/**
 * The envelope's outcome without a schema: the data of a success, an ApiError with the server's
 * message and field errors otherwise. Anything that is not an envelope is an unexpected response.
 */
export function envelopeData(route: RouteTarget, status: number, json: unknown): unknown {
  const envelope = json as {
    success?: unknown;
    data?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (typeof json === 'object' && json !== null) {
    if (envelope.success === true && 'data' in envelope) return envelope.data;
    if (envelope.success === false && typeof envelope.message === 'string') {
      throw new ApiError(envelope.message, status, fieldErrors(envelope.errors));
    }
  }
  throw new ApiError(`Unexpected response from ${route.method} ${route.path}`, status);
}

function fieldErrors(errors: unknown): RequestFieldError[] {
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is RequestFieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as RequestFieldError).key === 'string' &&
      typeof (item as RequestFieldError).error === 'string',
  );
}
