import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in storefront on 127.0.0.1 that records the revalidation requests the API posts it. */
export interface StorefrontStub {
  /** STOREFRONT_URL and REVALIDATE_SECRET for createTestApp's env. */
  env: { STOREFRONT_URL: string; REVALIDATE_SECRET: string };
  /** The bodies received so far ({ tags }), oldest first. */
  received: unknown[];
  close(): Promise<void>;
}

export async function startStorefrontStub(): Promise<StorefrontStub> {
  const received: unknown[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(JSON.parse(raw));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"revalidated":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      STOREFRONT_URL: `http://127.0.0.1:${port}/`,
      REVALIDATE_SECRET: 'secret-partage-du-stub',
    },
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
