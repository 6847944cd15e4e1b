import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { manualJobRunner } from '../../test/manual-jobs';
import { cartSchema, cartSecretCookieName, type Cart } from '@comptoir/contract/cart';
import { ORDER_TOKEN_HEADER } from '@comptoir/contract/payment';
import { shippingQuoteSchema } from '@comptoir/contract/shipping';
import { todayInFrance } from '@comptoir/domain/legal-age';
import {
  declinations,
  discountCodes,
  discountRedemptions,
  giftVoucherRedemptions,
  giftVouchers,
  orderLines,
  orders,
  products,
} from '../../db/schema';
import { bearer, RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { makeTestProduct, productsOf } from '../../test/carts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { siteRequest } from '../../test/http';
import { expectPlaced, homeDeliveryBody, noDeliveryBody, placeOrder } from '../../test/orders';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { describeOnPostgres } from '../../test/postgres';
import { multipart } from '../../test/uploads';
import { createStripeRepository } from '../payment';
import { newGiftVoucherCode } from '../gift-voucher';

/*
 * The shop's money invariants as a property (decision 0083): fast-check draws sequences of
 * purchases (wine, gift vouchers, both), discount codes, voucher payments, card payments through
 * a signed Stripe webhook, offline payments, cancellations, shipments, refunds (restocking or
 * not) and payment expiries, some of them sent at once, and runs them against the real API on PostgreSQL. After every step it reads
 * the database and checks, in cents and exactly:
 *   1. the vouchers an order issued are worth no more than the money received for them;
 *   2. no voucher balance is below 0, and each balance is what its redemptions left;
 *   3. each discount code was used within its limits (total, per customer, first order only);
 *   4. stock + units sold and not given back = initial stock;
 *   5. every order's total = lines − discounts + shipping, and amount due = total − voucher.
 * A request answered 5xx is a violation too. Each sequence has its own wines, codes, vouchers
 * and customers, so that a sequence's checks read only its own records.
 */

/** Fixed, so that a failure is replayed by the same run; printed with every result. */
const SEED = 20_261_129;
/** Sized to finish in well under a minute on a busy 2-core machine. */
const SEQUENCES = 30;
const MAX_STEPS = 12;
/**
 * Bounds a failing run's shrinking (each candidate replays a sequence against the API): the
 * smallest failing sequence found by then is reported. A run still short of its sequences then
 * fails too, so that a slow machine never passes on fewer sequences.
 */
const TIME_LIMIT_MS = 240_000;
const SITE = 92;

const STRIPE_KEYS = {
  publishableKey: 'pk_test_money_invariants',
  secretKey: 'sk_test_money_invariants',
  webhookSigningSecret: 'whsec_money_invariants',
};

/** The app's clock, only ever moved forward (payment deadlines, voucher expiry). */
const clock = { now: new Date('2026-06-01T10:00:00Z') };
/** The jobs the app scheduled, run by hand with the clock above. */
const { jobs, runner: manualJobs } = manualJobRunner();

// ---------------------------------------------------------------------------------------------
// Steps: plain data, so that fast-check shrinks them and prints a failing sequence readably.

type Payment = 'CARD' | 'BANK_TRANSFER';

interface PlaceStep {
  kind: 'place';
  /** Bottles of the sequence's wines (index into WINE_PRICES). */
  wines: { wine: number; quantity: number }[];
  /** Gift vouchers bought, in whole euros. */
  vouchers: number[];
  /** One of the sequence's discount codes (index into CODE_RULES), or none. */
  code: number | null;
  /** One of the vouchers the sequence knows (index, modulo how many), or none. */
  voucher: number | null;
  payment: Payment;
  /**
   * 0 and 1 are one guest, who writes their e-mail and phone two ways (case, +tag, +33);
   * 2 is another guest.
   */
  customer: number;
}

/**
 * An action on one of the sequence's orders (index, modulo how many it placed). As a shop would,
 * paying picks among the orders awaiting payment at the last check, shipping and refunding among
 * the paid ones, when there are some.
 */
interface OrderStep {
  kind: 'pay' | 'cancel' | 'ship';
  order: number;
}

/** A refund, with the owner's choice of putting the lines back in stock (null: the default). */
interface RefundStep {
  kind: 'refund';
  order: number;
  restock: boolean | null;
}

/** The clock moves past a card's (30 min) or a transfer's (10 days) deadline; the job runs. */
interface ExpireStep {
  kind: 'expire';
  minutes: number;
}

/** Steps sent at once. */
interface TogetherStep {
  kind: 'together';
  steps: (PlaceStep | OrderStep | RefundStep)[];
}

/**
 * The same purchase sent several times at once. Orders of the same bottles wait for each other
 * on the bottles' rows, so `spread` gives each copy the next wine: the copies then meet only on
 * the code's uses and the voucher's balance; without it they meet on the stock.
 */
interface RushStep {
  kind: 'rush';
  step: PlaceStep;
  copies: number;
  spread: boolean;
}

type Step = PlaceStep | OrderStep | RefundStep | ExpireStep | TogetherStep | RushStep;

/** Each sequence's discount codes: every limit and kind of reduction the codes have. */
const CODE_RULES = [
  { name: 'PCT10', type: 'percent', amount: 10 },
  { name: 'EUR5', type: 'EURO', amount: 500, maxUses: 2 },
  { name: 'EUR10', type: 'EURO', amount: 1000, maxUsesPerCustomer: 1, minimumCents: 2000 },
  { name: 'FIRST20', type: 'percent', amount: 20, firstOrderOnly: true },
  { name: 'SHIP', type: 'EURO', amount: 0, detailType: 'SHIPPING_FEES', maxUses: 3 },
  {
    name: 'WINE15',
    type: 'percent',
    amount: 15,
    categories: ['WINE'],
    maxUses: 4,
    maxUsesPerCustomer: 2,
  },
] as const;

const WINE_PRICES = [1_250, 2_390, 890, 1_575];
const INITIAL_STOCK = 10;

const wineLine = fc.record({
  wine: fc.integer({ min: 0, max: WINE_PRICES.length - 1 }),
  quantity: fc.integer({ min: 1, max: 3 }),
});
const voucherEuros = fc.constantFrom(10, 25, 40, 100);
const codePick = fc.integer({ min: 0, max: CODE_RULES.length - 1 });
const voucherPick = fc.nat({ max: 7 });
/** Something chosen three times in four. */
const mostly = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary, weight: 3 });

