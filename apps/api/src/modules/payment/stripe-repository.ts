import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { siteStripeAccounts, stripePaymentIntents, stripeWebhookEvents } from '../../db/schema';

export type StripeAccountRecord = typeof siteStripeAccounts.$inferSelect;
export type StripePaymentIntentRecord = typeof stripePaymentIntents.$inferSelect;

export function createStripeRepository(db: Db) {
  return {
    async accountOf(siteId: number): Promise<StripeAccountRecord | null> {
      const [account] = await db
        .select()
        .from(siteStripeAccounts)
        .where(eq(siteStripeAccounts.siteId, siteId));
      return account ?? null;
    },

    /** Sets (or replaces) a site's keys: the configure-stripe command, tests. */
    async saveAccount(account: Omit<StripeAccountRecord, 'updatedAt'>): Promise<void> {
      const keys = {
        publishableKey: account.publishableKey,
        secretKey: account.secretKey,
        webhookSigningSecret: account.webhookSigningSecret,
        updatedAt: new Date(),
      };
      await db
        .insert(siteStripeAccounts)
        .values({ siteId: account.siteId, ...keys })
        .onConflictDoUpdate({ target: siteStripeAccounts.siteId, set: keys });
    },

    async removeAccount(siteId: number): Promise<void> {
      await db.delete(siteStripeAccounts).where(eq(siteStripeAccounts.siteId, siteId));
    },

    async intentOfOrder(siteId: number, orderId: number) {
      const [intent] = await db
        .select()
        .from(stripePaymentIntents)
        .where(
          and(eq(stripePaymentIntents.siteId, siteId), eq(stripePaymentIntents.orderId, orderId)),
        );
      return intent ?? null;
    },

    async intentById(paymentIntentId: string) {
      const [intent] = await db
        .select()
        .from(stripePaymentIntents)
        .where(eq(stripePaymentIntents.paymentIntentId, paymentIntentId));
      return intent ?? null;
    },

    /**
     * Keeps the order's PaymentIntent. Two first calls at once create the same PaymentIntent
     * (one Stripe idempotency key per order): the second insert finds the row and changes nothing.
     */
    async keepIntent(intent: Omit<StripePaymentIntentRecord, 'id' | 'createdAt'>): Promise<void> {
      await db.insert(stripePaymentIntents).values(intent).onConflictDoNothing();
    },

    async eventSeen(eventId: string): Promise<boolean> {
      const rows = await db
        .select({ eventId: stripeWebhookEvents.eventId })
        .from(stripeWebhookEvents)
        .where(eq(stripeWebhookEvents.eventId, eventId));
      return rows.length > 0;
    },

    /** Records a handled event; a concurrent delivery that recorded it first wins. */
    async recordEvent(event: { eventId: string; siteId: number; type: string; outcome: string }) {
      await db.insert(stripeWebhookEvents).values(event).onConflictDoNothing();
    },
  };
}

export type StripeRepository = ReturnType<typeof createStripeRepository>;
