import { createHmac, randomBytes } from 'node:crypto';
import { expect, request, test, type Page, type TestInfo } from '@playwright/test';
import type { AdminCarrier } from '@comptoir/contract/admin-delivery';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { newCustomer } from './support/accounts';
import {
  createOwnSite,
  loginOnOwnSite,
  putInOwnCart,
  stockOwnShop,
  type OwnSite,
} from './support/own-site';
import { API_URL, FAKE_STRIPE_URL } from './support/urls';
import { rememberPopupsClosed } from './support/welcome-popup';
import { loginAsOwner, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * Issue 28 item 1 (decision 0107): the owner of a wine shop turns card payment on from the back
 * office alone. Keys of the wrong shape are refused on the screen; valid ones are saved, shown
 * masked only, and "Carte bancaire" appears at checkout; a guest's card order is paid through the
 * webhook (the fake Stripe server of the e2e run holds the PaymentIntent); removed, the keys take
 * card payment away again. On a wine shop of the journey's own, with a wine and a carrier of its
 * own (support/own-site.ts): the journeys that check out on site 92 meanwhile never see a card.
 * The bank details' refusal reads site 92's screen and writes nothing there.
 */

const suffix = randomBytes(6).toString('hex');
const KEYS = {
  publishable: `pk_test_51Journey${suffix}`,
  secret: `sk_test_51Journey${suffix}4242`,
  webhook: `whsec_Journey${suffix}9876`,
};

async function look(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, {
      path: testInfo.outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The signature Stripe puts on a webhook delivery (v1: HMAC-SHA256 of "<t>.<payload>"). */
function stripeSignature(payload: string, secret: string): string {
  const timestamp = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** A carrier delivering at home and a wine with stock, through the owner's API. */
function stockTheShop(site: OwnSite) {
  return stockOwnShop(site, {
    carrier: {
      name: `Transport ${suffix}`,
      deliveryType: 'DELIVERY',
      priceCents: (cartonSize) => 900 + cartonSize * 100,
    },
    wine: {
      kind: 'RED',
      name: `Anjou Rouge ${suffix}`,
      region: 'Val de Loire',
      appellation: 'Anjou Rouge',
      alcoholTenths: 130,
      year: 2023,
      priceCents: 1450,
    },
  });
}

/** Chooses "49000 Angers" and the carrier on the delivery step. */
async function deliverToAngers(page: Page, carrier: AdminCarrier) {
  const field = page.getByRole('combobox', { name: 'Code postal ou ville' });
  const angers = page.getByRole('option', { name: '49000 Angers' });
  // Typed before the step hydrates, the value never reaches the suggestions: type it again.
  await expect(async () => {
    await field.fill('');
    await field.fill('49000');
    await expect(angers).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await angers.click();
  await page
    .getByRole('group', { name: 'Transporteur' })
    .getByRole('radio', { name: new RegExp(carrier.name) })
    .check();
}

test('the owner saves Stripe keys on the payment screen and a card order is paid through the webhook', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const site = await createOwnSite('paiement', 'WINE_SHOP');
  const { carrier, declinationId } = await stockTheShop(site);
  await loginOnOwnSite(page, site);
  await page.goto(site.url('/admin/paiement'));
  await expect(page.getByRole('heading', { level: 1, name: 'Paiement' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Paiement', exact: true })).toBeVisible();
  await expect(page.getByTestId('card-payment-state')).toContainText(
    'Le paiement par carte n’est pas proposé',
  );
  await expectNoSeriousAccessibilityViolations(page);

  // A secret key pasted in the wrong field: refused on the screen, nothing saved.
  const stripe = page.getByRole('region', { name: 'Carte bancaire (Stripe)' });
  await stripe.getByLabel('Clé publiable').fill(KEYS.publishable);
  await stripe.getByLabel('Clé secrète').fill(KEYS.publishable);
  await stripe.getByLabel('Secret de signature du webhook').fill(KEYS.webhook);
  await stripe.getByRole('button', { name: 'Enregistrer les clés' }).click();
  await expect(stripe.getByLabel('Clé secrète')).toHaveAttribute('aria-invalid', 'true');
  await expect(stripe.getByText(/La clé secrète Stripe commence par sk_test_/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await stripe.getByLabel('Clé secrète').fill(KEYS.secret);
  await stripe.getByRole('button', { name: 'Enregistrer les clés' }).click();
  await expect(stripe.getByRole('status')).toHaveText(
    'Clés enregistrées : le paiement par carte est proposé à vos clients.',
  );
  await expect(page.getByTestId('card-payment-state')).toContainText(
    'Le paiement par carte est proposé à vos clients (clés de test)',
  );
  // Shown masked, after a reload too: the secrets never come back to the browser.
  await page.reload();
  await expect(
    page.getByText('Enregistrée : sk_test_…4242. Laissez vide pour la garder.'),
  ).toBeVisible();
  await expect(
    page.getByText('Enregistré : whsec_…9876. Laissez vide pour le garder.'),
  ).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(KEYS.secret);
  expect(html).not.toContain(KEYS.webhook);
  await expectNoSeriousAccessibilityViolations(page);
  await look(page, testInfo, 'payment-settings');

  // A guest of the wine shop now sees card payment at checkout, and orders by card.
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const guestPage = await guestContext.newPage();
  try {
    await rememberPopupsClosed(guestPage, site.id);
    await guestPage.goto(site.url('/'));
    await putInOwnCart(guestPage, site, declinationId, 1);
    await guestPage.goto(site.url('/panier/livraison'));
    await deliverToAngers(guestPage, carrier);
    await guestPage.getByRole('link', { name: 'Saisir mes coordonnées' }).click();
    await expect(guestPage).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
    const guest = newCustomer('Jeanne', 'Carte');
    await guestPage.getByLabel('Adresse e-mail').fill(guest.email);
    await guestPage.getByLabel('Prénom').first().fill(guest.firstname);
    await guestPage.getByLabel('Nom', { exact: true }).first().fill(guest.lastname);
    await guestPage.getByLabel('Téléphone').fill('07 12 34 56 78');
    // An adult: the wine shop sells alcohol (decision 0109).
    await guestPage.getByLabel('Date de naissance').fill('1990-04-12');
    await guestPage.getByLabel('Prénom').nth(1).fill(guest.firstname);
    await guestPage.getByLabel('Nom', { exact: true }).nth(1).fill(guest.lastname);
    await guestPage.getByLabel('Numéro et rue').fill('3 place du Ralliement');
    // The commune chosen at the delivery step is already there; the address is completed.
    await expect(guestPage.getByRole('textbox', { name: 'Code postal', exact: true })).toHaveValue(
      '49000',
    );
    await guestPage.getByRole('textbox', { name: 'Commune', exact: true }).fill('Angers');
    const card = guestPage.getByRole('radio', { name: /Carte bancaire/ });
    await expect(card).toBeVisible();
    await card.check();
    await guestPage.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
    await guestPage.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
    await expect(guestPage).toHaveURL(/\/panier\/paiement\/\d+/, { timeout: 20_000 });
    const orderId = Number(/\/panier\/paiement\/(\d+)/.exec(guestPage.url())![1]);

    // The payment page asked the API for the order's PaymentIntent, made at the fake Stripe.
    const stripeApi = await request.newContext();
    let intent: { id: string; amount: number; metadata: Record<string, string> } | undefined;
    await expect(async () => {
      const listed = (await (
        await stripeApi.get(`${FAKE_STRIPE_URL}/__fake/payment_intents`)
      ).json()) as {
        data: { id: string; amount: number; metadata: Record<string, string> }[];
      };
      intent = listed.data.find((candidate) => candidate.metadata.orderId === String(orderId));
      expect(intent).toBeDefined();
    }).toPass({ timeout: 20_000 });

    // Stripe's webhook: the payment succeeded, signed with the secret the owner typed.
    const payload = JSON.stringify({
      id: `evt_journey_${suffix}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type: 'payment_intent.succeeded',
      data: {
        object: {
          id: intent!.id,
          object: 'payment_intent',
          amount: intent!.amount,
          amount_received: intent!.amount,
          currency: 'eur',
          status: 'succeeded',
          metadata: intent!.metadata,
        },
      },
    });
    const webhook = await stripeApi.post(`${API_URL}/custom-stripe/webhook`, {
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': stripeSignature(payload, KEYS.webhook),
      },
      data: payload,
    });
    expect(webhook.status(), await webhook.text()).toBe(200);
    await stripeApi.dispose();

    await guestPage.goto(site.url(`/panier/confirmation?commande=${orderId}`));
    await expect(
      guestPage.getByText('Votre paiement est reçu : nous préparons votre commande.'),
    ).toBeVisible({ timeout: 15_000 });
  } finally {
    await guestContext.close();
  }

  // The journal names the change, never a secret.
  await page.goto(site.url('/admin/journal'));
  await expect(
    page.getByText('Paiement par carte activé (clés Stripe de test)').first(),
  ).toBeVisible();
  expect(await page.content()).not.toContain(KEYS.secret);

  // Removed, the keys take card payment away at checkout.
  await page.goto(site.url('/admin/paiement'));
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Retirer les clés' }).click();
  await expect(page.getByTestId('card-payment-state')).toContainText(
    'Le paiement par carte n’est pas proposé',
  );
  const methods = await page.evaluate(async (siteId) => {
    const response = await fetch('/api/order/payment-methods', { headers: { siteId } });
    return ((await response.json()) as { data: { method: string }[] }).data.map((m) => m.method);
  }, String(site.id));
  expect(methods).not.toContain('CARD');
});

test('the bank details are checked on the payment screen', async ({ page, baseURL }, testInfo) => {
  await loginAsOwner(page, baseURL);
  await page.goto(wineSite(baseURL, '/admin/paiement'));
  const bank = page.getByRole('region', { name: 'Virement et chèque' });
  const iban = bank.getByLabel(/^IBAN/);
  const before = await iban.inputValue();
  await iban.fill('FR76 3000 6000 0112 3456 7890 188');
  await bank.getByRole('button', { name: 'Enregistrer les coordonnées' }).click();
  await expect(bank.getByRole('status')).toContainText('Cet IBAN n’est pas valide');
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAccessibilityViolations(page);
  await look(page, testInfo, 'payment-settings-iban-refused');
  // Reloaded, the IBAN is the one kept before.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Virement et chèque' }).getByLabel(/^IBAN/),
  ).toHaveValue(before);
});
