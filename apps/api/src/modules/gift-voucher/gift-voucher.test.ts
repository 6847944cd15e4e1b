import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSiteParameter } from '../../test/site-parameters';
import { manualJobRunner } from '../../test/manual-jobs';
import { cartSchema, cartSecretCookieName, type Cart } from '@comptoir/contract/cart';
import { DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE } from '@comptoir/contract/discount';
import {
  GIFT_VOUCHER_EMPTY_MESSAGE,
  GIFT_VOUCHER_EXPIRED_MESSAGE,
  GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE,
  GIFT_VOUCHER_SEND_DATE_MESSAGE,
  GIFT_VOUCHER_UNKNOWN_MESSAGE,
  GIFT_VOUCHERS_NOT_SOLD_MESSAGE,
  giftVoucherSettingsSchema,
} from '@comptoir/contract/gift-voucher';
import { orderSchema, type Order } from '@comptoir/contract/order';
import { formatGiftVoucherCode } from '@comptoir/domain/gift-voucher';
import { formatPrice } from '@comptoir/domain/money';
import {
  declinations,
  giftVoucherRedemptions,
  giftVouchers,
  orders,
  products,
} from '../../db/schema';
import { RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { addTestLine, makeTestProduct, type CartVisitor } from '../../test/carts';
import { siteRequest } from '../../test/http';
import { mailsTo } from '../../test/mails';
import { readPdf } from '../../test/pdf-text';
import { acceptCardsOn } from '../../test/fake-stripe';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { CartService } from '../cart';
import { MailLimiter } from '../mail';
import type { OrderService } from '../order';
import { createParameterModule } from '../parameter';
import { createSiteModule } from '../site';
import { createOrderEventBus } from '../order';
import { createGiftVoucherModule } from '.';
import { newGiftVoucherCode } from './gift-voucher-service';

/** The tests' clock: Monday 1 June 2026, 12h00 in Paris, moved by the tests. */
const clock = { now: new Date('2026-06-01T10:00:00Z') };
/** The jobs the app scheduled, run by hand with the clock above. */
const { jobs, runner: manualJobs } = manualJobRunner();

let testApp: TestApp;
let orderService: OrderService;
let lineSerial = -1;

const ADDRESS = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Vignes',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

function voucherBody(overrides: Record<string, unknown> = {}) {
  return {
    amountCents: 5_000,
    recipientName: 'Léa Dupont',
    recipientEmail: 'lea@example.fr',
    message: 'Joyeux anniversaire !',
    sendOn: '2026-06-01',
    buyerName: 'Camille Martin',
    ...overrides,
  };
}

/** POST /cart/{id|new}/gift-voucher as a visitor (their cart's cookie when they have one). */
function addVoucher(
  visitor: CartVisitor | null,
  body: Record<string, unknown>,
  siteId = 92,
): Promise<LightMyRequestResponse> {
  return siteRequest(testApp.app, siteId, {
    method: 'POST',
    url: `/cart/${visitor ? visitor.cart.id : 'new'}/gift-voucher`,
    cookies: visitor?.cookies ?? {},
    payload: body,
  });
}

/** A visitor whose new cart holds one voucher. */
async function voucherCart(overrides: Record<string, unknown> = {}): Promise<CartVisitor> {
  const response = await addVoucher(null, voucherBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  const cookie = response.cookies.find((candidate) => candidate.name === cartSecretCookieName(92));
  return {
    cart: cartSchema.parse(response.json().data),
    cookies: { [cookie!.name]: cookie!.value },
  };
}

function orderBody(visitor: CartVisitor, overrides: Record<string, unknown> = {}) {
  const dematerialized = visitor.cart.isDematerialized;
  return {
    idCart: visitor.cart.id,
    user: {
      phone: '0601020304',
      email: 'camille@example.fr',
      firstname: 'Camille',
      lastname: 'Martin',
      birthdate: '1990-04-12',
    },
    address: { billing: ADDRESS, ...(dematerialized ? {} : { delivery: ADDRESS }) },
    delivery: dematerialized
      ? { type: 'NO_DELIVERY' }
      : { type: 'DELIVERY', idCarrier: homeCarrierId },
    ...(dematerialized ? {} : { deliveryPostalCode: '49000', deliveryIdCountry: 'FRA' }),
    paymentMethod: 'BANK_TRANSFER',
    acceptSaleTerms: true,
    ...overrides,
  };
}

function placeOrder(visitor: CartVisitor, body: unknown) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order',
    cookies: visitor.cookies,
    payload: body as Record<string, unknown>,
  });
}

