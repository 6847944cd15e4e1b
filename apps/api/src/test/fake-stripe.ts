import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../db/client';
import { createStripeRepository } from '../modules/payment';

/**
 * A fake Stripe API on 127.0.0.1 for the tests (no network): the few calls the payment module
 * makes (create and retrieve a PaymentIntent, create a refund), with Stripe's idempotency keys,
 * recording what it was asked and with which secret key.
 */

export interface FakeStripeRequest {
  method: string;
  path: string;
  secretKey: string | null;
  idempotencyKey: string | null;
  form: Record<string, string>;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  client_secret: string;
  status: string;
  metadata: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  intents: Map<string, FakePaymentIntent>;
  /** Answers every call with a 500 while true (Stripe down). */
  failing: boolean;
  close(): Promise<void>;
}

async function formOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/** The fake's own route (not Stripe's) that lists its PaymentIntents: the e2e journeys read it. */
export const FAKE_STRIPE_INTENTS_PATH = '/__fake/payment_intents';

export async function startFakeStripe(options: { port?: number } = {}): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const byIdempotencyKey = new Map<string, unknown>();
  const fake = { failing: false } as FakeStripe;

  const server: Server = createServer(async (request, response) => {
    const form = await formOf(request);
    const path = (request.url ?? '/').split('?')[0]!;
    const authorization = request.headers.authorization ?? '';
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({
      method: request.method ?? 'GET',
      path,
      secretKey: authorization.startsWith('Bearer ') ? authorization.slice(7) : null,
      idempotencyKey,
      form,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      response.end(JSON.stringify(body));
    };
    if (fake.failing) {
      send(500, { error: { type: 'api_error', message: 'Fake Stripe is down' } });
      return;
    }
    if (request.method === 'POST' && idempotencyKey && byIdempotencyKey.has(idempotencyKey)) {
      send(200, byIdempotencyKey.get(idempotencyKey));
      return;
    }
    const remember = (body: unknown) => {
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, body);
      send(200, body);
    };

    if (request.method === 'GET' && path === FAKE_STRIPE_INTENTS_PATH) {
      send(200, { data: [...intents.values()] });
      return;
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(8).toString('hex')}`;
      const intent: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        amount_received: 0,
        currency: form.currency ?? 'eur',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        status: 'requires_payment_method',
        metadata: metadataOf(form),
      };
      intents.set(id, intent);
      remember(intent);
      return;
    }
    const retrieve = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(path);
    if (request.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]!);
      if (intent) send(200, intent);
      else send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
      return;
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) {
        send(400, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        return;
      }
      remember({
        id: `re_${randomBytes(8).toString('hex')}`,
        object: 'refund',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
      });
      return;
    }
    send(404, { error: { type: 'invalid_request_error', message: `No fake for ${path}` } });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/**
 * Gives a site Stripe keys (test values: no call reaches Stripe unless a test starts the fake
 * server), so that it takes card orders — their 30-minute payment deadline is what some tests need.
 */
export async function acceptCardsOn(db: Db, siteId: number): Promise<void> {
  await createStripeRepository(db).saveAccount({
    siteId,
    publishableKey: 'pk_test_comptoir',
    secretKey: 'sk_test_comptoir',
    webhookSigningSecret: 'whsec_comptoir',
  });
}
