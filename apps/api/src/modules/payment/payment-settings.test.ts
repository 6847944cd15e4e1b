import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BIC_MESSAGE,
  IBAN_MESSAGE,
  PUBLISHABLE_KEY_MESSAGE,
  SECRET_KEY_MESSAGE,
  SECRET_KEY_REQUIRED_MESSAGE,
  STRIPE_MODE_MISMATCH_MESSAGE,
  WEBHOOK_SECRET_MESSAGE,
  type AdminPaymentSettings,
} from '@comptoir/contract/admin-payment';
import { orderSchema, type Order } from '@comptoir/contract/order';
import { CARD_PAYMENT_NOT_SET_UP_MESSAGE, ORDER_TOKEN_HEADER } from '@comptoir/contract/payment';
import type { PaymentMethod } from '@comptoir/domain/order';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { auditLog, orders, sitePaymentSettings, siteStripeAccounts } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { rotateSecrets } from '../../lib/secret-rotation';
import { bearer, RELAXED_AUTH_LIMITS } from '../../test/accounts';
import { addTestLine, makeTestProduct, openTestCart } from '../../test/carts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { siteRequest } from '../../test/http';
import { createUserWithSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { paymentSecretStore } from './payment-settings-repository';
import { createStripeRepository } from './stripe-repository';

/*
 * The back office's payment screen (issue 28 item 1, decision 0107): Stripe keys checked for
 * shape, sealed at rest, answered masked only, journaled without a secret; card payment offered
 * as soon as valid keys are saved and no longer once they are removed; bank details checked.
 */

const SECRET_KEY = 'sk_test_51PaymentScreenSecret0000004242';
const WEBHOOK_SECRET = 'whsec_PaymentScreenSigningSecret9876';
const PUBLISHABLE_KEY = 'pk_test_51PaymentScreenPublishable1111';
const OTHER_SECRET_KEY = 'sk_test_51AnotherSecretKeyForRotation7777';
const SECRETS = [SECRET_KEY, WEBHOOK_SECRET, OTHER_SECRET_KEY];

const secretsKey = randomBytes(32);
let testApp: TestApp;
let fakeStripe: FakeStripe;
let adminToken: string;
let customerToken: string;
/** Every body the API answered and every line it logged, for the grep at the end. */
const answers: string[] = [];
const logLines: string[] = [];

const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

async function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  token: string = adminToken,
  siteId = 92,
) {
  const response = await siteRequest(testApp.app, siteId, {
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  answers.push(response.body);
  return response;
}

async function settings(): Promise<AdminPaymentSettings> {
  const response = await call('GET', '/admin/payment-settings');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as AdminPaymentSettings;
}

async function methods(): Promise<string[]> {
  const response = await siteRequest(testApp.app, 92, {
    method: 'GET',
    url: '/order/payment-methods',
  });
  answers.push(response.body);
  return (response.json().data as { method: string }[]).map((offer) => offer.method);
}

/** A refusal: 422 for a shape the contract refuses, 400 for a rule; the message says why. */
function expectRefused(response: { statusCode: number; body: string }, message: string) {
  expect([400, 422], response.body).toContain(response.statusCode);
  expect(response.body).toContain(message);
}

async function journal() {
  return testApp.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityType, 'payment-settings'))
    .orderBy(desc(auditLog.id));
}

const ADDRESS = {
  firstname: 'Camille',
  lastname: 'Martin',
  firstPart: '12 rue des Vignes',
  postalCode: '49000',
  city: 'Angers',
  country: 'France',
};

/** A guest's order of a gift card (nothing to ship), paid by `paymentMethod`. */
async function placeOrder(paymentMethod: PaymentMethod) {
  const ticket = await makeTestProduct(testApp.database, 92, {
    type: 'OTHER',
    isDematerialized: true,
    capacity: null,
    priceCents: 3900,
  });
  const visitor = await openTestCart(testApp.app, 92);
  await addTestLine(testApp.app, 92, visitor, ticket.declinationId, 1);
  const response = await siteRequest(testApp.app, 92, {
    method: 'POST',
    url: '/order',
    cookies: visitor.cookies,
    payload: {
      idCart: visitor.cart.id,
      user: {
        phone: '0601020304',
        email: 'camille@example.fr',
        firstname: 'Camille',
        lastname: 'Martin',
        // An adult: site 92 sells alcohol (decision 0109).
        birthdate: '1990-04-12',
      },
      address: { billing: ADDRESS },
      delivery: { type: 'NO_DELIVERY' },
      paymentMethod,
      acceptSaleTerms: true,
    },
  });
  answers.push(response.body);
  return response;
}