function expectOrder(response: LightMyRequestResponse): Order {
  expect(response.statusCode, response.body).toBe(200);
  return orderSchema.parse(response.json().data);
}

/** A voucher already issued (as a paid order would have): its code and id. */
async function issuedVoucher(balanceCents: number, expiresOn = '2027-06-01') {
  const code = newGiftVoucherCode();
  const [row] = await testApp.database.db
    .insert(giftVouchers)
    .values({
      siteId: 92,
      code,
      initialCents: Math.max(balanceCents, 1),
      balanceCents,
      expiresOn,
      recipientName: 'Léa',
      recipientEmail: null,
      message: null,
      sendOn: '2026-01-01',
      buyerName: 'Camille',
      buyerEmail: 'camille@example.fr',
      orderId: 0,
      cartProductId: (lineSerial -= 1),
      sentAt: new Date('2026-01-01T10:00:00Z'),
    })
    .returning();
  return { code, id: row!.id };
}

/** The vouchers a paid order issued. */
async function vouchersOf(orderId: number) {
  return testApp.database.db.select().from(giftVouchers).where(eq(giftVouchers.orderId, orderId));
}

/** The order's transfer arrived: the shop marks it paid, which issues its vouchers. */
async function markPaid(order: Order) {
  await orderService.transition(92, order.id, 'PAID', 'admin:1');
}

function validate(visitor: CartVisitor, payload: Record<string, unknown>) {
  return siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order/validate',
    cookies: visitor.cookies,
    payload: { idCart: visitor.cart.id, ...payload },
  });
}

async function balanceOf(id: number) {
  const [row] = await testApp.database.db
    .select({ balance: giftVouchers.balanceCents })
    .from(giftVouchers)
    .where(eq(giftVouchers.id, id));
  return row!.balance;
}

async function wineCart(priceCents: number): Promise<CartVisitor> {
  const wine = await makeTestProduct(testApp.database, 92, { priceCents });
  await testApp.database.db
    .update(declinations)
    .set({ stock: 1000 })
    .where(eq(declinations.id, wine.declinationId));
  const opened = await siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/cart',
    payload: { type: 'MAIN_CART' },
  });
  const cookie = opened.cookies.find((candidate) => candidate.name === cartSecretCookieName(92));
  const visitor = {
    cart: cartSchema.parse(opened.json().data),
    cookies: { [cookie!.name]: cookie!.value },
  };
  await addTestLine(testApp.app, 92, visitor, wine.declinationId, 1);
  return visitor;
}

function setParameter(siteId: number, type: string, value: string | null) {
  return setSiteParameter(testApp, siteId, type, value, 'NUMBER');
}

let homeCarrierId: number;

beforeAll(async () => {
  testApp = await createTestApp({
    now: () => clock.now,
    jobs: manualJobs,
    authLimits: RELAXED_AUTH_LIMITS,
    onOrders: (module) => {
      orderService = module.service;
    },
  });
  await testApp.app.ready();
  // Card orders (30 minutes to pay) are taken only on a site with Stripe keys.
  await acceptCardsOn(testApp.database.db, 92);
  const probe = await wineCart(1_000);
  const response = await siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/calculate/shipping-fees',
    cookies: probe.cookies,
    payload: {
      idCart: probe.cart.id,
      products: probe.cart.products.map((line) => ({
        idProduct: line.productId,
        quantity: line.quantity,
      })),
      postalCode: '49000',
      country: 'FRA',
    },
  });
  homeCarrierId = (
    response.json().data as { carriers: { id: number; deliveryType: string }[] }
  ).carriers.find((carrier) => carrier.deliveryType === 'DELIVERY')!.id;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
});

