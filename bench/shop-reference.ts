/**
 * The shop's reference, run in its own process like the real API: bare Fastify routes doing the
 * least work the measured requests need (decision 0041).
 * - `GET /product`: the product list JSON the API answered in this run (parsed once, serialized by
 *   Fastify per request), as the API read path's references do.
 * - `POST /cart/:cartId/product/:declinationId`: parses the same multipart body with
 *   @fastify/multipart, adds the quantity to one row of an embedded PGlite database on disk (one
 *   upsert, as the API's PGlite on disk), and answers the cart JSON the API answered in this run.
 * - `PUT /cart/:cartId/product/:productId/quantity`: parses the JSON body, sets one row, answers
 *   the same cart JSON.
 * No ownership check, no catalogue read, no stock lock, no pricing: what the API does beyond this
 * is what the ratio shows.
 * Usage: tsx shop-reference.ts <port> <config.json>, where config.json is
 * { "productList": "/tmp/…/list.json", "cart": "/tmp/…/cart.json", "dataDir": "/tmp/…/db" }.
 * Sends "ready" over IPC when listening.
 */
import fastifyMultipart from '@fastify/multipart';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

const [port, configFile] = process.argv.slice(2);
if (!port || !configFile) {
  console.error('Usage: tsx shop-reference.ts <port> <config.json>');
  process.exit(2);
}

const config = JSON.parse(readFileSync(configFile, 'utf8')) as {
  productList: string;
  cart: string;
  dataDir: string;
};
const productList: unknown = JSON.parse(readFileSync(config.productList, 'utf8'));
const cart: unknown = JSON.parse(readFileSync(config.cart, 'utf8'));

const db = await PGlite.create(config.dataDir);
await db.exec(`CREATE TABLE IF NOT EXISTS cart_lines (
  cart_id integer NOT NULL,
  declination_id integer NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (cart_id, declination_id)
)`);

const bare = Fastify({ logger: false });
await bare.register(fastifyMultipart);

bare.get('/product', async () => productList);

bare.post('/cart/:cartId/product/:declinationId', async (request, reply) => {
  const { cartId, declinationId } = request.params as { cartId: string; declinationId: string };
  const fields: Record<string, string> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value);
    else await part.toBuffer();
  }
  const quantity = Number(fields.quantity);
  if (!Number.isInteger(quantity) || quantity <= 0) return reply.code(422).send({ success: false });
  await db.query(
    `INSERT INTO cart_lines (cart_id, declination_id, quantity) VALUES ($1, $2, $3)
     ON CONFLICT (cart_id, declination_id) DO UPDATE SET quantity = cart_lines.quantity + EXCLUDED.quantity`,
    [Number(cartId), Number(declinationId), quantity],
  );
  return cart;
});

bare.put('/cart/:cartId/product/:productId/quantity', async (request, reply) => {
  const { cartId } = request.params as { cartId: string };
  const body = request.body as { quantity?: unknown };
  if (typeof body?.quantity !== 'number' || body.quantity <= 0) {
    return reply.code(422).send({ success: false });
  }
  await db.query(`UPDATE cart_lines SET quantity = $2 WHERE cart_id = $1`, [
    Number(cartId),
    body.quantity,
  ]);
  return cart;
});

await bare.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
