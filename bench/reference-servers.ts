/**
 * The API's reference, run in its own process like the real API: bare Fastify routes, each answering
 * a fixed JSON body captured from the API in the same run (parsed once, serialized by Fastify per
 * request, as a plain route would).
 * Usage: tsx reference-servers.ts <port> <routes.json>, where routes.json is
 * [{ "route": "/page/:id", "file": "/tmp/…/page.json", "method": "GET" }, …] (method GET by default). Sends "ready" over IPC when listening.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const [port, routesFile] = process.argv.slice(2);
if (!port || !routesFile) {
  console.error('Usage: tsx reference-servers.ts <port> <routes.json>');
  process.exit(2);
}

const routes = JSON.parse(readFileSync(routesFile, 'utf8')) as {
  route: string;
  file: string;
  method?: 'GET' | 'POST';
}[];
const bare = Fastify({ logger: false });
for (const { route, file, method = 'GET' } of routes) {
  const body: unknown = JSON.parse(readFileSync(file, 'utf8'));
  // A POST route parses its JSON body as any route does, then answers the fixed body.
  bare.route({ method, url: route, handler: async () => body });
}
await bare.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