const placeStep: fc.Arbitrary<PlaceStep> = fc
  .record({
    kind: fc.constant('place' as const),
    wines: fc.array(wineLine, { maxLength: 2 }),
    vouchers: fc.array(voucherEuros, { maxLength: 2 }),
    code: fc.oneof(fc.constant(null), codePick),
    voucher: fc.oneof(fc.constant(null), voucherPick),
    payment: fc.constantFrom<Payment>('CARD', 'BANK_TRANSFER'),
    customer: fc.integer({ min: 0, max: 2 }),
  })
  .filter((step) => step.wines.length + step.vouchers.length > 0);

/**
 * A purchase made to contend when sent several times at once: bottles only (every voucher line
 * is of the one voucher product, whose row would line the copies up), and mostly a code and a
 * voucher, so that copies meet on the code's uses, the voucher's balance or the wine's stock.
 */
const contendingPlaceStep: fc.Arbitrary<PlaceStep> = fc.record({
  kind: fc.constant('place' as const),
  wines: fc.array(wineLine, { minLength: 1, maxLength: 2 }),
  vouchers: fc.constant([]),
  code: mostly(codePick),
  voucher: mostly(voucherPick),
  payment: fc.constantFrom<Payment>('CARD', 'BANK_TRANSFER'),
  customer: fc.integer({ min: 0, max: 2 }),
});

const orderPick = fc.nat({ max: 15 });
const payStep = fc.record({ kind: fc.constant('pay' as const), order: orderPick });
const cancelStep = fc.record({ kind: fc.constant('cancel' as const), order: orderPick });
const shipStep = fc.record({ kind: fc.constant('ship' as const), order: orderPick });
const refundStep: fc.Arbitrary<RefundStep> = fc.record({
  kind: fc.constant('refund' as const),
  order: orderPick,
  restock: fc.oneof(fc.constant(null), fc.boolean()),
});
const orderStep: fc.Arbitrary<OrderStep | RefundStep> = fc.oneof(
  payStep,
  cancelStep,
  shipStep,
  refundStep,
);

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: placeStep, weight: 5 },
  { arbitrary: payStep, weight: 3 },
  { arbitrary: cancelStep, weight: 1 },
  { arbitrary: shipStep, weight: 1 },
  { arbitrary: refundStep, weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('expire' as const),
      minutes: fc.constantFrom(31, 10 * 24 * 60 + 1),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('together' as const),
      steps: fc.array(fc.oneof(placeStep, orderStep), { minLength: 2, maxLength: 4 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('rush' as const),
      step: contendingPlaceStep,
      copies: fc.integer({ min: 2, max: 4 }),
      spread: fc.boolean(),
    }),
    weight: 2,
  },
);

// ---------------------------------------------------------------------------------------------
// One sequence's world: its own records, and what the model expects of its orders.

interface PlacedOrder {
  id: number;
  /** The top-level step that placed it: orders of one step were placed at the same time. */
  step: number;
  /** Who placed it: customers 0 and 1 are one person (0), customer 2 another (1). */
  person: number;
  paymentMethod: Payment;
  accessToken: string;
  /** What the cart's lines cost, from the prices the sequence chose. */
  expectedProductsCents: number;
  /** The carrier's quote for the cart, null when nothing was shipped. */
  quotedShippingCents: number | null;
  freeShippingCode: boolean;
}

interface World {
  wines: { declinationId: number; priceCents: number }[];
  codes: { id: number; code: string; rule: (typeof CODE_RULES)[number] }[];
  /** Every voucher code the sequence can spend: given at its start, then bought and paid. */
  vouchers: { id: number; code: string }[];
  preIssuedVoucherIds: number[];
  /** Each customer's e-mail and phone, as they type them. */
  customers: { email: string; phone: string }[];
  orders: PlacedOrder[];
  /** The orders found awaiting payment, and paid and not refunded, at the last check. */
  pendingOrderIds: Set<number>;
  paidOrderIds: Set<number>;
  serverErrors: string[];
  /** What the sequence's paid orders received for the vouchers they bought, as last checked. */
  receivedForVouchersCents: number;
}

