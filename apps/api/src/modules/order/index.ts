import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { CartModule } from '../cart';
import type { DeliveryService } from '../delivery';
import type { OrderGiftVouchers } from '../gift-voucher';
import type { RelayProvider } from '../relay';
import { createOrderEvents, type OrderEvents } from './order-events';
import { createOrderRepository } from './order-repository';
import { registerOrderRoutes } from './order-routes';
import { createOrderService } from './order-service';
import { createPaymentMethods } from './payment-methods';

export { toOrder } from './order-service';
export { orderReaderOf, PAYMENT_EXPIRY_INTERVAL_MS } from './order-routes';
export type { OrderRecord, OrderRepository } from './order-repository';
export type { OrderEvents } from './order-events';
export type { OrderReader, OrderService } from './order-service';

/** The order events' listener failures go to the log, never to the caller. */
export function createOrderEventBus(log: FastifyBaseLogger) {
  return createOrderEvents((name, error) =>
    log.error({ err: error, event: name }, 'order event listener failed'),
  );
}

/**
 * The order module: placing, reading and moving orders, its events (the mails, the invoice and
 * the vouchers listen to them) and the payment methods of the checkout. `cardAvailable` comes
 * from the sites' Stripe accounts (payment's `createStripeAccounts`, made before this module);
 * the payment module, made after it, is given the order service.
 */
export function createOrderModule(
  shared: Pick<SharedPieces, 'db' | 'readParameters' | 'now' | 'jobs'>,
  deps: {
    carts: CartModule;
    delivery: DeliveryService;
    /** The relay points' provider, the one POST /relay/access-points answers from. */
    relayPoints: RelayProvider;
    /** Gift vouchers as a means of payment (decision 0052). */
    giftVouchers: OrderGiftVouchers;
    /** Whether the site takes cards (Stripe keys): GET /order/payment-methods adds CARD. */
    cardAvailable: (siteId: number) => Promise<boolean>;
    /** The order events' bus (compose.ts makes it first: the gift vouchers listen to it too). */
    events: OrderEvents;
    /** The API's kept catalogue reads and the storefront's catalogue pages (sold out within 5 s). */
    stockChanged: (siteId: number) => void;
  },
) {
  const { readParameters } = shared;
  const carts = deps.carts.service;
  const { events } = deps;
  const paymentMethods = createPaymentMethods({
    readParameters,
    cardAvailable: deps.cardAvailable,
  });
  const repository = createOrderRepository(shared.db);
  const service = createOrderService({
    repository,
    cartOf: (siteId, cartId, caller) => carts.get(siteId, cartId, caller),
    answerProblems: (siteId, cart) => carts.answerProblems(siteId, cart),
    // The fees are quoted again from the cart itself: the request never carries a price.
    quote: (siteId, cart, destination) =>
      deps.delivery.quote(siteId, cart, {
        products: cart.products.map((line) => ({
          idProduct: line.productId,
          quantity: line.quantity,
        })),
        ...destination,
      }),
    readParameters,
    relayPoints: deps.relayPoints,
    now: shared.now,
    stockChanged: deps.stockChanged,
    events,
    giftVouchers: deps.giftVouchers,
    paymentMethods,
  });
  return {
    service,
    events,
    /** The orders' records, for the back office's reads (admin-orders, admin-customers). */
    records: repository,
    registerRoutes(app: FastifyInstance): void {
      registerOrderRoutes(app, service, {
        carts,
        codeChecks: deps.carts.codeChecks,
        paymentMethods,
        events,
        stockChanged: deps.stockChanged,
        ...(shared.jobs ? { jobs: shared.jobs } : {}),
      });
    },
  };
}

export type OrderModule = ReturnType<typeof createOrderModule>;
