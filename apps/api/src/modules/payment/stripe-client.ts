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

/** One SDK client per secret key, made on first use. */
export function createStripeClients(address: StripeApiAddress | undefined) {
  const clients = new Map<string, Stripe>();
  return (secretKey: string): Stripe => {
    let client = clients.get(secretKey);
    if (!client) {
      client = new Stripe(secretKey, {
        ...(address ?? {}),
        // A customer waits on the payment page: one retry, then a clear message.
        maxNetworkRetries: 1,
        timeout: 15_000,
        telemetry: false,
      });
      clients.set(secretKey, client);
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
