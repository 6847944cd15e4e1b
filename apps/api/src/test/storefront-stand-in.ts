import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in storefront that records the cache tags the API asks it to revalidate. */
export async function startStorefrontStandIn() {
  const revalidated: string[][] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      revalidated.push((JSON.parse(raw) as { tags: string[] }).tags);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"revalidated":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      STOREFRONT_URL: `http://127.0.0.1:${port}/`,
      REVALIDATE_SECRET: 'secret-de-test-vitrine',
    },
    revalidated,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
