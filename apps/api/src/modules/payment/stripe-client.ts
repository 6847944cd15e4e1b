import Stripe from 'stripe';

/**
 * Where the Stripe SDK sends its calls: Stripe itself by default; STRIPE_API_URL points it at
 * another server (a fake one on 127.0.0.1 in tests, stripe-mock in a demo), so that nothing
 * leaves the machine unless a site has real keys and no such address is set.
 */
export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export function stripeApiAddressOf(url: string | undefined): StripeApiAddress | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/**
 * How many sites' SDK clients one process keeps (decision 0123): a client holds its own HTTP
 * agent; the sites paying least recently make theirs again on their next payment.
 */
export const MAX_STRIPE_CLIENTS = 100;

/** One SDK client per secret key, made on first use; the least recently used past the bound go. */
export function createStripeClients(
  address: StripeApiAddress | undefined,
  maxClients = MAX_STRIPE_CLIENTS,
) {
  const clients = new Map<string, Stripe>();
  return (secretKey: string): Stripe => {
    let client = clients.get(secretKey);
    if (client) {
      // Used again: the most recent.
      clients.delete(secretKey);
      clients.set(secretKey, client);
    } else {
      client = new Stripe(secretKey, {
        ...(address ?? {}),
        // A customer waits on the payment page: one retry, then a clear message.
        maxNetworkRetries: 1,
        timeout: 15_000,
        telemetry: false,
      });
      clients.set(secretKey, client);
      if (clients.size > maxClients) clients.delete(clients.keys().next().value as string);
    }
    return client;
  };
}

export type StripeClients = ReturnType<typeof createStripeClients>;

/** Checks a webhook's signature and age (5 minutes, Stripe's default); throws when refused. */
export function verifiedStripeEvent(
  rawBody: Buffer,
  signature: string,
  signingSecret: string,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, signingSecret);
}