describe('buying a gift voucher', () => {
  it('tells the page the site’s amounts, and that a site without e-shop sells none', async () => {
    const shop = await siteRequest(testApp.app, 92, {
      method: 'GET',
      url: '/gift-voucher/settings',
    });
    expect(giftVoucherSettingsSchema.parse(shop.json().data)).toEqual({
      isAvailable: true,
      minimumCents: 1_000,
      maximumCents: 50_000,
      presetsCents: [3_000, 5_000, 10_000, 15_000],
      validityMonths: 12,
    });
    const salon = await siteRequest(testApp.app, 91, {
      method: 'GET',
      url: '/gift-voucher/settings',
    });
    expect(salon.json().data).toMatchObject({ isAvailable: false });
    const refused = await addVoucher(null, voucherBody(), 91);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GIFT_VOUCHERS_NOT_SOLD_MESSAGE);
  });

  it('puts a dematerialized line priced at the chosen amount in a new cart', async () => {
    const visitor = await voucherCart({ amountCents: 7_000 });
    expect(visitor.cart).toMatchObject({ totalProduct: 7_000, isDematerialized: true });
    expect(visitor.cart.products).toEqual([
      expect.objectContaining({
        name: 'Bon cadeau pour Léa Dupont',
        quantity: 1,
        unitPriceCents: 7_000,
        totalCents: 7_000,
        isDematerialized: true,
        hasShippingFees: false,
        type: 'OTHER',
        isGiftVoucher: true,
      }),
    ]);
    // A second voucher is a line of its own, in the same cart.
    const again = await addVoucher(visitor, voucherBody({ amountCents: 3_000 }));
    const cart: Cart = cartSchema.parse(again.json().data);
    expect(cart.products.map((line) => line.totalCents)).toEqual([7_000, 3_000]);
    expect(cart.totalProduct).toBe(10_000);
  });

  it('refuses amounts outside the limits, odd cents and past send dates (422, no line)', async () => {
    for (const amountCents of [999, 500, 50_100, 1_050, 0, -5_000]) {
      const response = await addVoucher(null, voucherBody({ amountCents }));
      expect(response.statusCode, String(amountCents)).toBe(422);
      expect(response.json().errors[0].key).toBe('amountCents');
      expect(response.cookies).toHaveLength(0);
    }
    for (const sendOn of ['2026-02-30', '2027-06-02', '2026-13-01']) {
      const response = await addVoucher(null, voucherBody({ sendOn }));
      expect(response.statusCode, sendOn).toBe(422);
    }
    const past = await addVoucher(null, voucherBody({ sendOn: '2026-05-31' }));
    expect(past.statusCode).toBe(422);
    expect(past.json().errors).toEqual([{ key: 'sendOn', error: GIFT_VOUCHER_SEND_DATE_MESSAGE }]);
    // A price of its own choosing is not a field (the amount is checked against the limits).
    const price = await addVoucher(null, { ...voucherBody(), unitPriceCents: 1 });
    expect(price.statusCode).toBe(422);
    expect(price.cookies).toHaveLength(0);
  });

  it('follows the site’s own limits, entered in euros', async () => {
    await setParameter(92, 'GIFT_VOUCHER_MIN_AMOUNT', '20');
    await setParameter(92, 'GIFT_VOUCHER_MAX_AMOUNT', '80');
    try {
      expect((await addVoucher(null, voucherBody({ amountCents: 1_500 }))).statusCode).toBe(422);
      expect((await addVoucher(null, voucherBody({ amountCents: 9_000 }))).statusCode).toBe(422);
      expect((await addVoucher(null, voucherBody({ amountCents: 8_000 }))).statusCode).toBe(200);
    } finally {
      await setParameter(92, 'GIFT_VOUCHER_MIN_AMOUNT', null);
      await setParameter(92, 'GIFT_VOUCHER_MAX_AMOUNT', null);
    }
  });

  it('never shows the voucher product in the catalogue nor lets the generic add price it', async () => {
    await voucherCart();
    const [voucherProduct] = await testApp.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.siteId, 92), eq(products.isGiftVoucher, true)));
    const list = await siteRequest(testApp.app, 92, { method: 'GET', url: '/product' });
    expect(JSON.stringify(list.json())).not.toContain('bon-cadeau-comptoir');
    const [declination] = await testApp.database.db
      .select({ id: declinations.id })
      .from(declinations)
      .where(eq(declinations.productId, voucherProduct!.id));
    const visitor = await wineCart(1_000);
    const boundary = '----voucher';
    const response = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: `/cart/${visitor.cart.id}/product/${declination!.id}`,
      cookies: visitor.cookies,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="quantity"\r\n\r\n1\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('issuing a bought voucher', () => {
  it('issues nothing while the order is unpaid', async () => {
    const visitor = await voucherCart({ recipientEmail: 'unpaid@example.fr' });
    const order = expectOrder(await placeOrder(visitor, orderBody(visitor)));
    expect(order).toMatchObject({ status: 'PENDING_PAYMENT', deliveryType: 'NO_DELIVERY' });
    expect(order.totals).toMatchObject({ totalCents: 5_000, vatCents: 0, shippingCents: 0 });
    const issued = await testApp.database.db
      .select()
      .from(giftVouchers)
      .where(eq(giftVouchers.orderId, order.id));
    expect(issued).toHaveLength(0);
  });

  it('once paid, mails one voucher per line on its day, with the printable PDF', async () => {
    const visitor = await voucherCart({ recipientEmail: 'today@example.fr' });
    const later = await addVoucher(
      visitor,
      voucherBody({ amountCents: 3_000, recipientEmail: 'later@example.fr', sendOn: '2026-06-04' }),
    );
    visitor.cart = cartSchema.parse(later.json().data);
    const self = await addVoucher(
      visitor,
      voucherBody({ amountCents: 2_000, recipientEmail: null }),
    );
    visitor.cart = cartSchema.parse(self.json().data);
    const order = expectOrder(await placeOrder(visitor, orderBody(visitor)));
    expect(order.totals).toMatchObject({ totalCents: 10_000, amountDueCents: 10_000 });
    await markPaid(order);

    const issued = await vouchersOf(order.id);
    expect(issued).toHaveLength(3);
    for (const voucher of issued) {
      expect(voucher.code).toMatch(/^[A-HJKMNP-Z2-9]{16}$/);
      expect(voucher.expiresOn).toBe('2027-06-01');
      expect(voucher.balanceCents).toBe(voucher.initialCents);
    }
    expect(new Set(issued.map((voucher) => voucher.code)).size).toBe(3);

    const [today] = await mailsTo(testApp, 'today@example.fr');
    const todayVoucher = issued.find((voucher) => voucher.recipientEmail === 'today@example.fr')!;
    expect(today?.subject).toBe(
      `Camille Martin vous offre un bon cadeau de ${formatPrice(5_000)} – Domaine des Trois Coteaux`,
    );
    expect(today?.text).toContain(formatGiftVoucherCode(todayVoucher.code));
    expect(today?.html).toContain('Joyeux anniversaire !');
    expect(today?.attachments).toHaveLength(1);
    const attachment = today!.attachments[0]!;
    expect(attachment.contentType).toBe('application/pdf');
    const pdf = await readPdf(Buffer.from(attachment.contentBase64, 'base64'));
    expect(pdf.text).toContain('Bon cadeau');
    expect(pdf.text).toContain('50,00');
    expect(pdf.text).toContain(formatGiftVoucherCode(todayVoucher.code));
    expect(pdf.text).toContain('1 juin 2027');

    // Without a recipient address, the buyer receives it to hand over.
    const toBuyer = await mailsTo(testApp, 'camille@example.fr');
    expect(
      toBuyer.some((mail) =>
        mail.subject.startsWith(`Votre bon cadeau de ${formatPrice(2_000)} pour Léa Dupont`),
      ),
    ).toBe(true);

    // The one for the 4th waits for its day, then the job sends it once.
    expect(await mailsTo(testApp, 'later@example.fr')).toHaveLength(0);
    clock.now = new Date('2026-06-03T21:00:00Z'); // 23h00 on the 3rd in Paris: not yet
    await jobs.get('gift-voucher-mails')!();
    expect(await mailsTo(testApp, 'later@example.fr')).toHaveLength(0);
    clock.now = new Date('2026-06-04T06:00:00Z');
    try {
      await jobs.get('gift-voucher-mails')!();
      await jobs.get('gift-voucher-mails')!();
      const later = await mailsTo(testApp, 'later@example.fr');
      expect(later).toHaveLength(1);
      expect(later[0]!.attachments[0]!.filename).toMatch(/^bon-cadeau-[a-z2-9]{4}\.pdf$/);
    } finally {
      clock.now = new Date('2026-06-01T10:00:00Z');
    }
  });

  it('escapes the buyer’s text in the mail', async () => {
    const visitor = await voucherCart({
      recipientEmail: 'escape@example.fr',
      message: '<script>alert(1)</script>',
      recipientName: 'Léa <b>',
    });
    await markPaid(expectOrder(await placeOrder(visitor, orderBody(visitor))));
    const [mail] = await mailsTo(testApp, 'escape@example.fr');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('&lt;script&gt;');
  });
});