const figures = {
  sequences: 0,
  steps: 0,
  actions: 0,
  concurrentSteps: 0,
  ordersPlaced: 0,
  /** Refused purchases by the field the API named (stock at the cart, a code, a voucher…). */
  refusals: new Map<string, number>(),
  paid: 0,
  cancelled: 0,
  shipped: 0,
  refunded: 0,
  expired: 0,
  vouchersIssued: 0,
  voucherCentsIssued: 0,
  voucherCentsReceived: 0,
  codeUses: 0,
  voucherPayments: 0,
};

let testApp: TestApp;
let fakeStripe: FakeStripe;
let adminToken: string;
/** Pre-issued vouchers have no cart line: each gets its own negative line id. */
let preIssuedLine = 0;
let stripeEventCount = 0;

const today = () => todayInFrance(clock.now);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function newWorld(): Promise<World> {
  const tag = randomBytes(4).toString('hex').toUpperCase();
  const db = testApp.database.db;
  const wines = await Promise.all(
    WINE_PRICES.map(async (priceCents) => {
      const wine = await makeTestProduct(testApp.database, SITE, { priceCents });
      await db
        .update(declinations)
        .set({ stock: INITIAL_STOCK })
        .where(eq(declinations.id, wine.declinationId));
      return { declinationId: wine.declinationId, priceCents };
    }),
  );
  const codeRows = await db
    .insert(discountCodes)
    .values(
      CODE_RULES.map((rule) => ({
        siteId: SITE,
        code: `${rule.name}${tag}`,
        type: rule.type,
        amount: rule.amount,
        detailType: 'detailType' in rule ? rule.detailType : null,
        minimumCents: 'minimumCents' in rule ? rule.minimumCents : null,
        categories: 'categories' in rule ? [...rule.categories] : [],
        maxUses: 'maxUses' in rule ? rule.maxUses : null,
        maxUsesPerCustomer: 'maxUsesPerCustomer' in rule ? rule.maxUsesPerCustomer : null,
        firstOrderOnly: 'firstOrderOnly' in rule ? rule.firstOrderOnly : false,
      })),
    )
    .returning({ id: discountCodes.id, code: discountCodes.code });
  const codes = CODE_RULES.map((rule) => {
    const code = `${rule.name}${tag}`;
    return { id: codeRows.find((row) => row.code === code)!.id, code, rule };
  });
  // Vouchers bought before the sequence (their money was received then): 30 €, 100 €, and
  // 20 € that expires in three days (a transfer's deadline moves the clock past it).
  const voucherRows = await db
    .insert(giftVouchers)
    .values(
      (
        [
          [3_000, 365],
          [10_000, 365],
          [2_000, 3],
        ] as const
      ).map(([balanceCents, validDays]) => ({
        siteId: SITE,
        code: newGiftVoucherCode(),
        initialCents: balanceCents,
        balanceCents,
        expiresOn: addDays(today(), validDays),
        recipientName: 'Léa',
        recipientEmail: null,
        message: null,
        sendOn: today(),
        buyerName: 'Camille',
        buyerEmail: 'camille@example.fr',
        orderId: 0,
        cartProductId: (preIssuedLine -= 1),
        sentAt: clock.now,
      })),
    )
    .returning({
      id: giftVouchers.id,
      code: giftVouchers.code,
      initialCents: giftVouchers.initialCents,
    });
  // In the order given: the step's voucher index names the same voucher in every replay.
  const vouchers = [3_000, 10_000, 2_000].map((cents) =>
    voucherRows.find((row) => row.initialCents === cents)!,
  );
  // Phones of the sequence's own: the first-order rule knows a customer by phone too.
  const digits = () => String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0');
  const [anne, bruno] = [digits(), digits()];
  const spaced = (phone: string) => phone.replace(/(\d\d)(?=\d)/g, '$1 ');
  return {
    wines,
    codes,
    vouchers: vouchers.map(({ id, code }) => ({ id, code })),
    preIssuedVoucherIds: vouchers.map((voucher) => voucher.id),
    customers: [
      { email: `anne.${tag.toLowerCase()}@example.fr`, phone: `06${anne}` },
      { email: `Anne.${tag}+cadeaux@Example.FR`, phone: `+33 6 ${spaced(anne)}` },
      { email: `bruno.${tag.toLowerCase()}@example.fr`, phone: spaced(`06${bruno}`) },
    ],
    orders: [],
    pendingOrderIds: new Set(),
    paidOrderIds: new Set(),
    serverErrors: [],
    receivedForVouchersCents: 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Running steps through the API.

function noteRefusal(where: string, response: LightMyRequestResponse) {
  const errors = (response.json() as { errors?: { key: string }[] }).errors ?? [];
  const fields = [...new Set(errors.map((error) => error.key.split('.')[0]))].join('+');
  const key = `${where} ${response.statusCode}${fields ? ` ${fields}` : ''}`;
  figures.refusals.set(key, (figures.refusals.get(key) ?? 0) + 1);
}

function noteServerError(world: World, what: string, response: LightMyRequestResponse) {
  if (response.statusCode >= 500) {
    world.serverErrors.push(
      `${what} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
    );
  }
}

async function place(world: World, step: PlaceStep, stepIndex: number): Promise<void> {
  figures.actions += 1;
  const opened = await siteRequest(testApp.app, SITE, {
    method: 'POST',
    url: '/cart',
    payload: { type: 'MAIN_CART' },
  });
  noteServerError(world, 'POST /cart', opened);
  if (opened.statusCode !== 200) return;
  const secret = opened.cookies.find((cookie) => cookie.name === cartSecretCookieName(SITE))!;
  const cookies = { [secret.name]: secret.value };
  let cart: Cart = cartSchema.parse(opened.json().data);
  let expectedProductsCents = 0;

  for (const { wine, quantity } of step.wines) {
    const chosen = world.wines[wine]!;
    const body = multipart({ type: 'MAIN_CART', quantity: String(quantity) });
    const added = await siteRequest(testApp.app, SITE, {
      method: 'POST',
      url: `/cart/${cart.id}/product/${chosen.declinationId}`,
      headers: body.headers,
      cookies,
      payload: body.payload,
    });
    noteServerError(world, 'add a wine', added);
    // Not enough bottles left: the visitor cannot buy them, nothing to check.
    if (added.statusCode !== 200) {
      noteRefusal('cart', added);
      return;
    }
    cart = cartSchema.parse(added.json().data);
    expectedProductsCents += chosen.priceCents * quantity;
  }
  for (const euros of step.vouchers) {
    const added = await siteRequest(testApp.app, SITE, {
      method: 'POST',
      url: `/cart/${cart.id}/gift-voucher`,
      cookies,
      payload: {
        amountCents: euros * 100,
        recipientName: 'Léa Dupont',
        // Mailed later by its job: the property is about money, not mail.
        sendOn: addDays(today(), 300),
        buyerName: 'Camille Martin',
      },
    });
    noteServerError(world, 'add a gift voucher', added);
    expect(added.statusCode, added.body).toBe(200);
    cart = cartSchema.parse(added.json().data);
    expectedProductsCents += euros * 100;
  }

  const code = step.code === null ? null : world.codes[step.code]!;
  const voucher =
    step.voucher === null ? null : world.vouchers[step.voucher % world.vouchers.length]!;
  const visitor = { cart, cookies };
  const choices = {
    user: {
      phone: world.customers[step.customer]!.phone,
      email: world.customers[step.customer]!.email,
      firstname: 'Anne',
      lastname: 'Martin',
      birthdate: '1990-04-12',
    },
    paymentMethod: step.payment,
    ...(code ? { discountCode: code.code } : {}),
    ...(voucher ? { giftVoucherCode: voucher.code } : {}),
  };
  let quotedShippingCents: number | null = null;
  let body: Record<string, unknown> = noDeliveryBody(visitor, choices);
  if (!cart.isDematerialized) {
    const quoted = await siteRequest(testApp.app, SITE, {
      method: 'POST',
      url: '/calculate/shipping-fees',
      cookies,
      payload: { idCart: cart.id, products: productsOf(cart), postalCode: '49000', country: 'FRA' },
    });
    noteServerError(world, 'quote the shipping', quoted);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const carrier = shippingQuoteSchema
      .parse(quoted.json().data)
      .carriers.find((candidate) => candidate.deliveryType === 'DELIVERY')!;
    quotedShippingCents = carrier.fdp;
    body = homeDeliveryBody(visitor, carrier.id, choices);
  }
  const placed = await placeOrder(testApp.app, visitor, body);
  noteServerError(world, 'POST /order', placed);
  if (placed.statusCode !== 200) {
    noteRefusal('order', placed);
    return;
  }
  const order = expectPlaced(placed);
  figures.ordersPlaced += 1;
  if (order.discount) figures.codeUses += 1;
  if (order.totals.voucherCents > 0) figures.voucherPayments += 1;
  world.orders.push({
    id: order.id,
    step: stepIndex,
    person: step.customer === 2 ? 1 : 0,
    paymentMethod: step.payment,
    accessToken: order.accessToken!,
    expectedProductsCents,
    quotedShippingCents,
    freeShippingCode: code?.rule.name === 'SHIP',
  });
}

function stripeWebhook(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_KEYS.webhookSigningSecret,
  });
  return testApp.app.inject({
    method: 'POST',
    url: '/custom-stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

/** A card order is paid as Stripe tells it; an offline one when the shop marks it received. */
async function pay(world: World, order: PlacedOrder): Promise<void> {
  if (order.paymentMethod === 'CARD') {
    const intent = await siteRequest(testApp.app, SITE, {
      method: 'POST',
      url: '/custom-stripe/payment-intent',
      headers: { [ORDER_TOKEN_HEADER]: order.accessToken },
      payload: { idOrder: order.id },
    });
    noteServerError(world, `payment intent of order ${order.id}`, intent);
    // Already paid (by its voucher) or no longer payable: nothing to pay.
    if (intent.statusCode !== 200) return;
    const { clientSecret, amountCents } = intent.json().data as {
      clientSecret: string;
      amountCents: number;
    };
    stripeEventCount += 1;
    const delivered = await stripeWebhook(
      JSON.stringify({
        id: `evt_money_${stripeEventCount}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(clock.now.getTime() / 1000),
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: clientSecret.split('_secret_')[0],
            object: 'payment_intent',
            amount: amountCents,
            amount_received: amountCents,
            currency: 'eur',
            status: 'succeeded',
            metadata: { siteId: String(SITE), orderId: String(order.id) },
          },
        },
      }),
    );
    noteServerError(world, `Stripe webhook for order ${order.id}`, delivered);
    if ((delivered.json().data as { outcome?: string } | null)?.outcome === 'paid') {
      figures.paid += 1;
    }
    return;
  }
  const marked = await adminMove(order.id, 'PAID');
  noteServerError(world, `mark order ${order.id} paid`, marked);
  if (marked.statusCode === 200) figures.paid += 1;
}

