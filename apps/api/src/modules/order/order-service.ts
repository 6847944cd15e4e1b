import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CART_NOT_FOUND_MESSAGE, type Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import {
  DELIVERY_ADDRESS_REQUIRED_MESSAGE,
  IDEMPOTENCY_CONFLICT_MESSAGE,
  ON_PICKUP_NEEDS_PICKUP_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  orderBodySchema,
  validateOrderBodySchema,
  type Order,
  type OrderAddress,
} from '@comptoir/contract/order';
import { CART_CHANGED_MESSAGE } from '@comptoir/contract/shipping';
import { todayInFrance } from '@comptoir/domain/legal-age';
import {
  applyTransition,
  orderReference,
  orderRefundSummary,
  type OrderStatus,
  orderStatusSummary,
  refundRestocksByDefault,
  releasesStock,
  transitionError,
  vatByRate,
} from '@comptoir/domain/order';
import type { z } from 'zod';
import { HttpError } from '../../http/http-error';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import { cartCodeForOrder, ownsCart, type CartCaller } from '../cart';
import type { DiscountSnapshot } from '../discount';
import type { OrderGiftVouchers } from '../gift-voucher';
import type { RelayProvider } from '../relay';
import type { SiteRecord } from '../site';
import type {
  OrderLineRecord,
  OrderRecord,
  OrderRepository,
  OrderTransaction,
} from './order-repository';
import type { AuditActor } from '../audit';
import { recordAudit } from '../audit';
import { isUniqueViolation } from './order-repository';
import type { OrderEvents } from './order-events';
import type { PaymentMethods } from './order-text';
import {
  cartLineProblems,
  customerProblems,
  discountCustomerOf,
  holdSlot,
  holdStock,
  lockUnchangedCart,
  refusedWith,
  requoteDelivery,
  type DeliveryQuoting,
} from './place-order/check-and-hold';
import {
  applyDiscount,
  applyVoucher,
  computeTotals,
  discountCodeProblems,
  emitPlaced,
  giftVoucherProblems,
  insertOrder,
  voucherPaysAll,
} from './place-order/price-and-record';

type OrderInput = z.output<typeof orderBodySchema>;
type ValidateInput = z.output<typeof validateOrderBodySchema>;

export interface OrderServiceDependencies {
  repository: OrderRepository;
  /** The caller's cart, priced from the catalogue (404 for anyone else's). */
  cartOf: (siteId: number, cartId: number, caller: CartCaller) => Promise<Cart>;
  /**
   * The lines whose customization answers the catalogue no longer takes (the cart module's
   * answerProblems); none without it.
   */
  answerProblems?: (siteId: number, cart: Cart) => Promise<FieldError[]>;
  /** The carriers that deliver this cart there, priced by the delivery module. */
  quote: DeliveryQuoting['quote'];
  readParameters: (siteId: number) => Promise<SiteParameterValues>;
  /** The relay points offered for a destination: a PICKUP order's point must be one of them. */
  relayPoints: RelayProvider;
  now: () => Date;
  /**
   * Stock of the site changed (an order took bottles, a cancelled one gave them back): the
   * catalogue's kept reads and the storefront's pages must show it (decision 0042).
   */
  stockChanged?: (siteId: number) => void;
  /** Told after a status change is committed (mails, invoices and vouchers listen). */
  events?: OrderEvents;
  /** Gift vouchers as a means of payment after VAT (decision 0052); none without it. */
  giftVouchers?: OrderGiftVouchers;
  /** The methods the site accepts, and how to pay an offline order (decision 0055). */
  paymentMethods?: PaymentMethods;
}

