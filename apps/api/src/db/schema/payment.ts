/**
 * Card payment through Stripe: a site's account, the payment intents, the events handled.
 */
import { foreignKey, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { orders } from './order';
import { sites } from './platform';

/**
 * A site's Stripe account (decision 0053): without a row, card payment is not offered there.
 * The secret key and the webhook signing secret never leave the API: no endpoint answers them
 * and the logs never carry them; only the publishable key is public.
 */
export const siteStripeAccounts = pgTable('site_stripe_accounts', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  publishableKey: text('publishable_key').notNull(),
  secretKey: text('secret_key').notNull(),
  webhookSigningSecret: text('webhook_signing_secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one Stripe PaymentIntent of a card order: asked again, the same one is answered; the
 * webhook finds the order through it and checks the amount paid against the amount asked.
 */
export const stripePaymentIntents = pgTable(
  'stripe_payment_intents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: integer('site_id').notNull(),
    orderId: integer('order_id').notNull(),
    paymentIntentId: text('payment_intent_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'stripe_payment_intents_order_fk',
      columns: [table.siteId, table.orderId],
      foreignColumns: [orders.siteId, orders.id],
    }).onDelete('cascade'),
    unique('stripe_payment_intents_order_key').on(table.siteId, table.orderId),
    unique('stripe_payment_intents_intent_key').on(table.paymentIntentId),
  ],
);

/** Stripe events already handled: a delivery seen before is answered without acting again. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  eventId: text('event_id').primaryKey(),
  siteId: integer('site_id').notNull(),
  type: text('type').notNull(),
  /** What was done: paid, refunded, ignored (and why). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A site's payment settings entered in the back office (decision 0107): the Stripe keys, the
 * secret key and the webhook signing secret sealed with the platform's SECRETS_KEY
 * (lib/secret-box, "v1:…" strings), never stored or answered in clear. A row without keys (all
 * three null) means the owner removed them: card payment is not offered, whatever
 * site_stripe_accounts (the command's older, unsealed rows) still holds.
 */
export const sitePaymentSettings = pgTable('site_payment_settings', {
  siteId: integer('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  stripePublishableKey: text('stripe_publishable_key'),
  stripeSecretKeySealed: text('stripe_secret_key_sealed'),
  stripeWebhookSecretSealed: text('stripe_webhook_secret_sealed'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
