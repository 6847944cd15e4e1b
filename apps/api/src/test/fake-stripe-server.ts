import { startFakeStripe } from './fake-stripe';

/*
 * The tests' fake Stripe as a server of its own, for the e2e run (e2e/playwright.config.ts): the
 * API's STRIPE_API_URL points at it, so a site whose owner saved Stripe keys creates its
 * PaymentIntents here, and a journey reads them back (FAKE_STRIPE_INTENTS_PATH) to send the
 * webhook Stripe would send. Nothing reaches Stripe. FAKE_STRIPE_PORT: where it listens.
 */
const port = Number(process.env.FAKE_STRIPE_PORT);
if (!Number.isInteger(port) || port <= 0) {
  process.stderr.write('FAKE_STRIPE_PORT must be a port number.\n');
  process.exit(1);
}
const fake = await startFakeStripe({ port });
process.stdout.write(`Fake Stripe on ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
