import type { z } from 'zod';
import type {
  Endpoint,
  EndpointBody,
  EndpointParams,
  EndpointQuery,
  EndpointResponse,
} from './endpoint';
import { envelopeSchema } from './envelope';
import { ApiError, sendRequest, type RequestOptions } from './request';
import { getCountries } from './country';
import { getPage, getPageTree } from './page';
import { getParameters } from './parameter';
import { getHealth, getSiteInfo, resolveSite } from './site';
import { getLogged, getUser } from './user';
import { getVariations } from './variation';

export { ApiError, buildPath, buildQueryString } from './request';

export type ApiClientOptions = RequestOptions;

type AnyEndpoint = Endpoint<any, any, any, any>;

export type CallInput<E extends AnyEndpoint> = (EndpointParams<E> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<E> }) &
  (EndpointQuery<E> extends undefined ? { query?: undefined } : { query?: EndpointQuery<E> }) &
  (EndpointBody<E> extends undefined ? { body?: undefined } : { body: EndpointBody<E> | FormData });

export type CallArgs<E extends AnyEndpoint> =
  {} extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export function createApiClient(options: ApiClientOptions) {
  async function call<E extends AnyEndpoint>(
    endpoint: E,
    ...[input]: CallArgs<E>
  ): Promise<EndpointResponse<E>> {
    const { status, json } = await sendRequest(options, endpoint, input);
    const parsed = envelopeSchema(endpoint.response as z.ZodType).safeParse(json);
    if (!parsed.success) {
      throw new ApiError(`Unexpected response from ${endpoint.method} ${endpoint.path}`, status);
    }
    if (!parsed.data.success) {
      throw new ApiError(parsed.data.message, status, parsed.data.errors ?? []);
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
