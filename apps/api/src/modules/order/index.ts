import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { SharedPieces } from '../../shared';
import type { CartModule } from '../cart';
import type { DeliveryService } from '../delivery';
import type { OrderGiftVouchers } from '../gift-voucher';
import type { RelayProvider } from '../relay';
import { createOrderAdminRepository } from './order-admin-repository';
import { registerOrderAdminRoutes } from './order-admin-routes';
import {
  createOrderAdminService,
  orderSummaryOf,
  type OrderInvoices,
  type OrderPickupPlaces,
} from './order-admin-service';
import { createOrderEvents, type OrderEvents } from './order-events';
import { createOrderRepository } from './order-repository';
import { registerOrderRoutes } from './order-routes';
import { createOrderService } from './order-service';
import { createPaymentMethods } from './order-text';

export { toOrder } from './order-service';
export type { OrderInvoices, OrderPickupPlaces } from './order-admin-service';
export {
  accessPointLines,
  addressLines,
  DELIVERY_TYPE_LABELS,
  frenchDate,
  lineName,
} from './order-text';
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
 * the vouchers listen to them), the payment methods of the checkout, and the back office's
 * orders (decision 0065: lists, detail, the accountant's CSV, the packing slip, the figures).
 * `cardAvailable` comes from the sites' Stripe accounts (payment's `createStripeAccounts`, made
 * before this module); the payment module, made after it, is given the order service. The
 * invoices' records and the pick-up places are made before it too (decision 0093).
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
    /** The back office's order page shows the invoice's number (invoice's `createInvoiceRecords`). */
    invoices: OrderInvoices;
    /** …and the click-and-collect place's name (the order mails' pick-up places). */
    pickupPlaces: OrderPickupPlaces;
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
  const admin = createOrderAdminService({
    repository: createOrderAdminRepository(shared.db),
    orderRecords: repository,
    orders: service,
    invoices: deps.invoices,
    places: deps.pickupPlaces,
    now: shared.now,
  });
  return {
    service,
    events,
    /** A customer's orders, for the back office's customer pages (the user module's). */
    customerOrders: { summaryOf: orderSummaryOf, withLines: admin.withLines },
    /** The back office's figures count the bookings the reservations tell them (issue 29). */
    countBookingsWith: admin.countBookingsWith,
    registerRoutes(app: FastifyInstance): void {
      registerOrderRoutes(app, service, {
        carts,
        codeChecks: deps.carts.codeChecks,
        paymentMethods,
        events,
        stockChanged: deps.stockChanged,
        ...(shared.jobs ? { jobs: shared.jobs } : {}),
      });
      registerOrderAdminRoutes(app, admin);
    },
  };
}

export type OrderModule = ReturnType<typeof createOrderModule>;
