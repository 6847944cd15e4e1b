import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { CART_NOT_FOUND_MESSAGE, type Cart } from '@comptoir/contract/cart';
import type { FieldError } from '@comptoir/contract/envelope';
import {
  ACCESS_POINT_NOT_OFFERED_MESSAGE,
  ACCESS_POINT_REQUIRED_MESSAGE,
  CARRIER_REQUIRED_MESSAGE,
  CARRIER_UNAVAILABLE_MESSAGE,
  DELIVERY_ADDRESS_REQUIRED_MESSAGE,
  DELIVERY_DESTINATION_REQUIRED_MESSAGE,
  DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE,
  EMPTY_CART_ORDER_MESSAGE,
  GUEST_DETAILS_REQUIRED_MESSAGE,
  IDEMPOTENCY_CONFLICT_MESSAGE,
  MULTIPLE_ORDER_MESSAGE,
  NO_DELIVERY_REFUSED_MESSAGE,
  ON_PICKUP_NEEDS_PICKUP_MESSAGE,
  ORDER_BIRTHDATE_REQUIRED_MESSAGE,
  ORDER_INVALID_MESSAGE,
  ORDER_MINOR_REFUSED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  OUT_OF_STOCK_ORDER_MESSAGE,
  SLOT_NOT_HELD_MESSAGE,
  SLOT_REQUIRED_MESSAGE,
  UNPUBLISHED_PRODUCT_MESSAGE,
  orderBodySchema,
  validateOrderBodySchema,
  type Order,
} from '@comptoir/contract/order';
import { DISCOUNT_CODE_UNKNOWN_MESSAGE } from '@comptoir/contract/discount';
import { ACCESS_POINTS_LIMIT, type AccessPoint } from '@comptoir/contract/relay';
import { CART_CHANGED_MESSAGE } from '@comptoir/contract/shipping';
import { discountedTotals, type DiscountApplication } from '@comptoir/domain/discount';
import { addToCartErrorText } from '@comptoir/domain/add-to-cart';
import { isAdult, todayInFrance } from '@comptoir/domain/legal-age';
import {
  applyTransition,
  paymentDeadline,
  refundRestocksByDefault,
  transitionError,
  releasesStock,
  STANDARD_VAT_RATE_BASIS_POINTS,
  vatByRate,
  vatInsideCents,
  type OrderStatus,
} from '@comptoir/domain/order';
import {
  orderReference,
  orderRefundSummary,
  orderStatusSummary,
} from '@comptoir/domain/order-reference';
import type { z } from 'zod';
import { HttpError } from '../../http/http-error';
import type { SiteParameterValues } from '../../lib/site-parameter-values';
import { ownsCart, type CartCaller } from '../cart/cart-service';
import type { DiscountCustomer } from '../discount/discount-repository';
import {
  evaluateDiscountCode,
  snapshotOf,
  type DiscountEvaluation,
  type DiscountSnapshot,
} from '../discount/discount-service';
import type { OrderGiftVouchers, TakenGiftVoucher } from '../gift-voucher/gift-voucher-service';
import type { RelayProvider } from '../relay/relay-provider';
import type { SiteRecord } from '../site/site-repository';
import type {
  NewOrderLine,
  OrderLineRecord,
  OrderRecord,
  OrderRepository,
  OrderTransaction,
} from './order-repository';
import type { AuditActor } from '../audit/audit-actor';
import { recordAudit } from '../audit/audit-repository';
import { isUniqueViolation } from './order-repository';
import type { OrderEvents } from './order-events';
import type { PaymentMethods } from './payment-methods';

type OrderInput = z.output<typeof orderBodySchema>;
type ValidateInput = z.output<typeof validateOrderBodySchema>;
type DeliveryInput = OrderInput['delivery'];