function adminMove(orderId: number, status: 'PAID' | 'CANCELLED' | 'PREPARING' | 'SHIPPED') {
  return siteRequest(testApp.app, SITE, {
    method: 'PUT',
    url: `/admin/order/${orderId}/status`,
    headers: bearer(adminToken),
    payload: { status },
  });
}

async function onOrder(world: World, step: OrderStep | RefundStep): Promise<void> {
  figures.actions += 1;
  // Where a shop would act: on unpaid orders for a payment, on paid ones for a shipment or a
  // refund; a cancellation may hit any order (a paid one must refuse it).
  const likely =
    step.kind === 'pay'
      ? world.pendingOrderIds
      : step.kind === 'cancel'
        ? null
        : world.paidOrderIds;
  const preferred = likely ? world.orders.filter((candidate) => likely.has(candidate.id)) : [];
  const candidates = preferred.length > 0 ? preferred : world.orders;
  if (candidates.length === 0) return;
  const order = candidates[step.order % candidates.length]!;
  if (step.kind === 'refund') {
    const refunded = await siteRequest(testApp.app, SITE, {
      method: 'POST',
      url: `/admin/order/${order.id}/refund`,
      headers: bearer(adminToken),
      ...(step.restock === null ? {} : { payload: { restock: step.restock } }),
    });
    noteServerError(world, `refund order ${order.id}`, refunded);
    if (refunded.statusCode === 200) figures.refunded += 1;
  } else if (step.kind === 'pay') {
    await pay(world, order);
  } else if (step.kind === 'cancel') {
    const cancelled = await adminMove(order.id, 'CANCELLED');
    noteServerError(world, `cancel order ${order.id}`, cancelled);
    if (cancelled.statusCode === 200) figures.cancelled += 1;
  } else {
    // Prepared then shipped: a refund then leaves the bottles out of stock by default.
    for (const status of ['PREPARING', 'SHIPPED'] as const) {
      const moved = await adminMove(order.id, status);
      noteServerError(world, `move order ${order.id} to ${status}`, moved);
      if (status === 'SHIPPED' && moved.statusCode === 200) figures.shipped += 1;
    }
  }
}