describe('paying with a gift voucher', () => {
  it('pays part of an order and keeps the rest of the balance', async () => {
    const voucher = await issuedVoucher(10_000);
    const visitor = await wineCart(3_000);
    const checked = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/order/validate',
      cookies: visitor.cookies,
      payload: {
        idCart: visitor.cart.id,
        giftVoucherCode: formatGiftVoucherCode(voucher.code).toLowerCase(),
      },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const order = expectOrder(
      await placeOrder(visitor, orderBody(visitor, { giftVoucherCode: voucher.code })),
    );
    const total = order.totals.totalCents;
    expect(total).toBeGreaterThan(3_000); // the wine and its shipping
    expect(order.totals).toMatchObject({ voucherCents: total, amountDueCents: 0 });
    expect(order.giftVoucher).toEqual({ codeEnd: voucher.code.slice(-4), amountCents: total });
    expect(order.status).toBe('PAID');
    expect(await balanceOf(voucher.id)).toBe(10_000 - total);

    // A second order takes what is left and leaves the rest to pay.
    const bigger = await wineCart(20_000);
    const second = expectOrder(
      await placeOrder(bigger, orderBody(bigger, { giftVoucherCode: voucher.code })),
    );
    expect(second.totals.voucherCents).toBe(10_000 - total);
    expect(second.totals.amountDueCents).toBe(second.totals.totalCents - (10_000 - total));
    expect(second.status).toBe('PENDING_PAYMENT');
    expect(await balanceOf(voucher.id)).toBe(0);

    // Now empty: refused, with the reason.
    const third = await wineCart(1_000);
    const refused = await placeOrder(third, orderBody(third, { giftVoucherCode: voucher.code }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { key: 'giftVoucherCode', error: GIFT_VOUCHER_EMPTY_MESSAGE },
    ]);
  });

  it('refuses unknown and expired codes in validate and order, changing nothing', async () => {
    const expired = await issuedVoucher(5_000, '2026-05-31');
    const visitor = await wineCart(1_000);
    for (const [code, error] of [
      ['AAAA-BBBB-CCCC-DDDD', GIFT_VOUCHER_UNKNOWN_MESSAGE],
      ['not a code', GIFT_VOUCHER_UNKNOWN_MESSAGE],
      [expired.code, GIFT_VOUCHER_EXPIRED_MESSAGE('31 mai 2026')],
    ] as const) {
      const validated = await siteRequest(testApp.app, 92, {
        method: 'POST',
        url: '/order/validate',
        cookies: visitor.cookies,
        payload: { idCart: visitor.cart.id, giftVoucherCode: code },
      });
      expect(validated.statusCode).toBe(422);
      expect(validated.json().errors).toEqual([{ key: 'giftVoucherCode', error }]);
      const placed = await placeOrder(visitor, orderBody(visitor, { giftVoucherCode: code }));
      expect(placed.statusCode).toBe(422);
      expect(placed.json().errors).toEqual([{ key: 'giftVoucherCode', error }]);
    }
    expect(await balanceOf(expired.id)).toBe(5_000);
  });

  it('gives the amount back when the unpaid order expires', async () => {
    const voucher = await issuedVoucher(1_000);
    const visitor = await wineCart(5_000);
    const order = expectOrder(
      await placeOrder(
        visitor,
        orderBody(visitor, { giftVoucherCode: voucher.code, paymentMethod: 'CARD' }),
      ),
    );
    expect(order.totals.voucherCents).toBe(1_000);
    expect(await balanceOf(voucher.id)).toBe(0);
    clock.now = new Date('2026-06-01T11:00:00Z');
    try {
      await jobs.get('order-payment-expiry')!();
    } finally {
      clock.now = new Date('2026-06-01T10:00:00Z');
    }
    expect(await balanceOf(voucher.id)).toBe(1_000);
    const [redemption] = await testApp.database.db
      .select()
      .from(giftVoucherRedemptions)
      .where(eq(giftVoucherRedemptions.orderId, order.id));
    expect(redemption?.givenBackAt).not.toBeNull();
  });

  it('answers the discount check for a voucher (for POST /order/discount)', async () => {
    const { db } = testApp.database;
    const { readParameters } = createParameterModule({ db, siteCache: testApp.app.siteCache });
    const { service } = createGiftVoucherModule(
      { db, readParameters, mailer: testApp.app.mailer, production: false, now: () => clock.now },
      {
        carts: {} as CartService,
        sites: createSiteModule({
          db,
          siteCache: testApp.app.siteCache,
          revalidation: testApp.app.storefrontRevalidation,
          storage: testApp.app.storage,
        }).repository,
        mailLimiter: new MailLimiter({
          mailsPerRecipient: { max: 100, timeWindowMs: 60_000 },
          siteInboxMails: { max: 100, timeWindowMs: 60_000 },
        }),
        events: createOrderEventBus(testApp.app.log),
      },
    );
    const voucher = await issuedVoucher(4_200);
    const cart = (await wineCart(1_000)).cart;
    expect(await service.check(92, formatGiftVoucherCode(voucher.code), cart)).toEqual({
      kind: 'GIFT_VOUCHER',
      code: formatGiftVoucherCode(voucher.code),
      discount: null,
      reductionCents: 0,
      freeShipping: false,
      balanceCents: 4_200,
      expiresOn: '2027-06-01',
      label: `Bon cadeau : ${formatPrice(4_200)} à déduire du montant à payer, valable jusqu’au 1 juin 2027.`,
    });
    expect(await service.check(92, 'SUMMER10', cart)).toBeNull();
    const empty = await issuedVoucher(0);
    await expect(service.check(92, empty.code, cart)).rejects.toMatchObject({
      statusCode: 422,
      message: GIFT_VOUCHER_EMPTY_MESSAGE,
    });
    // Another site's voucher is no voucher here.
    expect(await service.check(91, voucher.code, cart)).toBeNull();
  });
});