export function hashRequest(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

/** JSON with sorted keys: the same body written in another key order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Whether `token` is the order's access token (compared by hash, in constant time). */
function tokenOpens(order: OrderRecord, token: string | null): boolean {
  if (!token || !order.accessTokenHash) return false;
  const given = Buffer.from(sha256(token), 'hex');
  const kept = Buffer.from(order.accessTokenHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * Who asks for an order: the logged-in customer, the holder of its access token, or the holder
 * of its cart's secret cookie (a guest whose answer with the token was lost, decision 0081).
 */
export interface OrderReader {
  userId: number | null;
  token: string | null;
  cartSecret?: string | null;
}

/** The delivery address the customer typed, as the order shows it (its type left out). */
function deliveryAddressOf(order: OrderRecord): Order['deliveryAddress'] {
  const address = order.deliveryAddress as OrderAddress | null;
  if (!address) return null;
  return {
    firstname: address.firstname,
    lastname: address.lastname,
    firstPart: address.firstPart,
    secondPart: address.secondPart ?? null,
    postalCode: address.postalCode,
    city: address.city,
    country: address.country,
  };
}

/** The slot length of a pick-up place whose calendar is gone (the calendar's own default). */
const DEFAULT_SLOT_MINUTES = 30;

export function toOrder(order: OrderRecord, lines: readonly OrderLineRecord[]): Order {
  const vat = vatByRate([
    // VAT is on what the customer pays for each line: its price less its share of the code.
    ...lines.map((line) => ({
      totalCents: line.totalCents - line.discountCents,
      vatRateBasisPoints: line.vatRateBasisPoints,
    })),
    ...(order.shippingCents > 0
      ? [{ totalCents: order.shippingCents, vatRateBasisPoints: order.shippingVatRateBasisPoints }]
      : []),
  ]);
  const carrier = order.carrier as { id: number; name: string; serviceCode: string } | null;
  const accessPoint = order.accessPoint as Order['accessPoint'];
  return {
    id: order.id,
    number: order.number,
    reference: orderReference(order.number),
    status: order.status,
    paymentMethod: order.paymentMethod,
    isPaid: order.isPaid,
    createdAt: order.createdAt.toISOString(),
    paymentDueAt: order.paymentDueAt?.toISOString() ?? null,
    lines: lines.map((line) => ({
      productId: line.productId,
      declinationId: line.declinationId,
      name: line.name,
      year: line.year,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
      vatRateBasisPoints: line.vatRateBasisPoints,
      vatCents: line.vatCents,
    })),
    deliveryType: order.deliveryType,
    carrier: carrier ?? null,
    accessPoint: accessPoint ?? null,
    slot:
      order.slotCompanyAddressId !== null &&
      order.slotDate !== null &&
      order.slotScheduleId !== null
        ? {
            idCompanyAddress: order.slotCompanyAddressId,
            date: order.slotDate,
            idSchedule: order.slotScheduleId,
          }
        : null,
    deliveryAddress: order.deliveryType === 'DELIVERY' ? deliveryAddressOf(order) : null,
    pickupPlace: null,
    totals: {
      productsCents: order.productsCents,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      vat,
      discountCents: order.discountCents,
      voucherCents: order.voucherCents,
      amountDueCents: order.totalCents - order.voucherCents,
    },
    discount: (order.discount as DiscountSnapshot | null) ?? null,
    giftVoucher: order.giftVoucherCodeEnd
      ? { codeEnd: order.giftVoucherCodeEnd, amountCents: order.voucherCents }
      : null,
    paymentInstructions: null,
    saleTermsHash: order.saleTermsHash,
    saleTermsAcceptedAt: order.saleTermsAcceptedAt?.toISOString() ?? null,
    accessToken: null,
  };
}

/**
 * The code an order uses (decision 0099): the one the order names (null: none), else the one its
 * cart carries while it applies, so that the order charges what the cart showed.
 */
function orderCode(body: { discountCode?: string | null }, cart: Cart): string | null {
  return body.discountCode !== undefined ? body.discountCode : cartCodeForOrder(cart);
}

export function createOrderService(dependencies: OrderServiceDependencies) {
  const { repository, cartOf, quote, readParameters, now, paymentMethods } = dependencies;

  /** The order as its customer reads it: how to pay it, and where a pick-up takes place. */
  const presented = async (siteId: number, order: Order): Promise<Order> => {
    const place = order.slot
      ? await repository.pickupPlace(siteId, order.slot.idCompanyAddress)
      : null;
    const located: Order = place
      ? {
          ...order,
          pickupPlace: { ...place, slotMinutes: place.slotMinutes ?? DEFAULT_SLOT_MINUTES },
        }
      : order;
    return paymentMethods ? paymentMethods.withInstructions(siteId, located) : located;
  };

  /**
   * Whether `secret` is that of the anonymous cart the order was placed from: the proof its
   * replay asks, with which a guest whose answer (and token) was lost reads and pays it.
   */
  async function cartSecretOpens(order: OrderRecord, secret: string | null | undefined) {
    if (!secret) return false;
    const cart = await repository.cartOwnerOf(order.siteId, order.cartId);
    return cart !== null && cart.userId === null && ownsCart(cart, { userId: null, secret });
  }

  /**
   * An order paid whole by its voucher has nothing left to pay: it is paid at once. Its
   * placement is told in that PAID transaction, so that its mails say it is paid.
   */
  async function paidByVoucher(site: SiteRecord, placed: { order: Order; isNew: boolean }) {
    const siteId = site.id;
    const { order } = placed;
    if (!placed.isNew || !voucherPaysAll(order)) return placed;
    await moveStatus(siteId, order.id, 'PAID', 'gift-voucher', undefined, async (tx) => {
      const record = await tx.findById(siteId, order.id);
      if (!record) return;
      const paidOrder = toOrder(record, await tx.linesOf(siteId, [order.id]));
      await dependencies.events?.emitInTransaction(
        'placed',
        { site, order: paidOrder, record },
        tx.raw,
      );
    });
    const paid = await repository.findById(siteId, order.id);
    return { order: toOrder(paid!, await repository.linesOf(siteId, [order.id])), isNew: true };
  }

  /** The steps' view of the delivery module, the bookings and the relay points. */
  const quoting: DeliveryQuoting = {
    bookings: repository,
    quote,
    relayPoints: dependencies.relayPoints,
    now,
  };
  const today = () => todayInFrance(now());

  /**
   * The same request already went through while this one waited for the cart (its lock): its
   * order, to its cart's owner only, or the 409 of a cart that changed.
   */
  async function replayOfClosedCart(
    tx: OrderTransaction,
    siteId: number,
    cart: Cart,
    idempotencyKey: string | null,
    requestHash: string,
  ) {
    const replay = idempotencyKey ? await tx.findByIdempotencyKey(siteId, idempotencyKey) : null;
    if (!replay) throw new HttpError(409, CART_CHANGED_MESSAGE);
    // The caller owns this cart (cartOf above): another cart's order is not theirs.
    if (replay.cartId !== cart.id) throw new HttpError(404, CART_NOT_FOUND_MESSAGE);
    if (replay.requestHash !== requestHash) throw new HttpError(409, IDEMPOTENCY_CONFLICT_MESSAGE);
    return { order: toOrder(replay, await tx.linesOf(siteId, [replay.id])), isNew: false };
  }

  /** The address a shipped order needs, and a payment method the delivery and the site allow. */
  async function orderChoiceProblems(siteId: number, body: OrderInput): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    const shipped = body.delivery.type === 'DELIVERY' || body.delivery.type === 'PICKUP';
    if (shipped && !body.address.delivery) {
      errors.push({ key: 'address.delivery', error: DELIVERY_ADDRESS_REQUIRED_MESSAGE });
    }
    if (body.paymentMethod === 'ON_PICKUP' && body.delivery.type !== 'CLICK_AND_COLLECT') {
      errors.push({ key: 'paymentMethod', error: ON_PICKUP_NEEDS_PICKUP_MESSAGE });
    }
    const methodRefusal = await paymentMethods?.refusal(siteId, body.paymentMethod);
    if (methodRefusal) errors.push({ key: 'paymentMethod', error: methodRefusal });
    return errors;
  }

  /**
   * The order an Idempotency-Key already made, answered again only to the owner of its cart (the
   * account, or the cart's secret): anyone else gets the 404 of a foreign cart, whatever the
   * body, so that a key opens nothing (decision 0081).
   */
  async function existingOrder(
    siteId: number,
    key: string,
    requestHash: string,
    caller: CartCaller,
  ) {
    const order = await repository.findByIdempotencyKey(siteId, key);
    if (!order) return null;
    const cart = await repository.cartOwnerOf(siteId, order.cartId);
    if (!cart || !ownsCart(cart, { userId: caller.user?.id ?? null, secret: caller.secret })) {
      throw new HttpError(404, CART_NOT_FOUND_MESSAGE);
    }
    if (order.requestHash !== requestHash) throw new HttpError(409, IDEMPOTENCY_CONFLICT_MESSAGE);
    return presented(siteId, toOrder(order, await repository.linesOf(siteId, [order.id])));
  }

  /**
   * `auditBy` names the administrator when the back office made the move: the journal then gets
   * its entry in the same transaction as the change. On a refund, its `restock` is the owner's
   * choice for the lines (decision 0082); left out, `refundRestocksByDefault` decides.
   */
  async function moveStatus(
    siteId: number,
    orderId: number,
    to: OrderStatus,
    actor: string,
    auditBy?: { actor: AuditActor; action: 'status' | 'refund'; restock?: boolean | undefined },
    alsoInTransaction?: (tx: OrderTransaction) => Promise<void>,
  ) {
    let stockReleased = false;
    let change = null as { from: OrderStatus; becamePaid: boolean } | null;
    const moved = await repository.inTransaction(async (tx) => {
      const order = await tx.lockOrder(siteId, orderId);
      if (!order) throw new HttpError(404, ORDER_NOT_FOUND_MESSAGE);
      const refusal = transitionError(
        { status: order.status, paymentMethod: order.paymentMethod, isPaid: order.isPaid },
        to,
      );
      if (refusal) throw new HttpError(409, refusal);
      const next = applyTransition(
        { status: order.status, paymentMethod: order.paymentMethod, isPaid: order.isPaid },
        to,
      );
      await tx.setStatus(siteId, orderId, next.status, next.isPaid);
      await tx.recordStatus(siteId, orderId, order.status, next.status, actor, now());
      const cancels = releasesStock(order.status, to);
      const refunded = next.status === 'REFUNDED';
      const returnsStock =
        cancels || (refunded && (auditBy?.restock ?? refundRestocksByDefault(order.status)));
      // Marked on the order under its lock: lines already given back are never given again.
      const restocked = returnsStock && (await tx.markStockReturned(siteId, orderId, now()));
      if (auditBy) {
        await recordAudit(tx.raw, {
          siteId,
          actor: auditBy.actor,
          action: auditBy.action,
          entityType: 'order',
          entityId: orderId,
          summary:
            auditBy.action === 'refund'
              ? orderRefundSummary(order.number, restocked)
              : orderStatusSummary(order.number, next.status),
          before: { status: order.status, isPaid: order.isPaid },
          after: {
            status: next.status,
            isPaid: next.isPaid,
            ...(refunded ? { restock: restocked } : {}),
          },
        });
      }
      change = { from: order.status, becamePaid: !order.isPaid && next.isPaid };
      if (restocked) {
        const lines = await tx.linesOf(siteId, [orderId]);
        const byDeclination = new Map<number, number>();
        for (const line of lines.filter((candidate) => candidate.isStockManaged)) {
          byDeclination.set(
            line.declinationId,
            (byDeclination.get(line.declinationId) ?? 0) + line.quantity,
          );
        }
        for (const [declinationId, quantity] of [...byDeclination].sort(([a], [b]) => a - b)) {
          await tx.giveStockBack(siteId, declinationId, quantity);
        }
        stockReleased = true;
      }
      if (cancels) {
        await tx.releaseSlot(siteId, order.cartId);
        // What a voucher paid of a cancelled order goes back on the voucher.
        await dependencies.giftVouchers?.giveBack(tx.raw, siteId, orderId);
        stockReleased = true;
      }
      const events = dependencies.events;
      if (events) {
        // The status mail commits with the move (decision 0072): told before the commit.
        const record = await tx.findById(siteId, orderId);
        if (record) {
          await events.emitInTransaction(
            'statusChanged',
            {
              siteId,
              order: toOrder(record, await tx.linesOf(siteId, [orderId])),
              record,
              from: order.status,
              to: next.status,
              becamePaid: !order.isPaid && next.isPaid,
              actor,
            },
            tx.raw,
          );
        }
      }
      await alsoInTransaction?.(tx);
      return next;
    });
    // After the commit: a reader told now finds the stock as it is.
    if (stockReleased) dependencies.stockChanged?.(siteId);
    if (change) {
      await dependencies.events?.emit('statusChanged', {
        siteId,
        orderId,
        from: change.from,
        to: moved.status,
        becamePaid: change.becamePaid,
        actor,
      });
    }
    return moved;
  }

  return {
    async validate(siteId: number, body: ValidateInput, caller: CartCaller) {
      const cart = await cartOf(siteId, body.idCart, caller);
      const useStock = (await readParameters(siteId)).isOn('USE_STOCK');
      const errors = [
        ...(await cartLineProblems(
          repository,
          dependencies.answerProblems,
          siteId,
          cart,
          useStock,
        )),
        ...(await requoteDelivery(quoting, siteId, cart, body)).errors,
        ...(await discountCodeProblems(
          repository.discounts,
          siteId,
          orderCode(body, cart),
          cart,
          discountCustomerOf(caller),
          today(),
        )),
        ...(await giftVoucherProblems(
          dependencies.giftVouchers,
          siteId,
          body.giftVoucherCode,
          cart,
        )),
      ];
      if (errors.length > 0) throw refusedWith(errors);
      return { valid: true, errors: [] };
    },

    /**
     * Places an order as a list of named steps (place-order/check-and-hold.ts, then
     * place-order/price-and-record.ts): check the cart and the customer,
     * re-quote the delivery, then in one transaction hold the stock and the slot, apply the
     * code, compute the totals, apply the voucher, insert the order and tell its placement.
     */
    async place(
      site: SiteRecord,
      body: OrderInput,
      caller: CartCaller,
      idempotencyKey: string | null,
    ): Promise<{ order: Order; isNew: boolean }> {
      const siteId = site.id;
      const requestHash = hashRequest(body);
      if (idempotencyKey) {
        const replay = await existingOrder(siteId, idempotencyKey, requestHash, caller);
        if (replay) return { order: replay, isNew: false };
      }
      const cart = await cartOf(siteId, body.idCart, caller);
      const parameters = await readParameters(siteId);
      // One reading of USE_STOCK for the whole order: the check and the hold agree.
      const useStock = parameters.isOn('USE_STOCK');
      const delivery = await requoteDelivery(quoting, siteId, cart, body);
      const errors = [
        ...customerProblems(site, caller, body.user, parameters, today()),
        ...(await cartLineProblems(
          repository,
          dependencies.answerProblems,
          siteId,
          cart,
          useStock,
        )),
        ...delivery.errors,
        ...(await discountCodeProblems(
          repository.discounts,
          siteId,
          orderCode(body, cart),
          cart,
          discountCustomerOf(caller, body.user),
          today(),
        )),
        ...(await giftVoucherProblems(
          dependencies.giftVouchers,
          siteId,
          body.giftVoucherCode,
          cart,
        )),
        ...(await orderChoiceProblems(siteId, body)),
      ];
      if (errors.length > 0) throw refusedWith(errors);

      const at = now();
      // Known after the checks above: an account, or a guest who gave an e-mail.
      const customer = discountCustomerOf(caller, body.user)!;
      try {
        const placed = await repository.inTransaction(async (tx) => {
          const locked = await lockUnchangedCart(tx, siteId, cart);
          if (locked.closed) {
            return replayOfClosedCart(tx, siteId, cart, idempotencyKey, requestHash);
          }
          const declinations = await holdStock(tx, siteId, cart, locked.quantities, useStock);
          await holdSlot(tx, siteId, cart.id, delivery.slot, at);
          const discount = await applyDiscount(
            tx,
            siteId,
            orderCode(body, cart),
            cart,
            customer,
            todayInFrance(at),
          );
          const totals = computeTotals(
            cart,
            declinations,
            discount?.application ?? null,
            delivery.carrier?.fdp ?? 0,
          );
          // The voucher pays last, after the code and the delivery (docs/requirements/gift-vouchers.md: a means of payment).
          const { voucher, amounts } = await applyVoucher(
            tx,
            dependencies.giftVouchers,
            siteId,
            body.giftVoucherCode,
            totals,
            cart,
          );
          const record = await insertOrder(tx, dependencies.giftVouchers, siteId, {
            body,
            caller,
            cartId: cart.id,
            delivery,
            lines: totals.lines,
            amounts,
            discount,
            voucher,
            customer,
            saleTerms: parameters.text('SALE_TERMS'),
            idempotencyKey,
            requestHash,
            at,
          });
          const order = toOrder(record, await tx.linesOf(siteId, [record.id]));
          await emitPlaced(
            tx,
            dependencies.events,
            paymentMethods,
            { site, order, record },
            parameters,
          );
          return { order, isNew: true };
        });
        const paid = await paidByVoucher(site, placed);
        return { ...paid, order: await presented(siteId, paid.order) };
      } catch (error) {
        // Two requests with one key on two carts: the loser finds the winner's order.
        if (idempotencyKey && isUniqueViolation(error, 'orders_site_idempotency_key')) {
          const replay = await existingOrder(siteId, idempotencyKey, requestHash, caller);
          if (replay) return { order: replay, isNew: false };
        }
        throw error;
      }
    },

    async listForUser(siteId: number, userId: number) {
      const orders = await repository.listForUser(siteId, userId);
      const lines = await repository.linesOf(
        siteId,
        orders.map((order) => order.id),
      );
      return orders.map((order) => {
        const full = toOrder(
          order,
          lines.filter((line) => line.orderId === order.id),
        );
        return {
          id: full.id,
          number: full.number,
          reference: full.reference,
          status: full.status,
          isPaid: full.isPaid,
          createdAt: full.createdAt,
          paymentMethod: full.paymentMethod,
          totals: full.totals,
        };
      });
    },

    async getForUser(siteId: number, orderId: number, userId: number): Promise<Order> {
      const order = await repository.findById(siteId, orderId);
      if (!order || order.userId !== userId) throw new HttpError(404, ORDER_NOT_FOUND_MESSAGE);
      return presented(siteId, toOrder(order, await repository.linesOf(siteId, [order.id])));
    },

    /**
     * The order for its customer (their session) or for whoever holds its access token (a guest
     * paying by card); anyone else, another site's order or an unknown id alike: 404.
     */
    async getForReader(siteId: number, orderId: number, reader: OrderReader): Promise<Order> {
      const order = await repository.findById(siteId, orderId);
      const owns = order !== null && reader.userId !== null && order.userId === reader.userId;
      if (
        !order ||
        !(
          owns ||
          tokenOpens(order, reader.token) ||
          (await cartSecretOpens(order, reader.cartSecret))
        )
      ) {
        throw new HttpError(404, ORDER_NOT_FOUND_MESSAGE);
      }
      return presented(siteId, toOrder(order, await repository.linesOf(siteId, [order.id])));
    },

    /** Any order of the site (the back office, the payment module); 404 when there is none. */
    async getForSite(siteId: number, orderId: number): Promise<Order> {
      const order = await repository.findById(siteId, orderId);
      if (!order) throw new HttpError(404, ORDER_NOT_FOUND_MESSAGE);
      return presented(siteId, toOrder(order, await repository.linesOf(siteId, [order.id])));
    },

    /**
     * The order's access token, answered once by POST /order when it makes the order: only its
     * hash is kept. A replay gets none and changes none (decision 0081): its owner reads the
     * order with the cart's secret or the session.
     */
    async issueAccessToken(siteId: number, orderId: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await repository.setAccessTokenHash(siteId, orderId, sha256(token));
      return token;
    },

    /**
     * An order as the API answers it, with its stored row (customer, addresses, message), for the
     * modules that act on it after the fact (mails, invoices); null when the site has no such order.
     */
    async find(
      siteId: number,
      orderId: number,
    ): Promise<{ order: Order; record: OrderRecord } | null> {
      const record = await repository.findById(siteId, orderId);
      if (!record) return null;
      const order = toOrder(record, await repository.linesOf(siteId, [record.id]));
      return { order: await presented(siteId, order), record };
    },

    /** The status changes of an order, oldest first. */
    history(siteId: number, orderId: number) {
      return repository.history(siteId, orderId);
    },

    /** Moves an order through the transition table, recording who did it. */
    transition: moveStatus,

    /**
     * Cancels the unpaid orders whose payment deadline passed: their stock and slot come back.
     * Answers how many were cancelled.
     */
    async expireOverdue(): Promise<number> {
      let cancelled = 0;
      for (const overdue of await repository.overdueOrderIds(now())) {
        try {
          await moveStatus(overdue.siteId, overdue.id, 'CANCELLED', 'job:payment-expiry');
          cancelled += 1;
        } catch (error) {
          // Paid or moved meanwhile: the transition table refused, nothing to give back.
          if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
        }
      }
      return cancelled;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
