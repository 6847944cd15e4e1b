/**
 * The storefront's server: Next's request handler behind a plain node:http server, in the same
 * process (no extra network hop). It exists to write the forwarding headers itself before Next
 * handles a request (lib/client-address.ts): Next keeps whatever X-Forwarded-For a visitor sent,
 * and the API's per-address limits rely on it.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileTrustProxy, setForwardingHeaders } from './lib/client-address';

// Set before Next loads: `next start` does the same.
(process.env as Record<string, string>).NODE_ENV = 'production';
const { default: next } = await import('next');

const dir = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const trust = compileTrustProxy(process.env.WEB_TRUST_PROXY);

const app = next({ dev: false, dir, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  setForwardingHeaders(request, trust);
  handle(request, response).catch((error: unknown) => {
    console.error('[storefront] request failed', error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});

server.listen(port, () => {
  console.log(`[storefront] ready on http://localhost:${port}`);
});

/** Stops taking connections, lets the requests in flight finish, then exits. */
function stop() {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // Keep-alive connections a browser holds open must not keep the process alive forever.
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
