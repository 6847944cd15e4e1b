/**
 * The order-creation reference, run in its own process like the real API: a bare Fastify route on
 * the same PostgreSQL server that does the least an order needs — in one transaction, take one
 * bottle from one stock row (`UPDATE … WHERE stock >= 1`, the row every order of that wine locks)
 * and insert the order with its JSON body. No cart read, no pricing, no delivery quote, no
 * counter, no snapshot, no history, no mail: what the API does beyond this is what the ratio shows.
 * Usage: tsx order-reference.ts <port> <postgres-url>. Sends "ready" over IPC when listening.
 */
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
if (!port || !databaseUrl) {
  console.error('Usage: tsx order-reference.ts <port> <postgres-url>');
  process.exit(2);
}

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
await pool.query(`CREATE TABLE IF NOT EXISTS bench_reference_stock (
  id integer PRIMARY KEY,
  stock integer NOT NULL CHECK (stock >= 0)
)`);
await pool.query(`CREATE TABLE IF NOT EXISTS bench_reference_orders (
  id serial PRIMARY KEY,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
)`);
await pool.query(
  `INSERT INTO bench_reference_stock (id, stock) VALUES (1, 1000000000) ON CONFLICT (id) DO NOTHING`,
);

const bare = Fastify({ logger: false });

bare.post('/order', async (request, reply) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const taken = await client.query(
      'UPDATE bench_reference_stock SET stock = stock - 1 WHERE id = 1 AND stock >= 1',
    );
    if (taken.rowCount !== 1) {
      await client.query('ROLLBACK');
      return reply.code(422).send({ success: false, data: null, message: 'out of stock' });
    }
    const inserted = await client.query<{ id: number }>(
      'INSERT INTO bench_reference_orders (body) VALUES ($1) RETURNING id',
      [JSON.stringify(request.body)],
    );
    await client.query('COMMIT');
    return { success: true, data: { id: inserted.rows[0]!.id }, message: null };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
});

bare.addHook('onClose', async () => pool.end());
await bare.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