async function run(world: World, step: Step, stepIndex: number): Promise<void> {
  switch (step.kind) {
    case 'place':
      return place(world, step, stepIndex);
    case 'pay':
    case 'cancel':
    case 'ship':
    case 'refund':
      return onOrder(world, step);
    case 'expire': {
      figures.actions += 1;
      clock.now = new Date(clock.now.getTime() + step.minutes * 60_000);
      figures.expired += (await jobs.get('order-payment-expiry')!()) as number;
      return;
    }
    case 'together':
      figures.concurrentSteps += 1;
      await Promise.all(step.steps.map((inner) => run(world, inner, stepIndex)));
      return;
    case 'rush':
      figures.concurrentSteps += 1;
      await Promise.all(
        Array.from({ length: step.copies }, (_, copy) =>
          place(
            world,
            step.spread
              ? {
                  ...step.step,
                  wines: step.step.wines.map((line) => ({
                    ...line,
                    wine: (line.wine + copy) % WINE_PRICES.length,
                  })),
                }
              : step.step,
            stepIndex,
          ),
        ),
      );
      return;
  }
}

// ---------------------------------------------------------------------------------------------
// The invariants, read from the database: the sequence's orders, vouchers, codes and wines.

async function violationsOf(world: World): Promise<string[]> {
  const db = testApp.database.db;
  const found: string[] = [...world.serverErrors];
  // -1 matches nothing: a sequence may not have placed an order yet.
  const orderIds = world.orders.length ? world.orders.map((order) => order.id) : [-1];
  const [ordered, lines, issuedVouchers, preIssued, codeUses, stock] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.siteId, SITE), inArray(orders.id, orderIds))),
    db
      .select({
        orderId: orderLines.orderId,
        declinationId: orderLines.declinationId,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        totalCents: orderLines.totalCents,
        discountCents: orderLines.discountCents,
        isGiftVoucher: products.isGiftVoucher,
      })
      .from(orderLines)
      .innerJoin(
        products,
        and(eq(products.siteId, orderLines.siteId), eq(products.id, orderLines.productId)),
      )
      .where(and(eq(orderLines.siteId, SITE), inArray(orderLines.orderId, orderIds))),
    db
      .select()
      .from(giftVouchers)
      .where(and(eq(giftVouchers.siteId, SITE), inArray(giftVouchers.orderId, orderIds))),
    db
      .select()
      .from(giftVouchers)
      .where(
        and(eq(giftVouchers.siteId, SITE), inArray(giftVouchers.id, world.preIssuedVoucherIds)),
      ),
    db
      .select({
        codeId: discountRedemptions.discountCodeId,
        orderId: discountRedemptions.orderId,
        email: discountRedemptions.email,
        status: orders.status,
      })
      .from(discountRedemptions)
      .innerJoin(
        orders,
        and(
          eq(orders.siteId, discountRedemptions.siteId),
          eq(orders.id, discountRedemptions.orderId),
        ),
      )
      .where(
        and(
          eq(discountRedemptions.siteId, SITE),
          inArray(
            discountRedemptions.discountCodeId,
            world.codes.map((code) => code.id),
          ),
        ),
      ),
    db
      .select({ id: declinations.id, stock: declinations.stock })
      .from(declinations)
      .where(
        and(
          eq(declinations.siteId, SITE),
          inArray(
            declinations.id,
            world.wines.map((wine) => wine.declinationId),
          ),
        ),
      ),
  ]);
  const vouchers = [...preIssued, ...issuedVouchers];
  const voucherRedemptions = await db
    .select()
    .from(giftVoucherRedemptions)
    .where(
      and(
        eq(giftVoucherRedemptions.siteId, SITE),
        inArray(
          giftVoucherRedemptions.giftVoucherId,
          vouchers.map((voucher) => voucher.id),
        ),
      ),
    );

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const linesOf = (orderId: number) => lines.filter((line) => line.orderId === orderId);
  const modelOf = new Map(world.orders.map((order) => [order.id, order]));
  let receivedForVouchersCents = 0;
  const standing = (status: string) => status !== 'CANCELLED';

  for (const order of ordered) {
    const model = modelOf.get(order.id)!;
    const own = linesOf(order.id);
    const label = `order ${order.id} (${order.status}${order.isPaid ? ', paid' : ''})`;

    // 5. Every order's total: lines − discounts + shipping; amount due: total − voucher.
    for (const line of own) {
      if (line.totalCents !== line.quantity * line.unitPriceCents) {
        found.push(
          `${label}: a line of ${line.quantity} × ${line.unitPriceCents} is ${line.totalCents}`,
        );
      }
      if (line.discountCents < 0 || line.discountCents > line.totalCents) {
        found.push(
          `${label}: a line of ${line.totalCents} has a discount of ${line.discountCents}`,
        );
      }
    }
    const linesCents = sum(own.map((line) => line.totalCents));
    const lineDiscounts = sum(own.map((line) => line.discountCents));
    if (order.productsCents !== linesCents || linesCents !== model.expectedProductsCents) {
      found.push(
        `${label}: products ${order.productsCents}, lines ${linesCents}, the cart cost ${model.expectedProductsCents}`,
      );
    }
    if (order.discountCents !== lineDiscounts) {
      found.push(
        `${label}: discount ${order.discountCents} but its lines' shares sum to ${lineDiscounts}`,
      );
    }
    const expectedShipping =
      model.quotedShippingCents === null || model.freeShippingCode ? 0 : model.quotedShippingCents;
    if (order.shippingCents !== expectedShipping) {
      found.push(`${label}: shipping ${order.shippingCents}, quoted ${expectedShipping}`);
    }
    if (order.totalCents !== linesCents - lineDiscounts + order.shippingCents) {
      found.push(
        `${label}: total ${order.totalCents} ≠ lines ${linesCents} − discounts ${lineDiscounts} + shipping ${order.shippingCents}`,
      );
    }
    const paidByVoucher = voucherRedemptions.filter((row) => row.orderId === order.id);
    if (order.voucherCents !== sum(paidByVoucher.map((row) => row.amountCents))) {
      found.push(
        `${label}: voucher ${order.voucherCents} but its redemptions took ${sum(paidByVoucher.map((row) => row.amountCents))}`,
      );
    }
    if (order.voucherCents < 0 || order.voucherCents > order.totalCents) {
      found.push(`${label}: voucher ${order.voucherCents} outside 0..total ${order.totalCents}`);
    }

    // 1. The vouchers an order issued are worth no more than the money received for them. A
    // voucher used on the order pays its wine and shipping first (all it may pay); whatever it
    // paid beyond them was taken from the voucher lines, as was a code's share of them. Money is
    // counted when the order is paid: a refund is the shop's own act (decision 0083).
    const voucherLines = own.filter((line) => line.isGiftVoucher);
    const voucherLinesNet = sum(voucherLines.map((line) => line.totalCents - line.discountCents));
    const otherGoods = order.totalCents - voucherLinesNet;
    const receivedForVouchers = order.isPaid
      ? voucherLinesNet - Math.max(0, order.voucherCents - otherGoods)
      : 0;
    receivedForVouchersCents += receivedForVouchers;
    const issued = issuedVouchers.filter((voucher) => voucher.orderId === order.id);
    const issuedCents = sum(issued.map((voucher) => voucher.initialCents));
    if (issuedCents > receivedForVouchers) {
      found.push(
        `${label}: issued ${issuedCents} cents of vouchers for ${receivedForVouchers} cents received ` +
          `(voucher lines ${sum(voucherLines.map((line) => line.totalCents))} less ${sum(voucherLines.map((line) => line.discountCents))} of discount code, ` +
          `total ${order.totalCents}, paid by a voucher ${order.voucherCents})`,
      );
    }
    if (order.isPaid && issued.length !== voucherLines.length) {
      found.push(
        `${label}: paid, ${voucherLines.length} voucher lines, ${issued.length} vouchers issued`,
      );
    }

    // 3. A discount taken is a use recorded (otherwise it escapes the limits), and back.
    const use = codeUses.find((row) => row.orderId === order.id);
    if (Boolean(order.discount) !== Boolean(use)) {
      found.push(
        `${label}: discount ${JSON.stringify(order.discount)} with ${use ? 'a' : 'no'} recorded use`,
      );
    }
  }

  world.receivedForVouchersCents = receivedForVouchersCents;
  world.pendingOrderIds = new Set(
    ordered.filter((order) => order.status === 'PENDING_PAYMENT').map((order) => order.id),
  );
  world.paidOrderIds = new Set(
    ordered.filter((order) => order.isPaid && order.status !== 'REFUNDED').map((order) => order.id),
  );

  // 2. No voucher balance below 0, and each one is what its standing redemptions left.
  for (const voucher of vouchers) {
    const taken = voucherRedemptions.filter((row) => row.giftVoucherId === voucher.id);
    const standingTaken = sum(
      taken.filter((row) => row.givenBackAt === null).map((row) => row.amountCents),
    );
    if (voucher.balanceCents < 0) {
      found.push(`voucher ${voucher.id}: balance ${voucher.balanceCents} below 0`);
    }
    if (voucher.balanceCents !== voucher.initialCents - standingTaken) {
      found.push(
        `voucher ${voucher.id}: balance ${voucher.balanceCents} ≠ ${voucher.initialCents} − ${standingTaken} taken`,
      );
    }
    for (const row of taken) {
      const order = ordered.find((candidate) => candidate.id === row.orderId);
      if (order && (order.status === 'CANCELLED') !== (row.givenBackAt !== null)) {
        found.push(
          `voucher ${voucher.id}: ${order.status} order ${order.id}, given back ${row.givenBackAt !== null}`,
        );
      }
    }
  }

  // 3. Each code used within its limits, counting the orders that still stand. The customer is
  // the person the model knows placed the order (one person writes their e-mail and phone two
  // ways); the API must recognise them as such.
  const personOf = (orderId: number) => modelOf.get(orderId)!.person;
  for (const { id, code, rule } of world.codes) {
    const uses = codeUses.filter((row) => row.codeId === id && standing(row.status));
    if ('maxUses' in rule && uses.length > rule.maxUses) {
      found.push(`code ${code}: ${uses.length} uses, at most ${rule.maxUses}`);
    }
    const byPerson = new Map<number, number>();
    for (const row of uses) {
      byPerson.set(personOf(row.orderId), (byPerson.get(personOf(row.orderId)) ?? 0) + 1);
    }
    for (const [person, count] of byPerson) {
      if ('maxUsesPerCustomer' in rule && count > rule.maxUsesPerCustomer) {
        found.push(
          `code ${code}: ${count} uses by customer ${person}, at most ${rule.maxUsesPerCustomer}`,
        );
      }
      if ('firstOrderOnly' in rule && count > 1) {
        found.push(`code ${code}: first order only, used ${count} times by customer ${person}`);
      }
    }
    if ('firstOrderOnly' in rule) {
      for (const row of uses) {
        const used = modelOf.get(row.orderId)!;
        // Orders of one step were placed at once: neither came first.
        const earlier = ordered.find(
          (order) =>
            standing(order.status) &&
            modelOf.get(order.id)!.person === used.person &&
            modelOf.get(order.id)!.step < used.step,
        );
        if (earlier) {
          found.push(
            `code ${code}: used by order ${row.orderId} of customer ${used.person}, who had order ${earlier.id} standing before`,
          );
        }
      }
    }
  }

  // 4. Stock + units sold and not given back = initial stock. An order's lines come back once,
  // when it is cancelled or refunded with its stock (`stock_returned_at`); a cancelled order has.
  for (const order of ordered) {
    if (order.status === 'CANCELLED' && order.stockReturnedAt === null) {
      found.push(`order ${order.id}: cancelled, its stock not given back`);
    }
    if (order.stockReturnedAt !== null && !['CANCELLED', 'REFUNDED'].includes(order.status)) {
      found.push(`order ${order.id}: ${order.status}, yet its stock was given back`);
    }
  }
  const keeps = new Set(
    ordered.filter((order) => order.stockReturnedAt === null).map((order) => order.id),
  );
  for (const wine of world.wines) {
    const left = stock.find((row) => row.id === wine.declinationId)!.stock;
    const sold = sum(
      lines
        .filter((line) => line.declinationId === wine.declinationId && keeps.has(line.orderId))
        .map((line) => line.quantity),
    );
    if (left < 0 || left + sold !== INITIAL_STOCK) {
      found.push(`wine ${wine.declinationId}: stock ${left} + ${sold} sold ≠ ${INITIAL_STOCK}`);
    }
  }

  // The vouchers the sequence's orders issued can be spent by its later steps.
  for (const voucher of [...issuedVouchers].sort((a, b) => a.id - b.id)) {
    if (!world.vouchers.some((known) => known.id === voucher.id)) {
      world.vouchers.push({ id: voucher.id, code: voucher.code });
    }
  }
  return found;
}

