import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createOrder,
  getOrder,
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  listOrders,
  validateOrder,
} from '@comptoir/contract/order';
import { listPaymentMethods, ORDER_TOKEN_HEADER } from '@comptoir/contract/payment';
import { HttpError } from '../../http/http-error';
import { registerEndpoint } from '../../http/register-endpoint';
import { createIntervalJobRunner, type JobRunner } from '../../lib/jobs';
import { markPrivateAnswer } from '../../plugins/private-answers';
import { cartCallerOf, type CartService } from '../cart';
import { codesCarried, type CodeCheckBudget } from '../cart';
import { NOT_LOGGED_IN_MESSAGE } from '../user';
import type { OrderEvents } from './order-events';
import type { OrderReader, OrderService } from './order-service';
import type { PaymentMethods } from './order-text';

/** How often unpaid orders past their deadline are looked for. */
export const PAYMENT_EXPIRY_INTERVAL_MS = 60_000;

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
/** An order access token as issued (43 base64url characters); anything else opens nothing. */
const ORDER_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new HttpError(400, IDEMPOTENCY_KEY_INVALID_MESSAGE);
  }
  return header;
}

/**
 * Who asks for an order: the session's customer, the X-Order-Token header (a guest who placed
 * it) and/or the cart secret cookie (the guest's cart that became the order, decision 0081).
 * None: 401, as before the token existed; a wrong token or secret: 404, as a stranger.
 */
export async function orderReaderOf(request: FastifyRequest): Promise<OrderReader> {
  // An order's answer is its customer's or its token holder's alone (decision 0080).
  markPrivateAnswer(request);
  const header = request.headers[ORDER_TOKEN_HEADER];
  const presented = typeof header === 'string' && header.length > 0;
  const { user, secret } = await cartCallerOf(request);
  if (!user && !presented && !secret) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
  // A token that is not shaped like one opens nothing (404, as a wrong one).
  return {
    userId: user?.id ?? null,
    token: presented && ORDER_TOKEN.test(header) ? header : null,
    cartSecret: secret,
  };
}

export function registerOrderRoutes(
  app: FastifyInstance,
  service: OrderService,
  options: {
    carts: CartService;
    /** The codes a validation or an order carries spend from the shared budget (decision 0080). */
    codeChecks: CodeCheckBudget;
    paymentMethods: PaymentMethods;
    events: OrderEvents;
    /** The API's kept catalogue reads and the storefront's catalogue pages (sold out within 5 s). */
    stockChanged: (siteId: number) => void;
    jobs?: JobRunner;
  },
): void {
  const { carts, paymentMethods, events, stockChanged } = options;

  async function customerOf(request: FastifyRequest) {
    const user = await request.getUser();
    if (!user) throw new HttpError(401, NOT_LOGGED_IN_MESSAGE);
    return user;
  }

  registerEndpoint(app, listPaymentMethods, async ({ request }) =>
    paymentMethods.list(request.site.id),
  );

  /** Before the codes are judged: a 429 once the address or the cart has used its tries. */
  async function spendCodeChecks(
    request: FastifyRequest,
    body: { idCart: number; discountCode?: string | null; giftVoucherCode?: string | null },
  ) {
    const caller = await cartCallerOf(request);
    const codes = codesCarried(body.discountCode, body.giftVoucherCode);
    await options.codeChecks.spendOnCart(carts, request.site.id, body.idCart, caller, codes);
    return caller;
  }

  registerEndpoint(app, validateOrder, async ({ request, body }) =>
    service.validate(request.site.id, body, await spendCodeChecks(request, body)),
  );

  registerEndpoint(app, createOrder, async ({ request, body }) => {
    const key = idempotencyKeyOf(request);
    const placed = await service.place(
      request.site,
      body,
      await spendCodeChecks(request, body),
      key,
    );
    // Committed: the bottles it took are gone from the catalogue's answers and pages.
    stockChanged(request.site.id);
    if (placed.isNew) await events.emit('placed', { site: request.site, order: placed.order });
    // The only answer that carries the token: a guest reads and pays the order with it. A replay
    // neither issues nor replaces one (decision 0081): the first stays the order's.
    const accessToken = placed.isNew
      ? await service.issueAccessToken(request.site.id, placed.order.id)
      : null;
    return { ...placed.order, accessToken };
  });

  registerEndpoint(app, listOrders, async ({ request }) =>
    service.listForUser(request.site.id, (await customerOf(request)).id),
  );

  registerEndpoint(app, getOrder, async ({ request, params }) =>
    service.getForReader(request.site.id, params.id, await orderReaderOf(request)),
  );

  const jobs =
    options.jobs ??
    createIntervalJobRunner((name, error) =>
      app.log.error({ err: error, job: name }, 'job failed'),
    );
  jobs.every('order-payment-expiry', PAYMENT_EXPIRY_INTERVAL_MS, () => service.expireOverdue());
  app.addHook('onClose', async () => jobs.stop());
}
