import http from 'node:http';
import { WEB_PORT } from './urls';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  /** The request target exactly as sent: `/%39%32/x.y`, `/x/../92/x.y`, `//92/x.y`. */
  path: string;
  /** The Host header (`vins.localhost:3200`): Node's resolver knows no *.localhost name. */
  host: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address the connection comes from (127.0.0.2, 127.0.0.3: both are this machine). */
  localAddress?: string;
}

/**
 * One request to the e2e storefront over a plain socket, without the URL normalisation browsers
 * and fetch apply, so that a test sends exactly the path and headers an attacker would.
 */
export function rawRequest(request: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: WEB_PORT,
        path: request.path,
        method: request.method ?? 'GET',
        localAddress: request.localAddress,
        headers: { host: request.host, ...request.headers },
        agent: false,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** Like rawRequest, following the storefront's own redirects (a trailing slash, `//`). */
export async function rawRequestFollowing(request: RawRequest): Promise<RawResponse> {
  let current = request;
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await rawRequest(current);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) return response;
    const next = new URL(location, `http://${current.host}`);
    current = { ...current, path: `${next.pathname}${next.search}` };
  }
  throw new Error(`Too many redirects from ${request.path}`);
}