describe('a voucher never buys a voucher', () => {
  it('stops the mint: no code off a voucher, and a paid voucher cannot pay for a second one', async () => {
    // 1. A 50 € voucher bought with COTEAUX5 used to cost 45 €: the code is refused.
    const first = await voucherCart({ recipientEmail: null });
    const discounted = await placeOrder(first, orderBody(first, { discountCode: 'COTEAUX5' }));
    expect(discounted.statusCode, discounted.body).toBe(422);
    expect(discounted.json().errors).toEqual([
      { key: 'discountCode', error: DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE },
    ]);
    // Bought at its price and paid, it is issued with 50 €.
    const bought = expectOrder(await placeOrder(first, orderBody(first)));
    expect(bought.totals).toMatchObject({ totalCents: 5_000, discountCents: 0 });
    await markPaid(bought);
    const [held] = await vouchersOf(bought.id);
    expect(held).toMatchObject({ initialCents: 5_000, balanceCents: 5_000 });

    // 2. A second 50 € voucher, with the code and paid by the first: refused at every step.
    const second = await voucherCart({ recipientEmail: null });
    const withCode = await validate(second, {
      discountCode: 'COTEAUX5',
      giftVoucherCode: held!.code,
    });
    expect(withCode.statusCode).toBe(422);
    expect(withCode.json().errors).toEqual([
      { key: 'discountCode', error: DISCOUNT_CODE_GIFT_VOUCHERS_ONLY_MESSAGE },
      { key: 'giftVoucherCode', error: GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE },
    ]);
    const validated = await validate(second, { giftVoucherCode: held!.code });
    expect(validated.statusCode).toBe(422);
    expect(validated.json().errors).toEqual([
      { key: 'giftVoucherCode', error: GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE },
    ]);
    for (const body of [
      orderBody(second, { discountCode: 'COTEAUX5', giftVoucherCode: held!.code }),
      orderBody(second, { giftVoucherCode: formatGiftVoucherCode(held!.code) }),
    ]) {
      const placed = await placeOrder(second, body);
      expect(placed.statusCode, placed.body).toBe(422);
      expect(placed.json().errors).toContainEqual({
        key: 'giftVoucherCode',
        error: GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE,
      });
    }
    // The checkout's code field is told the same.
    const checked = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/order/discount',
      cookies: second.cookies,
      payload: { idCart: second.cart.id, code: formatGiftVoucherCode(held!.code) },
    });
    expect(checked.statusCode).toBe(422);
    expect(checked.json()).toMatchObject({ message: GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE });

    // Nothing was taken nor made: the first voucher keeps its 50 €, no order, no new balance.
    expect(await balanceOf(held!.id)).toBe(5_000);
    expect(
      await testApp.database.db
        .select()
        .from(giftVoucherRedemptions)
        .where(eq(giftVoucherRedemptions.giftVoucherId, held!.id)),
    ).toHaveLength(0);
    expect(
      await testApp.database.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.siteId, 92), eq(orders.cartId, second.cart.id))),
    ).toHaveLength(0);
    const lineIds = second.cart.products.map((line) => line.id);
    const minted = await testApp.database.db.select().from(giftVouchers);
    expect(minted.filter((voucher) => lineIds.includes(voucher.cartProductId))).toHaveLength(0);
  });

  it('pays for no voucher bought beside wine either, and still pays a cart of wine', async () => {
    const held = await issuedVoucher(20_000);
    const mixed = await wineCart(3_000);
    const added = await addVoucher(mixed, voucherBody());
    mixed.cart = cartSchema.parse(added.json().data);
    const validated = await validate(mixed, { giftVoucherCode: held.code });
    expect(validated.json().errors).toEqual([
      { key: 'giftVoucherCode', error: GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE },
    ]);
    const placed = await placeOrder(mixed, orderBody(mixed, { giftVoucherCode: held.code }));
    expect(placed.statusCode).toBe(422);
    expect(placed.json().errors).toEqual([
      { key: 'giftVoucherCode', error: GIFT_VOUCHER_FOR_GIFT_VOUCHER_MESSAGE },
    ]);
    expect(await balanceOf(held.id)).toBe(20_000);
    // Paid otherwise, the same cart goes through; the voucher pays a cart of wine.
    expectOrder(await placeOrder(mixed, orderBody(mixed)));
    const wine = await wineCart(3_000);
    const paid = expectOrder(
      await placeOrder(wine, orderBody(wine, { giftVoucherCode: held.code })),
    );
    expect(paid.totals.voucherCents).toBe(paid.totals.totalCents);
  });
});
