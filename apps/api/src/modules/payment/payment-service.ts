import type Stripe from 'stripe';
import type { Order } from '@comptoir/contract/order';
import {
  CARD_PAYMENT_NOT_SET_UP_MESSAGE,
  CARD_PAYMENT_UNAVAILABLE_MESSAGE,
  CARD_REFUND_ONLY_MESSAGE,
  ORDER_ALREADY_PAID_MESSAGE,
  ORDER_NO_LONGER_PAYABLE_MESSAGE,
  ORDER_NOT_PAID_BY_CARD_MESSAGE,
  WEBHOOK_REFUSED_MESSAGE,
  WEBHOOK_UNKNOWN_SITE_MESSAGE,
} from '@comptoir/contract/payment';
import { transitionError, type OrderStatus } from '@comptoir/domain/order';
import { HttpError } from '../../http/http-error';
import type { AuditActor } from '../audit';
import type { OrderReader, OrderService } from '../order';
import { verifiedStripeEvent, type StripeClients } from './stripe-client';
import type { StripeAccountRecord, StripeRepository } from './stripe-repository';

/** Orders are in euros (integer cents end to end); Stripe names the currency in lower case. */
const CURRENCY = 'eur';

/** What the logs may say about a failed Stripe call: never the request, never a key. */
export interface PaymentLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface PaymentServiceDependencies {
  repository: StripeRepository;
  orders: OrderService;
  stripe: StripeClients;
  log: PaymentLog;
}

/** The few fields read from an event before its signature is checked: only to find the site. */
interface UnverifiedEvent {
  object: { id?: unknown; payment_intent?: unknown; metadata?: unknown };
}

function readUnverified(rawBody: Buffer): UnverifiedEvent | null {
  try {
    const parsed = JSON.parse(rawBody.toString('utf8')) as { data?: { object?: unknown } };
    const object = parsed?.data?.object;
    if (!object || typeof object !== 'object') return null;
    return { object: object as UnverifiedEvent['object'] };
  } catch {
    return null;
  }
}

function paymentIntentIdOf(object: { id?: unknown; payment_intent?: unknown }): string | null {
  const candidate =
    typeof object.payment_intent === 'string'
      ? object.payment_intent
      : typeof object.payment_intent === 'object' && object.payment_intent !== null
        ? (object.payment_intent as { id?: unknown }).id
        : object.id;
  return typeof candidate === 'string' && candidate.startsWith('pi_') ? candidate : null;
}

function siteIdInMetadata(metadata: unknown): number | null {
  const value = (metadata as { siteId?: unknown } | null)?.siteId;
  return typeof value === 'string' && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null;
}

function isRefusedTransition(error: unknown): error is HttpError {
  return error instanceof HttpError && error.statusCode === 409;
}

/**
 * Another module's card payments (the reservations): the PaymentIntents it starts carry
 * `metadata.kind`, and the webhook hands their verified success to the listener of that kind.
 */
export interface IntentListener {
  succeeded(
    siteId: number,
    intent: { id: string; amountReceived: number; currency: string },
  ): Promise<string>;
}

function kindInMetadata(metadata: unknown): string | null {
  const value = (metadata as { kind?: unknown } | null)?.kind;
  return typeof value === 'string' ? value : null;
}