/** Totals over a finished sequence, for the figures printed at the end. */
async function tally(world: World) {
  const orderIds = world.orders.map((order) => order.id);
  if (orderIds.length === 0) return;
  const issued = await testApp.database.db
    .select({ initialCents: giftVouchers.initialCents })
    .from(giftVouchers)
    .where(and(eq(giftVouchers.siteId, SITE), inArray(giftVouchers.orderId, orderIds)));
  figures.vouchersIssued += issued.length;
  figures.voucherCentsIssued += issued.reduce((total, row) => total + row.initialCents, 0);
  figures.voucherCentsReceived += world.receivedForVouchersCents;
}

// ---------------------------------------------------------------------------------------------

// PGlite is one connection: steps sent at once would run one after the other, and a property
// about concurrent orders would prove nothing there. Skipped without a PostgreSQL server.
describeOnPostgres('money invariants under random sequences (PostgreSQL)', () => {
  beforeAll(async () => {
    fakeStripe = await startFakeStripe();
    testApp = await createTestApp({
      now: () => clock.now,
      jobs: manualJobs,
      authLimits: {
        ...RELAXED_AUTH_LIMITS,
        newCartsPerIp: { max: 1_000_000, timeWindowMs: 60_000 },
      },
      env: { STRIPE_API_URL: fakeStripe.url },
    });
    await testApp.app.ready();
    await createStripeRepository(testApp.database.db).saveAccount({ siteId: SITE, ...STRIPE_KEYS });
    adminToken = (
      await createUserWithSession(testApp.database.db, {
        siteId: SITE,
        role: 'ADMIN',
        // The app's clock moves years ahead over the run.
        expiresAt: new Date('2099-01-01T00:00:00Z'),
      })
    ).token;
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
    await fakeStripe?.close();
  });

  it('keeps vouchers paid for, balances ≥ 0, codes within limits, stock and totals exact', async () => {
    const started = Date.now();
    const details = await fc.check(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: MAX_STEPS }),
        async (steps) => {
          figures.sequences += 1;
          const world = await newWorld();
          for (const [index, step] of steps.entries()) {
            figures.steps += 1;
            await run(world, step, index);
            const violations = await violationsOf(world);
            if (violations.length > 0) {
              throw new Error(
                `${violations.length} violation(s) after step ${index} of ` +
                  `${JSON.stringify(steps.slice(0, index + 1))}:\n  - ${violations.join('\n  - ')}`,
              );
            }
          }
          await tally(world);
        },
      ),
      {
        seed: SEED,
        numRuns: SEQUENCES,
        plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS, { failOnInterrupt: true })],
      },
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const refused = [...figures.refusals.values()].reduce((total, count) => total + count, 0);
    const refusals = [...figures.refusals]
      .sort(([, a], [, b]) => b - a)
      .map(([reason, count]) => `${count} ${reason}`)
      .join(', ');
    const outcome = !details.failed
      ? `${details.numRuns} sequences, 0 violations`
      : details.counterexample === null
        ? `INTERRUPTED after ${details.numRuns} sequences (${TIME_LIMIT_MS / 1000} s)`
        : `VIOLATED: sequence ${details.numRuns} failed (${details.numRuns - 1} passed before it), ` +
          `shrunk ${details.numShrinks} times${details.interrupted ? ' (then stopped by the time limit)' : ''}; ` +
          'figures include the shrinking runs';
    const summary =
      `money invariants (seed ${SEED}): ${outcome}; ${figures.sequences} sequences run, ${figures.steps} steps ` +
      `(${figures.actions} actions, ${figures.concurrentSteps} sent at once), ` +
      `${figures.ordersPlaced} orders placed, ${refused} refused${refused ? ` (${refusals})` : ''}, ${figures.paid} paid, ` +
      `${figures.cancelled} cancelled, ${figures.expired} expired, ${figures.shipped} shipped, ` +
      `${figures.refunded} refunded, ` +
      `${figures.codeUses} code uses, ${figures.voucherPayments} voucher payments, ` +
      `${figures.vouchersIssued} vouchers issued for ${figures.voucherCentsIssued} cents, ` +
      `${figures.voucherCentsReceived} cents received for them, in ${seconds} s`;
    console.info(summary);
    // The violations of the reported (shrunk) sequence, with the steps up to the failing one.
    const violations = details.errorInstance instanceof Error ? details.errorInstance.message : '';
    const report = details.failed ? `${fc.defaultReportMessage(details)}\n${violations}` : null;
    if (report) console.info(report);
    expect(report).toBeNull();
  }, 600_000);
});