/** The delivery part of a request, as validate and order both read it. */
interface DeliveryRequest {
  delivery?: DeliveryInput | null;
  deliveryPostalCode?: string | null;
  deliveryIdCountry?: string | null;
  dateSchedule?: string | null;
  idSchedule?: number | null;
  /** The order's delivery address: its commune is part of the relay points' search. */
  address?: { delivery?: { city: string } | null } | null;
}

/** A carrier quote as the delivery module answers it. */
interface QuotedCarrier {
  id: number;
  name: string;
  serviceCode: string;
  fdp: number;
  deliveryType: 'DELIVERY' | 'PICKUP';
}

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
  quote: (
    siteId: number,
    cart: Cart,
    destination: { postalCode: string; country: string },
  ) => Promise<{ carriers: QuotedCarrier[] }>;
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

/** A slot as the order payload names it: the day (from dateSchedule) and the idSchedule. */
interface SlotChoice {
  companyAddressId: number;
  date: string;
  scheduleId: number;
}

/** The Paris day of a slot's ISO start ("2026-03-02T09:00:00.000Z" → "2026-03-02"). */
function parisDayOf(dateSchedule: string): string | null {
  const at = new Date(dateSchedule);
  if (Number.isNaN(at.getTime())) return null;
  return todayInFrance(at);
}