export function createPaymentService(dependencies: PaymentServiceDependencies) {
  const { repository, orders, stripe, log } = dependencies;
  const intentListeners = new Map<string, IntentListener>();

  async function accountOrRefuse(siteId: number): Promise<StripeAccountRecord> {
    const account = await repository.accountOf(siteId);
    if (!account) throw new HttpError(404, CARD_PAYMENT_NOT_SET_UP_MESSAGE);
    return account;
  }

  /** A Stripe call that failed: the customer reads a clear French sentence, the log the code. */
  async function callStripe<T>(what: string, siteId: number, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const failure = error as { type?: unknown; code?: unknown; requestId?: unknown };
      log.error(
        {
          siteId,
          stripeCall: what,
          type: failure.type,
          code: failure.code,
          requestId: failure.requestId,
        },
        'Stripe call failed',
      );
      throw new HttpError(502, CARD_PAYMENT_UNAVAILABLE_MESSAGE);
    }
  }

  /** A site's PaymentIntent by id, read again from the verified event's site. */
  async function intentOfEvent(siteId: number, object: { id?: unknown; payment_intent?: unknown }) {
    const paymentIntentId = paymentIntentIdOf(object);
    const intent = paymentIntentId ? await repository.intentById(paymentIntentId) : null;
    return intent && intent.siteId === siteId ? intent : null;
  }

  async function markPaid(siteId: number, paymentIntent: Stripe.PaymentIntent): Promise<string> {
    const intent = await intentOfEvent(siteId, paymentIntent);
    if (!intent) return 'ignored: unknown payment intent';
    const received = paymentIntent.amount_received ?? paymentIntent.amount;
    const order = await orders.getForSite(siteId, intent.orderId);
    if (
      paymentIntent.currency !== intent.currency ||
      received !== intent.amountCents ||
      received !== order.totals.amountDueCents
    ) {
      log.warn(
        { siteId, orderId: intent.orderId, received, asked: intent.amountCents },
        'Stripe payment amount does not match the order: not marked paid',
      );
      return 'ignored: amount mismatch';
    }
    if (order.isPaid) return 'ignored: already paid';
    try {
      await orders.transition(siteId, intent.orderId, 'PAID', 'stripe');
      return 'paid';
    } catch (error) {
      if (!isRefusedTransition(error)) throw error;
      // A concurrent delivery marked it paid first, or the order expired before the payment
      // arrived (the money must then go back: the shop sees it in the log and refunds it).
      if (order.status === 'CANCELLED') {
        log.error(
          { siteId, orderId: intent.orderId },
          'Card payment received for a cancelled order',
        );
      }
      return `ignored: ${error.message}`;
    }
  }

  async function markRefunded(siteId: number, charge: Stripe.Charge): Promise<string> {
    const intent = await intentOfEvent(siteId, charge);
    if (!intent) return 'ignored: unknown payment intent';
    // A partial refund leaves the order as it is: only a whole refund makes it REFUNDED.
    if (!charge.refunded) return 'noted: partial refund';
    const order = await orders.getForSite(siteId, intent.orderId);
    if (order.status === 'REFUNDED') return 'ignored: already refunded';
    try {
      await orders.transition(siteId, intent.orderId, 'REFUNDED', 'stripe');
      return 'refunded';
    } catch (error) {
      if (!isRefusedTransition(error)) throw error;
      return `ignored: ${error.message}`;
    }
  }

  /**
   * What an event does to its order. Only a success marks paid and only a whole refund marks
   * refunded; a failure or a cancellation never moves an order (whatever order the events come
   * in, a paid order is never made unpaid again: the transition table has no way back).
   */
  async function act(siteId: number, event: Stripe.Event): Promise<string> {
    const listener = intentListeners.get(
      kindInMetadata((event.data.object as { metadata?: unknown }).metadata) ?? '',
    );
    if (listener) {
      if (event.type !== 'payment_intent.succeeded') return `noted: ${event.type}`;
      const intent = event.data.object;
      return listener.succeeded(siteId, {
        id: intent.id,
        amountReceived: intent.amount_received ?? intent.amount,
        currency: intent.currency,
      });
    }
    switch (event.type) {
      case 'payment_intent.succeeded':
        return markPaid(siteId, event.data.object);
      case 'charge.refunded':
        return markRefunded(siteId, event.data.object);
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled':
        return 'noted: no change';
      default:
        return `ignored: ${event.type}`;
    }
  }

  return {
    async publicKey(siteId: number): Promise<string> {
      return (await accountOrRefuse(siteId)).publishableKey;
    },

    /** Hands the verified successes of PaymentIntents whose metadata.kind is `kind` to `listener`. */
    listenToIntents(kind: string, listener: IntentListener): void {
      intentListeners.set(kind, listener);
    },

    /**
     * A PaymentIntent for another module (a booking's deposit): `existingId` answers the one
     * already started (a reload of the payment page), else a new one with the caller's
     * idempotency key (a double click gets one PaymentIntent from Stripe).
     */
    async startIntent(
      siteId: number,
      input: {
        amountCents: number;
        description: string;
        metadata: Record<string, string>;
        idempotencyKey: string;
        existingId: string | null;
      },
    ) {
      const account = await accountOrRefuse(siteId);
      const client = stripe(account.secretKey);
      const paymentIntent = input.existingId
        ? await callStripe('paymentIntents.retrieve', siteId, () =>
            client.paymentIntents.retrieve(input.existingId!),
          )
        : await callStripe('paymentIntents.create', siteId, () =>
            client.paymentIntents.create(
              {
                amount: input.amountCents,
                currency: CURRENCY,
                automatic_payment_methods: { enabled: true },
                description: input.description,
                metadata: { ...input.metadata, siteId: String(siteId) },
              },
              { idempotencyKey: input.idempotencyKey },
            ),
          );
      if (!paymentIntent.client_secret) throw new HttpError(502, CARD_PAYMENT_UNAVAILABLE_MESSAGE);
      return {
        id: paymentIntent.id,
        clientSecret: paymentIntent.client_secret,
        publicKey: account.publishableKey,
        amountCents: paymentIntent.amount,
      };
    },

    /** Refunds `amountCents` of a PaymentIntent another module started, once per key. */
    async refundIntent(
      siteId: number,
      paymentIntentId: string,
      amountCents: number,
      idempotencyKey: string,
    ): Promise<void> {
      const account = await accountOrRefuse(siteId);
      const client = stripe(account.secretKey);
      await callStripe('refunds.create', siteId, () =>
        client.refunds.create(
          { payment_intent: paymentIntentId, amount: amountCents },
          { idempotencyKey },
        ),
      );
    },

    /**
     * The order's PaymentIntent for its amount due, as the server computed it. One per order:
     * asked again (a reload of the payment page), the same one is answered.
     */
    async paymentIntent(siteId: number, orderId: number, reader: OrderReader) {
      const account = await accountOrRefuse(siteId);
      const order = await orders.getForReader(siteId, orderId, reader);
      if (order.paymentMethod !== 'CARD') throw new HttpError(409, ORDER_NOT_PAID_BY_CARD_MESSAGE);
      if (order.isPaid || order.totals.amountDueCents <= 0) {
        throw new HttpError(409, ORDER_ALREADY_PAID_MESSAGE);
      }
      if (order.status !== 'PENDING_PAYMENT') {
        throw new HttpError(409, ORDER_NO_LONGER_PAYABLE_MESSAGE);
      }
      const client = stripe(account.secretKey);
      const kept = await repository.intentOfOrder(siteId, orderId);
      let paymentIntent: Stripe.PaymentIntent;
      if (kept) {
        paymentIntent = await callStripe('paymentIntents.retrieve', siteId, () =>
          client.paymentIntents.retrieve(kept.paymentIntentId),
        );
      } else {
        const amountCents = order.totals.amountDueCents;
        paymentIntent = await callStripe('paymentIntents.create', siteId, () =>
          client.paymentIntents.create(
            {
              amount: amountCents,
              currency: CURRENCY,
              automatic_payment_methods: { enabled: true },
              description: `Commande ${order.reference}`,
              // The webhook finds the site (and its signing secret) and the order from these.
              metadata: { siteId: String(siteId), orderId: String(orderId) },
            },
            // Two first calls at once (a double click) get one PaymentIntent from Stripe.
            { idempotencyKey: `comptoir-order-${siteId}-${orderId}` },
          ),
        );
        await repository.keepIntent({
          siteId,
          orderId,
          paymentIntentId: paymentIntent.id,
          amountCents,
          currency: CURRENCY,
        });
      }
      if (!paymentIntent.client_secret) throw new HttpError(502, CARD_PAYMENT_UNAVAILABLE_MESSAGE);
      return {
        clientSecret: paymentIntent.client_secret,
        publishableKey: account.publishableKey,
        amountCents: paymentIntent.amount,
      };
    },

    /**
     * A Stripe event (POST /custom-stripe/webhook, site-less): the site comes from the
     * PaymentIntent's metadata (or the PaymentIntent kept for an order), its signing secret
     * checks the signature of the raw body, then the event acts at most once.
     */
    async receiveWebhook(rawBody: Buffer, signature: unknown) {
      if (typeof signature !== 'string' || signature.length === 0) {
        throw new HttpError(400, WEBHOOK_REFUSED_MESSAGE);
      }
      const unverified = readUnverified(rawBody);
      if (!unverified) throw new HttpError(400, WEBHOOK_REFUSED_MESSAGE);
      let siteId = siteIdInMetadata(unverified.object.metadata);
      if (siteId === null) {
        const paymentIntentId = paymentIntentIdOf(unverified.object);
        siteId = paymentIntentId
          ? ((await repository.intentById(paymentIntentId))?.siteId ?? null)
          : null;
      }
      const account = siteId === null ? null : await repository.accountOf(siteId);
      if (siteId === null || !account) throw new HttpError(400, WEBHOOK_UNKNOWN_SITE_MESSAGE);

      let event: Stripe.Event;
      try {
        event = verifiedStripeEvent(rawBody, signature, account.webhookSigningSecret);
      } catch {
        throw new HttpError(400, WEBHOOK_REFUSED_MESSAGE);
      }
      if (await repository.eventSeen(event.id)) return { received: true, outcome: 'duplicate' };
      const outcome = await act(siteId, event);
      await repository.recordEvent({ eventId: event.id, siteId, type: event.type, outcome });
      return { received: true, outcome };
    },

    /**
     * Refunds a paid order: by card, the whole payment through Stripe, then REFUNDED (the
     * charge.refunded event that follows finds it done); offline, its status only. `restock` is
     * the owner's choice for its lines (undefined: the default of decision 0082).
     */
    async refund(
      siteId: number,
      orderId: number,
      actor: string,
      auditBy: AuditActor,
      restock?: boolean,
    ): Promise<Order> {
      const order = await orders.getForSite(siteId, orderId);
      const refusal = transitionError(
        { status: order.status, paymentMethod: order.paymentMethod, isPaid: order.isPaid },
        'REFUNDED',
      );
      if (refusal) throw new HttpError(409, refusal);
      const intent =
        order.paymentMethod === 'CARD' ? await repository.intentOfOrder(siteId, orderId) : null;
      if (intent) {
        const account = await accountOrRefuse(siteId);
        const client = stripe(account.secretKey);
        await callStripe('refunds.create', siteId, () =>
          client.refunds.create(
            { payment_intent: intent.paymentIntentId },
            { idempotencyKey: `comptoir-refund-${siteId}-${orderId}` },
          ),
        );
      }
      await orders.transition(siteId, orderId, 'REFUNDED', actor, {
        actor: auditBy,
        action: 'refund',
        restock,
      });
      return orders.getForSite(siteId, orderId);
    },

    /** The back office moves an order (a card refund must go through `refund`). */
    async setStatus(
      siteId: number,
      orderId: number,
      status: OrderStatus,
      actor: string,
      auditBy: AuditActor,
    ) {
      if (status === 'REFUNDED') {
        const order = await orders.getForSite(siteId, orderId);
        if (
          order.paymentMethod === 'CARD' &&
          (await repository.intentOfOrder(siteId, orderId)) !== null
        ) {
          throw new HttpError(409, CARD_REFUND_ONLY_MESSAGE);
        }
      }
      await orders.transition(siteId, orderId, status, actor, { actor: auditBy, action: 'status' });
      return orders.getForSite(siteId, orderId);
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