beforeAll(async () => {
  fakeStripe = await startFakeStripe();
  testApp = await createTestApp({
    authLimits: RELAXED_AUTH_LIMITS,
    env: { STRIPE_API_URL: fakeStripe.url, LOG_LEVEL: 'trace' },
    secretsKey,
    logger: { level: 'trace', stream: logStream },
  });
  adminToken = (await createUserWithSession(testApp.database.db, { siteId: 92, role: 'ADMIN' }))
    .token;
  customerToken = (await createUserWithSession(testApp.database.db, { siteId: 92 })).token;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
  await fakeStripe?.close();
});

describe('the Stripe keys of the payment screen', () => {
  it('is for the administrators of the site only', async () => {
    expect(
      (await call('GET', '/admin/payment-settings', undefined, customerToken)).statusCode,
    ).toBe(403);
    const otherAdmin = await createUserWithSession(testApp.database.db, {
      siteId: 91,
      role: 'ADMIN',
    });
    // A session of site 91 is a visitor on 92.
    const put = await call(
      'PUT',
      '/admin/payment-settings/stripe',
      { publishableKey: PUBLISHABLE_KEY, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
      otherAdmin.token,
    );
    expect(put.statusCode).toBe(401);
    expect((await settings()).stripe.cardPaymentAvailable).toBe(false);
  });

  it('starts without card payment: no keys, no CARD at checkout', async () => {
    const current = await settings();
    expect(current.stripe).toMatchObject({
      cardPaymentAvailable: false,
      source: null,
      publishableKey: null,
      secretKeyMasked: null,
      webhookSecretMasked: null,
      webhookPath: '/api/custom-stripe/webhook',
    });
    expect(await methods()).not.toContain('CARD');
  });

  it.each([
    [
      'a publishable key that is not one',
      { publishableKey: 'sk_test_abcdefgh1234' },
      PUBLISHABLE_KEY_MESSAGE,
    ],
    ['a secret key that is a publishable key', { secretKey: PUBLISHABLE_KEY }, SECRET_KEY_MESSAGE],
    ['a secret key with a space', { secretKey: 'sk_test_abc def12345' }, SECRET_KEY_MESSAGE],
    [
      'a webhook secret without whsec_',
      { webhookSecret: 'sec_abcdefgh12345' },
      WEBHOOK_SECRET_MESSAGE,
    ],
    [
      'live and test keys mixed',
      { secretKey: 'sk_live_51Abcdefghijkl4242' },
      STRIPE_MODE_MISMATCH_MESSAGE,
    ],
    ['no secret key while none is set', { secretKey: '' }, SECRET_KEY_REQUIRED_MESSAGE],
  ])('refuses %s with a 400 that says why, and changes nothing', async (_name, change, message) => {
    const before = await journal();
    const response = await call('PUT', '/admin/payment-settings/stripe', {
      publishableKey: PUBLISHABLE_KEY,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      ...change,
    });
    expectRefused(response, message);
    expect((await settings()).stripe.cardPaymentAvailable).toBe(false);
    expect(await journal()).toHaveLength(before.length);
    expect(
      await testApp.database.db
        .select()
        .from(sitePaymentSettings)
        .where(eq(sitePaymentSettings.siteId, 92)),
    ).toEqual([]);
  });

  it('saves valid keys sealed, answers them masked, offers CARD at once and journals no secret', async () => {
    const response = await call('PUT', '/admin/payment-settings/stripe', {
      publishableKey: ` ${PUBLISHABLE_KEY} `,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.stripe).toEqual({
      cardPaymentAvailable: true,
      source: 'BACK_OFFICE',
      mode: 'test',
      publishableKey: PUBLISHABLE_KEY,
      secretKeyMasked: 'sk_test_…4242',
      webhookSecretMasked: 'whsec_…9876',
      webhookPath: '/api/custom-stripe/webhook',
    });
    expect(await methods()).toContain('CARD');

    const [row] = await testApp.database.db
      .select()
      .from(sitePaymentSettings)
      .where(eq(sitePaymentSettings.siteId, 92));
    expect(row!.stripeSecretKeySealed).toMatch(/^v1:/);
    expect(row!.stripeWebhookSecretSealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain(SECRET_KEY.slice(8));
    expect(JSON.stringify(row)).not.toContain(WEBHOOK_SECRET.slice(6));
    expect(createSecretBox(secretsKey).open(row!.stripeSecretKeySealed!)).toBe(SECRET_KEY);

    const [entry] = await journal();
    expect(entry).toMatchObject({
      action: 'create',
      entityId: 'stripe',
      summary: 'Paiement par carte activé (clés Stripe de test)',
    });
    expect(JSON.stringify(entry)).not.toMatch(/4242|9876|PaymentScreenSecret|SigningSecret/);
  });

  it('keeps the secrets when the form sends only a new publishable key, and says so in the journal', async () => {
    const response = await call('PUT', '/admin/payment-settings/stripe', {
      publishableKey: 'pk_test_51ChangedPublishableKey2222',
      secretKey: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.stripe).toMatchObject({
      publishableKey: 'pk_test_51ChangedPublishableKey2222',
      secretKeyMasked: 'sk_test_…4242',
      webhookSecretMasked: 'whsec_…9876',
    });
    const [entry] = await journal();
    expect(entry).toMatchObject({
      action: 'update',
      summary: 'Paiement par carte : clé publiable modifié',
    });
  });

  it('takes a card order paid through the webhook with the keys typed on the screen', async () => {
    const placed = await placeOrder('CARD');
    expect(placed.statusCode, placed.body).toBe(200);
    const order = orderSchema.parse(placed.json().data) as Order & { accessToken: string };
    const intent = await siteRequest(testApp.app, 92, {
      method: 'POST',
      url: '/custom-stripe/payment-intent',
      headers: { [ORDER_TOKEN_HEADER]: order.accessToken },
      payload: { idOrder: order.id },
    });
    answers.push(intent.body);
    expect(intent.statusCode, intent.body).toBe(200);
    expect(intent.json().data.publishableKey).toBe('pk_test_51ChangedPublishableKey2222');
    // Stripe was called with the secret key the owner typed, opened from its sealed copy.
    expect(fakeStripe.requests.at(-1)!.secretKey).toBe(SECRET_KEY);
    const intentId = (intent.json().data.clientSecret as string).split('_secret_')[0]!;

    const payload = JSON.stringify({
      id: 'evt_screen_1',
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intentId,
          object: 'payment_intent',
          amount: order.totals.amountDueCents,
          amount_received: order.totals.amountDueCents,
          currency: 'eur',
          status: 'succeeded',
          metadata: { siteId: '92', orderId: String(order.id) },
        },
      },
    });
    const webhook = await testApp.app.inject({
      method: 'POST',
      url: '/custom-stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload,
    });
    answers.push(webhook.body);
    expect(webhook.statusCode, webhook.body).toBe(200);
    const [stored] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ isPaid: true, status: 'PAID' });
  });

  it('removes the keys: no CARD at checkout, a card order refused, the journal says so', async () => {
    const response = await call('DELETE', '/admin/payment-settings/stripe');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.stripe).toMatchObject({
      cardPaymentAvailable: false,
      secretKeyMasked: null,
    });
    expect(await methods()).not.toContain('CARD');
    expectRefused(await placeOrder('CARD'), CARD_PAYMENT_NOT_SET_UP_MESSAGE);
    const [entry] = await journal();
    expect(entry).toMatchObject({
      action: 'delete',
      summary: 'Paiement par carte désactivé (clés Stripe retirées)',
    });
  });

  it('falls back on keys set by the older command, and the screen replaces them', async () => {
    await testApp.database.db.delete(sitePaymentSettings).where(eq(sitePaymentSettings.siteId, 92));
    await createStripeRepository(testApp.database.db).saveAccount({
      siteId: 92,
      publishableKey: 'pk_test_51CommandKey',
      secretKey: OTHER_SECRET_KEY,
      webhookSigningSecret: 'whsec_CommandSigning1234',
    });
    expect((await settings()).stripe).toMatchObject({
      cardPaymentAvailable: true,
      source: 'COMMAND',
      secretKeyMasked: 'sk_test_…7777',
    });
    expect(await methods()).toContain('CARD');
    const saved = await call('PUT', '/admin/payment-settings/stripe', {
      publishableKey: PUBLISHABLE_KEY,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    expect(saved.json().data.stripe.source).toBe('BACK_OFFICE');
    expect(await testApp.database.db.select().from(siteStripeAccounts)).toEqual([]);
    // Removed from the screen, the command's keys do not come back.
    await call('DELETE', '/admin/payment-settings/stripe');
    expect(await methods()).not.toContain('CARD');
  });

  it('does not offer cards when the sealed keys cannot be opened (another SECRETS_KEY), and logs no secret', async () => {
    await call('PUT', '/admin/payment-settings/stripe', {
      publishableKey: PUBLISHABLE_KEY,
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
    });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'comptoir-wrong-key-'));
    const lines: string[] = [];
    const other = buildApp({
      database: testApp.database,
      config: loadConfig({ DATA_DIR: dataDir }),
      secretsKey: randomBytes(32),
      logger: {
        level: 'trace',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            lines.push(chunk.toString('utf8'));
            done();
          },
        }),
      },
    });
    try {
      const response = await siteRequest(other, 92, {
        method: 'GET',
        url: '/order/payment-methods',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.map((offer: { method: string }) => offer.method)).not.toContain(
        'CARD',
      );
      expect(lines.join('')).toContain('cannot be opened');
      for (const secret of SECRETS) expect(lines.join('')).not.toContain(secret);
    } finally {
      await other.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('re-seals every stored secret under a new key with the rotation, once', async () => {
    await createStripeRepository(testApp.database.db).saveAccount({
      siteId: 91,
      publishableKey: 'pk_test_51CommandKey91',
      secretKey: OTHER_SECRET_KEY,
      webhookSigningSecret: 'whsec_CommandSigning9191',
    });
    const newKey = randomBytes(32);
    const oldBox = createSecretBox(secretsKey);
    const newBox = createSecretBox(newKey);
    const first = await rotateSecrets(testApp.database.db, [paymentSecretStore], oldBox, newBox);
    expect(first).toEqual({ resealed: 2, alreadyNew: 0, sealedFromPlain: 1 });
    const again = await rotateSecrets(testApp.database.db, [paymentSecretStore], oldBox, newBox);
    expect(again).toEqual({ resealed: 0, alreadyNew: 4, sealedFromPlain: 0 });
    const rows = await testApp.database.db.select().from(sitePaymentSettings);
    const bySite = new Map(rows.map((row) => [row.siteId, row]));
    expect(newBox.open(bySite.get(92)!.stripeSecretKeySealed!)).toBe(SECRET_KEY);
    expect(newBox.open(bySite.get(91)!.stripeSecretKeySealed!)).toBe(OTHER_SECRET_KEY);
    expect(() => oldBox.open(bySite.get(92)!.stripeSecretKeySealed!)).toThrow();
    expect(await testApp.database.db.select().from(siteStripeAccounts)).toEqual([]);
    // A key that opens nothing stops the rotation and changes nothing.
    await expect(
      rotateSecrets(
        testApp.database.db,
        [paymentSecretStore],
        createSecretBox(randomBytes(32)),
        createSecretBox(randomBytes(32)),
      ),
    ).rejects.toThrow(/neither the old nor the new key/);
    expect(newBox.open(bySite.get(92)!.stripeSecretKeySealed!)).toBe(SECRET_KEY);
    // Put the app's own key back for the tests after this one.
    await rotateSecrets(testApp.database.db, [paymentSecretStore], newBox, oldBox);
    await testApp.database.db.delete(sitePaymentSettings).where(eq(sitePaymentSettings.siteId, 91));
  });
});