function refusedWith(errors: FieldError[]): HttpError {
  return new HttpError(422, addToCartErrorText(ORDER_INVALID_MESSAGE, errors), errors);
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

/** Each cart line's share of the code's reduction, by line id. */
function lineDiscountsOf(application: DiscountApplication | null): Map<number, number> {
  return new Map(application?.lines.map((line) => [line.id, line.reductionCents]) ?? []);
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

export function createOrderService(dependencies: OrderServiceDependencies) {
  const { repository, cartOf, quote, readParameters, now, paymentMethods } = dependencies;

  /** An order as its customer reads it: with how to pay it when a transfer or cheque is awaited. */
  const presented = (siteId: number, order: Order) =>
    paymentMethods ? paymentMethods.withInstructions(siteId, order) : Promise.resolve(order);

  /**
   * A gift voucher code that cannot pay (unknown, expired, used up, or the cart buys a voucher),
   * as a giftVoucherCode pair.
   */
  async function giftVoucherProblems(siteId: number, code: string | null | undefined, cart: Cart) {
    return dependencies.giftVouchers?.problems(siteId, code, cart) ?? [];
  }

  /**
   * Inside the order's transaction: locks the voucher and takes min(balance, amount due), so
   * that concurrent orders never spend more than its balance. Null without a code.
   */
  async function takeGiftVoucher(
    tx: OrderTransaction,
    siteId: number,
    code: string | null | undefined,
    dueCents: number,
    cart: Cart,
  ): Promise<TakenGiftVoucher | null> {
    if (!code || !dependencies.giftVouchers) return null;
    const taken = await dependencies.giftVouchers.take(tx.raw, siteId, code, dueCents, cart);
    if ('error' in taken) throw refusedWith([taken]);
    return taken;
  }

  /**
   * Whether `secret` is that of the anonymous cart the order was placed from: the proof its
   * replay asks, with which a guest whose answer (and token) was lost reads and pays it.
   */
  async function cartSecretOpens(order: OrderRecord, secret: string | null | undefined) {
    if (!secret) return false;
    const cart = await repository.cartOwnerOf(order.siteId, order.cartId);
    return cart !== null && cart.userId === null && ownsCart(cart, { userId: null, secret });
  }

  /** Whether the order's voucher pays all of it (it is then paid at once, see paidByVoucher). */
  const voucherPaysAll = (order: Order) =>
    order.totals.voucherCents > 0 && order.totals.amountDueCents === 0;

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

  /** Stock, multiples and publication of every line, as the catalogue stands. */
  async function lineProblems(siteId: number, cart: Cart): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    if (cart.products.length === 0) {
      return [{ key: 'idCart', error: EMPTY_CART_ORDER_MESSAGE }];
    }
    const declinations = await repository.declinationsOf(siteId, [
      ...new Set(cart.products.map((line) => line.declinationId)),
    ]);
    const wanted = new Map<number, number>();
    for (const line of cart.products) {
      wanted.set(line.declinationId, (wanted.get(line.declinationId) ?? 0) + line.quantity);
    }
    for (const line of cart.products) {
      const declination = declinations.find((candidate) => candidate.id === line.declinationId);
      const key = `products.${line.id}`;
      if (!declination || !declination.isPublished) {
        errors.push({ key, error: UNPUBLISHED_PRODUCT_MESSAGE(line.name) });
        continue;
      }
      if (line.quantity % declination.sellByMultipleOf !== 0) {
        errors.push({
          key,
          error: MULTIPLE_ORDER_MESSAGE(line.name, declination.sellByMultipleOf),
        });
      }
      const quantity = wanted.get(line.declinationId) ?? 0;
      if (declination.isStockManaged && quantity > declination.stock) {
        errors.push({ key, error: OUT_OF_STOCK_ORDER_MESSAGE(line.name, declination.stock) });
      }
    }
    // A required customization is paid for: a line without its answer is not ordered.
    errors.push(...((await dependencies.answerProblems?.(siteId, cart)) ?? []));
    return errors;
  }

  interface DeliveryOutcome {
    errors: FieldError[];
    carrier: QuotedCarrier | null;
    slot: SlotChoice | null;
    /** The relay point as the provider describes it (PICKUP only). */
    accessPoint: AccessPoint | null;
  }

  /** The delivery choice and its rules: carrier re-quoted, relay point, slot still held. */
  async function deliveryProblems(
    siteId: number,
    cart: Cart,
    request: DeliveryRequest,
  ): Promise<DeliveryOutcome> {
    const outcome: DeliveryOutcome = { errors: [], carrier: null, slot: null, accessPoint: null };
    // An empty cart has nothing to deliver: its one problem is said by the line checks.
    if (cart.products.length === 0) return outcome;
    const delivery = request.delivery;
    const nothingToShip = cart.products.length > 0 && cart.isDematerialized;
    if (!delivery) {
      // Only the cart was named: check the slot it holds, if any.
      const booking = await repository.liveBookingOf(siteId, cart.id, now());
      if (booking === null && (await repository.hasBooking(siteId, cart.id))) {
        outcome.errors.push({ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE });
      }
      return outcome;
    }
    if (delivery.type === 'NO_DELIVERY') {
      if (!nothingToShip)
        outcome.errors.push({ key: 'delivery.type', error: NO_DELIVERY_REFUSED_MESSAGE });
      return outcome;
    }
    if (nothingToShip) {
      outcome.errors.push({
        key: 'delivery.type',
        error: DELIVERY_REQUIRED_FOR_DEMATERIALIZED_MESSAGE,
      });
      return outcome;
    }
    if (delivery.type === 'CLICK_AND_COLLECT') {
      const day = request.dateSchedule ? parisDayOf(request.dateSchedule) : null;
      if (!delivery.idCompanyAddress || day === null || request.idSchedule == null) {
        outcome.errors.push({ key: 'idSchedule', error: SLOT_REQUIRED_MESSAGE });
        return outcome;
      }
      const booking = await repository.liveBookingOf(siteId, cart.id, now());
      const slot = {
        companyAddressId: delivery.idCompanyAddress,
        date: day,
        scheduleId: request.idSchedule,
      };
      const matches =
        booking !== null &&
        booking.companyAddressId === slot.companyAddressId &&
        booking.slotDate === slot.date &&
        booking.scheduleId === slot.scheduleId;
      if (!matches) outcome.errors.push({ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE });
      else outcome.slot = slot;
      return outcome;
    }
    // DELIVERY (to the door) or PICKUP (to a relay point): a carrier of that kind, re-quoted.
    if (!request.deliveryPostalCode || !request.deliveryIdCountry) {
      outcome.errors.push({
        key: 'deliveryPostalCode',
        error: DELIVERY_DESTINATION_REQUIRED_MESSAGE,
      });
      return outcome;
    }
    if (!delivery.idCarrier) {
      outcome.errors.push({ key: 'delivery.idCarrier', error: CARRIER_REQUIRED_MESSAGE });
      return outcome;
    }
    let carriers: QuotedCarrier[];
    try {
      ({ carriers } = await quote(siteId, cart, {
        postalCode: request.deliveryPostalCode,
        country: request.deliveryIdCountry,
      }));
    } catch (error) {
      // The delivery rules' own refusals (min/max bottles, unknown postal code…) become pairs.
      if (error instanceof HttpError && error.statusCode === 422) {
        outcome.errors.push(...(error.errors ?? [{ key: 'delivery', error: error.message }]));
        return outcome;
      }
      throw error;
    }
    const carrier = carriers.find(
      (candidate) =>
        candidate.id === delivery.idCarrier && candidate.deliveryType === delivery.type,
    );
    if (!carrier) {
      outcome.errors.push({ key: 'delivery.idCarrier', error: CARRIER_UNAVAILABLE_MESSAGE });
      return outcome;
    }
    if (delivery.type === 'PICKUP' && !delivery.accessPointId) {
      outcome.errors.push({ key: 'delivery.accessPointId', error: ACCESS_POINT_REQUIRED_MESSAGE });
    } else if (delivery.type === 'PICKUP') {
      // Searched again as the delivery step searched it: a point the provider does not offer
      // there is refused, and the one it offers is kept as the provider describes it, whatever
      // name or address the request carried (decision 0082).
      const offered = await dependencies.relayPoints.findAccessPoints({
        postalCode: request.deliveryPostalCode,
        city: request.address?.delivery?.city ?? null,
        country: request.deliveryIdCountry,
        address: null,
        position: null,
        limit: ACCESS_POINTS_LIMIT,
      });
      outcome.accessPoint = offered.find((point) => point.id === delivery.accessPointId) ?? null;
      if (!outcome.accessPoint) {
        outcome.errors.push({
          key: 'delivery.accessPointId',
          error: ACCESS_POINT_NOT_OFFERED_MESSAGE,
        });
      }
    }
    outcome.carrier = carrier;
    return outcome;
  }

  /** The customer's identity and the sale-to-minors rules of a winemaker site. */
  async function customerProblems(
    site: SiteRecord,
    caller: CartCaller,
    body: OrderInput,
  ): Promise<FieldError[]> {
    const errors: FieldError[] = [];
    if (!caller.user && (!body.user.email || !body.user.firstname || !body.user.lastname)) {
      errors.push({ key: 'user.email', error: GUEST_DETAILS_REQUIRED_MESSAGE });
    }
    if (!site.isWinemaker) return errors;
    const parameters = await readParameters(site.id);
    const blocksMinors = parameters.isOn('BLOCK_MINORS');
    const asks = blocksMinors || parameters.isOn('ASK_BIRTHDATE_AT_REGISTER');
    const birthdate = caller.user?.birthdate ?? body.user.birthdate ?? null;
    if (!birthdate) {
      if (asks) errors.push({ key: 'user.birthdate', error: ORDER_BIRTHDATE_REQUIRED_MESSAGE });
    } else if (blocksMinors && !isAdult(birthdate, todayInFrance(now()))) {
      errors.push({ key: 'user.birthdate', error: ORDER_MINOR_REFUSED_MESSAGE });
    }
    return errors;
  }

  /*
   * The discount code (decision 0051): checked before the transaction for every problem to be
   * told at once, then locked and checked again inside it, where its use is recorded.
   */

  /**
   * Whom a code counts its uses against: the account, or the guest's e-mail when given; with the
   * order's phone, or the account's before the order gives one (decision 0079).
   */
  function discountCustomerOf(
    caller: CartCaller,
    given?: { email?: string | null; phone?: string | null },
  ): DiscountCustomer | null {
    const phone = given?.phone ?? caller.user?.phone ?? null;
    if (caller.user) return { userId: caller.user.id, email: caller.user.email, phone };
    return given?.email ? { userId: null, email: given.email, phone } : null;
  }

  function discountCodeError(evaluation: DiscountEvaluation): FieldError | null {
    if (evaluation.outcome === 'UNKNOWN') {
      return { key: 'discountCode', error: DISCOUNT_CODE_UNKNOWN_MESSAGE };
    }
    if (evaluation.outcome === 'REFUSED') {
      return { key: 'discountCode', error: evaluation.message };
    }
    return null;
  }

  /** Why the code cannot be used on this cart, as a discountCode pair (none without a code). */
  async function discountCodeProblems(
    siteId: number,
    code: string | null | undefined,
    cart: Cart,
    customer: DiscountCustomer | null,
  ): Promise<FieldError[]> {
    if (!code || cart.products.length === 0) return [];
    const error = discountCodeError(
      await evaluateDiscountCode(
        repository.discounts,
        siteId,
        code,
        cart,
        customer,
        todayInFrance(now()),
      ),
    );
    return error ? [error] : [];
  }

  /**
   * In the order's transaction: the code's row locked until the order commits, its limits
   * counted again under the lock (a concurrent order that used it has committed or waits), and
   * what it takes off this cart. Null without a code.
   */
  async function lockDiscountCode(
    tx: OrderTransaction,
    siteId: number,
    code: string | null | undefined,
    cart: Cart,
    customer: DiscountCustomer,
    at: Date,
  ) {
    if (!code) return null;
    const evaluation = await evaluateDiscountCode(
      tx.discounts,
      siteId,
      code,
      cart,
      customer,
      todayInFrance(at),
      true,
    );
    const error = discountCodeError(evaluation);
    if (error || evaluation.outcome !== 'USABLE') throw refusedWith(error ? [error] : []);
    return { record: evaluation.record, application: evaluation.application };
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
      const errors = [
        ...(await lineProblems(siteId, cart)),
        ...(await deliveryProblems(siteId, cart, body)).errors,
        ...(await discountCodeProblems(
          siteId,
          body.discountCode,
          cart,
          discountCustomerOf(caller),
        )),
        ...(await giftVoucherProblems(siteId, body.giftVoucherCode, cart)),
      ];
      if (errors.length > 0) throw refusedWith(errors);
      return { valid: true, errors: [] };
    },

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
      const delivery = await deliveryProblems(siteId, cart, body);
      const errors = [
        ...(await customerProblems(site, caller, body)),
        ...(await lineProblems(siteId, cart)),
        ...delivery.errors,
        ...(await discountCodeProblems(
          siteId,
          body.discountCode,
          cart,
          discountCustomerOf(caller, body.user),
        )),
        ...(await giftVoucherProblems(siteId, body.giftVoucherCode, cart)),
      ];
      const shipped = body.delivery.type === 'DELIVERY' || body.delivery.type === 'PICKUP';
      if (shipped && !body.address.delivery) {
        errors.push({ key: 'address.delivery', error: DELIVERY_ADDRESS_REQUIRED_MESSAGE });
      }
      if (body.paymentMethod === 'ON_PICKUP' && body.delivery.type !== 'CLICK_AND_COLLECT') {
        errors.push({ key: 'paymentMethod', error: ON_PICKUP_NEEDS_PICKUP_MESSAGE });
      }
      const methodRefusal = await paymentMethods?.refusal(siteId, body.paymentMethod);
      if (methodRefusal) errors.push({ key: 'paymentMethod', error: methodRefusal });
      if (errors.length > 0) throw refusedWith(errors);

      const parameters = await readParameters(siteId);
      const saleTerms = parameters.text('SALE_TERMS');
      const at = now();
      const quotedShippingCents = delivery.carrier?.fdp ?? 0;
      // Known after the checks above: an account, or a guest who gave an e-mail.
      const customer = discountCustomerOf(caller, body.user)!;

      try {
        const placed = await repository.inTransaction(async (tx) => {
          const locked = await tx.lockOpenCart(siteId, cart.id);
          if (!locked || locked.closedAt !== null) {
            // The same request already went through while this one waited for the cart.
            const replay = idempotencyKey
              ? await tx.findByIdempotencyKey(siteId, idempotencyKey)
              : null;
            if (replay) {
              // The caller owns this cart (cartOf above): another cart's order is not theirs.
              if (replay.cartId !== cart.id) throw new HttpError(404, CART_NOT_FOUND_MESSAGE);
              if (replay.requestHash !== requestHash) {
                throw new HttpError(409, IDEMPOTENCY_CONFLICT_MESSAGE);
              }
              return {
                order: toOrder(replay, await tx.linesOf(siteId, [replay.id])),
                isNew: false,
              };
            }
            throw new HttpError(409, CART_CHANGED_MESSAGE);
          }
          // The cart must still be the one priced above, line for line.
          const lines = await tx.cartLines(siteId, cart.id);
          const priced = new Map<number, number>();
          for (const line of cart.products) {
            priced.set(line.declinationId, (priced.get(line.declinationId) ?? 0) + line.quantity);
          }
          const current = new Map<number, number>();
          for (const line of lines) {
            current.set(line.declinationId, (current.get(line.declinationId) ?? 0) + line.quantity);
          }
          const unchanged =
            priced.size === current.size &&
            [...priced].every(
              ([declinationId, quantity]) => current.get(declinationId) === quantity,
            );
          if (!unchanged) throw new HttpError(409, CART_CHANGED_MESSAGE);

          const declinations = await tx.lockDeclinations(
            siteId,
            [...priced.keys()].sort((a, b) => a - b),
          );
          const stockErrors: FieldError[] = [];
          for (const declination of declinations) {
            if (!declination.isStockManaged) continue;
            const quantity = priced.get(declination.id) ?? 0;
            if (!(await tx.takeStock(siteId, declination.id, quantity))) {
              const line = cart.products.find(
                (candidate) => candidate.declinationId === declination.id,
              )!;
              stockErrors.push({
                key: `products.${line.id}`,
                error: OUT_OF_STOCK_ORDER_MESSAGE(line.name, declination.stock),
              });
            }
          }
          if (declinations.length !== priced.size) throw new HttpError(409, CART_CHANGED_MESSAGE);
          if (stockErrors.length > 0) throw refusedWith(stockErrors);

          if (delivery.slot && !(await tx.takeSlot(siteId, cart.id, delivery.slot, at))) {
            throw refusedWith([{ key: 'idSchedule', error: SLOT_NOT_HELD_MESSAGE }]);
          }
          const discount = await lockDiscountCode(
            tx,
            siteId,
            body.discountCode,
            cart,
            customer,
            at,
          );
          const lineDiscounts = lineDiscountsOf(discount?.application ?? null);

          const orderLines: NewOrderLine[] = cart.products.map((line) => {
            const rate =
              declinations.find((candidate) => candidate.id === line.declinationId)
                ?.vatRateBasisPoints ?? STANDARD_VAT_RATE_BASIS_POINTS;
            const discountCents = lineDiscounts.get(line.id) ?? 0;
            return {
              productId: line.productId,
              declinationId: line.declinationId,
              name: line.name,
              year: line.year,
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents + line.customizationCostCents,
              totalCents: line.totalCents,
              vatRateBasisPoints: rate,
              discountCents,
              vatCents: vatInsideCents(line.totalCents - discountCents, rate),
              isStockManaged:
                declinations.find((candidate) => candidate.id === line.declinationId)
                  ?.isStockManaged ?? false,
              customizations: line.customizations,
            };
          });
          const totals = discountedTotals(
            orderLines,
            discount?.application ?? null,
            quotedShippingCents,
          );
          const { shippingCents } = totals;
          const vat = vatByRate([
            ...orderLines.map((line) => ({
              totalCents: line.totalCents - (line.discountCents ?? 0),
              vatRateBasisPoints: line.vatRateBasisPoints,
            })),
            ...(shippingCents > 0
              ? [{ totalCents: shippingCents, vatRateBasisPoints: STANDARD_VAT_RATE_BASIS_POINTS }]
              : []),
          ]);
          // The voucher pays last, after the code and the delivery (docs/requirements/gift-vouchers.md: a means of payment).
          const voucher = await takeGiftVoucher(
            tx,
            siteId,
            body.giftVoucherCode,
            totals.totalCents,
            cart,
          );
          const user = caller.user;
          const number = await tx.nextNumber(siteId);
          const status: OrderStatus = 'PENDING_PAYMENT';
          const created = await tx.insertOrder(
            siteId,
            number,
            {
              userId: user?.id ?? null,
              cartId: cart.id,
              status,
              paymentMethod: body.paymentMethod,
              isPaid: false,
              paymentDueAt: paymentDeadline(body.paymentMethod, at),
              email: user?.email ?? body.user.email!,
              phone: body.user.phone,
              firstname: user?.firstname ?? body.user.firstname!,
              lastname: user?.lastname ?? body.user.lastname!,
              birthdate: user?.birthdate ?? body.user.birthdate ?? null,
              deliveryAddress: body.address.delivery ?? null,
              billingAddress: body.address.billing,
              message: body.message || null,
              deliveryType: body.delivery.type,
              carrier: delivery.carrier
                ? {
                    id: delivery.carrier.id,
                    name: delivery.carrier.name,
                    serviceCode: delivery.carrier.serviceCode,
                  }
                : null,
              accessPoint: delivery.accessPoint
                ? {
                    id: delivery.accessPoint.id,
                    name: delivery.accessPoint.name,
                    addLine1: delivery.accessPoint.addLine1,
                    zipCode: delivery.accessPoint.zipCode,
                    city: delivery.accessPoint.city,
                    country: delivery.accessPoint.country,
                  }
                : null,
              slotCompanyAddressId: delivery.slot?.companyAddressId ?? null,
              slotDate: delivery.slot?.date ?? null,
              slotScheduleId: delivery.slot?.scheduleId ?? null,
              productsCents: totals.productsCents,
              discountCents: totals.discountCents,
              discount: discount ? snapshotOf(discount.record) : null,
              shippingCents,
              shippingVatRateBasisPoints: STANDARD_VAT_RATE_BASIS_POINTS,
              totalCents: totals.totalCents,
              vatCents: vat.reduce((sum, rate) => sum + rate.vatCents, 0),
              voucherCents: voucher?.amountCents ?? 0,
              giftVoucherCodeEnd: voucher?.codeEnd ?? null,
              saleTermsHash: saleTerms
                ? createHash('sha256').update(saleTerms).digest('hex')
                : null,
              // The body's acceptSaleTerms (required by the contract) is this acceptance.
              saleTermsAcceptedAt: at,
              idempotencyKey,
              requestHash,
              createdAt: at,
            },
            orderLines,
          );
          if (discount) {
            await tx.discounts.recordRedemption(
              siteId,
              discount.record.id,
              created.id,
              customer,
              at,
            );
          }
          await tx.recordStatus(siteId, created.id, null, status, 'customer', at);
          if (voucher) await dependencies.giftVouchers?.record(tx.raw, siteId, voucher, created.id);
          await tx.closeCart(siteId, cart.id, at);
          const order = toOrder(created, await tx.linesOf(siteId, [created.id]));
          // Its mails commit with it (decision 0072); one paid whole by its voucher is told
          // once paid (paidByVoucher). The parameters read above: the app's connection must
          // not be used inside the transaction.
          if (!voucherPaysAll(order)) {
            await dependencies.events?.emitInTransaction(
              'placed',
              {
                site,
                order: paymentMethods
                  ? await paymentMethods.withInstructions(siteId, order, parameters)
                  : order,
                record: created,
              },
              tx.raw,
            );
          }
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
