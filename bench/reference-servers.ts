/**
 * The references the benchmark compares against, run in their own process like the real servers:
 * a bare Fastify route answering a fixed JSON body, and a plain static-file server for an HTML file.
 * Usage: tsx reference-servers.ts <json-file> <json-port> <html-file> <html-port>
 */
import Fastify from 'fastify';
import { createReadStream, readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [jsonFile, jsonPort, htmlFile, htmlPort] = process.argv.slice(2);
if (!jsonFile || !jsonPort || !htmlFile || !htmlPort) {
  console.error('Usage: tsx reference-servers.ts <json-file> <json-port> <html-file> <html-port>');
  process.exit(2);
}

const body = JSON.parse(readFileSync(jsonFile, 'utf8'));
const bare = Fastify({ logger: false });
bare.get('/parameter', async () => body);
await bare.listen({ port: Number(jsonPort), host: '127.0.0.1' });

const staticServer = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  createReadStream(htmlFile).pipe(response);
});
staticServer.listen(Number(htmlPort), '127.0.0.1', () => process.send?.('ready'));