describe('the bank details and cheque payee of the payment screen', () => {
  it('answers the site’s current details', async () => {
    const current = await settings();
    expect(current.bank.iban).toEqual(expect.any(String));
  });

  it.each([
    [
      'an IBAN whose checksum is wrong',
      { iban: 'FR76 3000 6000 0112 3456 7890 188' },
      IBAN_MESSAGE,
    ],
    ['an IBAN that is not one', { iban: 'pas un iban' }, IBAN_MESSAGE],
    ['a BIC of the wrong shape', { bic: 'AGRI-FR' }, BIC_MESSAGE],
  ])('refuses %s with a 400, the details unchanged', async (_name, change, message) => {
    const before = await settings();
    const response = await call('PUT', '/admin/payment-settings/bank', {
      ...before.bank,
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      ...change,
    });
    expectRefused(response, message);
    expect((await settings()).bank).toEqual(before.bank);
  });

  it('keeps a valid IBAN in groups of four and shows the new details in the transfer instructions', async () => {
    const response = await call('PUT', '/admin/payment-settings/bank', {
      accountHolder: 'EARL Domaine du Test',
      iban: 'fr7630006000011234567890189',
      bic: 'agrifrpp 879',
      chequePayee: 'Domaine du Test',
      chequeAddress: '1 chemin des Vignes, 49000 Angers',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.bank).toEqual({
      accountHolder: 'EARL Domaine du Test',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      bic: 'AGRIFRPP879',
      chequePayee: 'Domaine du Test',
      chequeAddress: '1 chemin des Vignes, 49000 Angers',
    });
    const entries = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, 'PAYMENT_IBAN'));
    expect(entries.length).toBeGreaterThan(0);

    const transfer = await placeOrder('BANK_TRANSFER');
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.json().data.paymentInstructions).toMatchObject({
      method: 'BANK_TRANSFER',
      accountHolder: 'EARL Domaine du Test',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
      bic: 'AGRIFRPP879',
    });
    const cheque = await placeOrder('CHEQUE');
    expect(cheque.statusCode, cheque.body).toBe(200);
    expect(cheque.json().data.paymentInstructions).toMatchObject({
      method: 'CHEQUE',
      payableTo: 'Domaine du Test',
      mailingAddress: '1 chemin des Vignes, 49000 Angers',
    });
  });
});

describe('secrets never leave the API', () => {
  it('appear in no answer and no log line of this whole file', () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(logLines.length).toBeGreaterThan(20);
    for (const secret of SECRETS) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      for (const line of logLines) expect(line).not.toContain(secret);
    }
  });
});
