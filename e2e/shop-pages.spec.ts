import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatPrice } from '@comptoir/domain/money';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { DEMO_ADMIN_PASSWORD, newCustomer, type NewCustomer } from './support/accounts';
import { waitForMail } from './support/mail';
import { addToCart, declinationOf, holdFirstSlot } from './support/shop-cart';
import { API_URL } from './support/urls';
import { openWineShop, plain, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * Issue 30, items 6 to 8 (decision 0086), on site 92 (Domaine des Trois Coteaux):
 * - the confirmation and the account's order page say where the order goes (the delivery
 *   address, the relay point, the pick-up place and its slot) and how it was paid, a gift
 *   voucher named as such, whole or in part, in the pages and the confirmation mail;
 * - a cart of gift vouchers goes straight to the checkout: no delivery step, and its URL sends
 *   on to the checkout;
 * - the delivery step's button names the page it opens, and a pick-up reads « Retrait sur
 *   place : Gratuit » on every page, never « Frais de livraison : Offerts ».
 * Screenshots go to SHOP_PAGES_SHOTS (a folder) when it is set, named by SHOP_PAGES_SHOT_TAG.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const SITE_92_ADMIN = { email: 'admin@domaine-trois-coteaux.fr', password: DEMO_ADMIN_PASSWORD };
/** The seeded click-and-collect place of site 92 (apps/api/src/db/seed). */
const ESTATE = 'Domaine des Trois Coteaux';
const WINE = 'Anjou Rouge Les Trois Coteaux';

const price = (cents: number) => plain(formatPrice(cents));

async function shoot(page: Page, name: string) {
  const folder = process.env.SHOP_PAGES_SHOTS;
  if (!folder) return;
  const tag = process.env.SHOP_PAGES_SHOT_TAG ?? 'after';
  const { width } = page.viewportSize()!;
  await saveScreenshot(page, {
    path: `${folder}/shop-pages-${name}-${tag}-${width}.png`,
    fullPage: true,
  });
}

/** The page at the desktop's width and the phone's, back to the desktop's. */
async function shootBoth(page: Page, name: string) {
  await shoot(page, name);
  await page.setViewportSize(PHONE);
  await shoot(page, name);
  await page.setViewportSize(DESKTOP);
}

/** A French mobile number of this run's own. */
function newPhone(): string {
  const digits = String(randomBytes(4).readUInt32BE() % 100_000_000).padStart(8, '0');
  return `07 ${digits.replace(/(\d\d)(?=\d)/g, '$1 ')}`;
}

/** Today in Paris, YYYY-MM-DD: a voucher sent today is mailed once its order is paid. */
function parisToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
}

/**
 * A gift voucher's code, bought as a guest through the API, paid by transfer, marked paid by the
 * owner, and read from the mail its recipient receives.
 */
async function giftVoucherCode(
  request: { newContext: (options: object) => Promise<APIRequestContext> },
  amountCents: number,
): Promise<string> {
  const recipient = newCustomer('Léa', 'Dupont');
  const buyer = newCustomer('Camille', 'Martin');
  const guest = await request.newContext({
    baseURL: API_URL,
    extraHTTPHeaders: { siteId: '92' },
  });
  const admin = await request.newContext({
    baseURL: API_URL,
    extraHTTPHeaders: { siteId: '92' },
  });
  try {
    const added = await guest.post('/cart/new/gift-voucher', {
      data: {
        amountCents,
        recipientName: 'Léa Dupont',
        recipientEmail: recipient.email,
        sendOn: parisToday(),
        buyerName: 'Camille Martin',
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const idCart = ((await added.json()) as { data: { id: number } }).data.id;
    const ordered = await guest.post('/order', {
      data: {
        idCart,
        user: {
          phone: newPhone(),
          email: buyer.email,
          firstname: buyer.firstname,
          lastname: buyer.lastname,
          birthdate: '1990-04-12',
        },
        address: {
          billing: {
            firstname: buyer.firstname,
            lastname: buyer.lastname,
            firstPart: '3 place du Ralliement',
            postalCode: '49100',
            city: 'Angers',
            country: 'France',
          },
        },
        delivery: { type: 'NO_DELIVERY' },
        paymentMethod: 'BANK_TRANSFER',
        acceptSaleTerms: true,
      },
    });
    expect(ordered.ok(), await ordered.text()).toBe(true);
    const orderId = ((await ordered.json()) as { data: { id: number } }).data.id;
    const login = await admin.post('/login', { data: SITE_92_ADMIN });
    expect(login.ok(), await login.text()).toBe(true);
    const paid = await admin.put(`/admin/order/${orderId}/status`, { data: { status: 'PAID' } });
    expect(paid.ok(), await paid.text()).toBe(true);
  } finally {
    await guest.dispose();
    await admin.dispose();
  }
  const mail = await waitForMail(recipient.email, /vous offre un bon cadeau/);
  const code = /Code : ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeTruthy();
  return code!;
}

/** Chooses "49000 Angers" in the delivery step's commune combobox. */
async function chooseAngers(page: Page) {
  const field = page.getByRole('combobox', { name: 'Code postal ou ville' });
  const angers = page.getByRole('option', { name: '49000 Angers' });
  await expect(async () => {
    await field.fill('');
    await field.fill('49000');
    await expect(angers).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await angers.click();
  await expect(field).toHaveValue('49000 Angers');
}

/** A guest's details and billing address in the checkout. */
async function fillGuest(page: Page, guest: NewCustomer, postalCode: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Commande' })).toBeVisible();
  const who = page.getByRole('region', { name: 'Vos coordonnées' });
  // The wine shop sells alcohol: it asks an adult's birth date (decision 0109).
  await who.getByLabel('Date de naissance').fill('1990-04-12');
  await who.getByLabel('Adresse e-mail').fill(guest.email);
  await who.getByLabel('Prénom').fill(guest.firstname);
  await who.getByLabel('Nom', { exact: true }).fill(guest.lastname);
  await who.getByLabel('Téléphone').fill(newPhone());
  const billing = page.getByRole('region', { name: 'Adresse de facturation' });
  await billing.getByLabel('Prénom').fill(guest.firstname);
  await billing.getByLabel('Nom', { exact: true }).fill(guest.lastname);
  await billing.getByLabel('Numéro et rue').fill('3 place du Ralliement');
  await billing.getByLabel('Code postal').fill(postalCode);
  await billing.getByLabel('Commune').fill('Angers');
}

async function applyVoucher(page: Page, code: string) {
  await page.getByLabel('Code de réduction ou bon cadeau').fill(code);
  await page.getByRole('button', { name: 'Appliquer' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: code })).toBeVisible();
}

/** Transfer ticked (what is left, if anything), terms accepted, order sent: its id. */
async function placeOrder(page: Page): Promise<number> {
  await page.getByRole('radio', { name: /Virement bancaire/ }).check();
  await page.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  await expect(page).toHaveURL(/\/panier\/confirmation\?commande=\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Merci pour votre commande !' })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('commande'));
}

/**
 * From the delivery step to the checkout. The button's own name is the first journeys' concern;
 * these follow it by either name so that they check what they are about.
 */
async function onToCheckout(page: Page) {
  await page.getByRole('link', { name: /^(Saisir mes coordonnées|Passer la commande)$/ }).click();
  await expect(page).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
}

/** A recap's line by its label: the <dd> beside the <dt>. */
function recapValue(page: Page, label: string) {
  return page
    .locator('dl > div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition');
}

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`the delivery step and a voucher cart on a ${device}`, () => {
    test.use({ viewport });

    test('the delivery step’s button names what comes next, and a pick-up is « Retrait sur place : Gratuit » on every page', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const bottle = await declinationOf(WINE, 2023, 75);
      await openWineShop(page, baseURL, '/nos-vins');
      await addToCart(page, bottle, 1);
      await page.goto(wineSite(baseURL, '/panier/livraison'));
      await holdFirstSlot(page);
      await shoot(page, 'delivery-step');

      const recap = page.getByRole('complementary', { name: 'Récapitulatif' });
      await expect(recap.getByText('Frais de livraison')).toHaveCount(0);
      await expect(recapValue(page, 'Retrait sur place')).toHaveText('Gratuit');
      await expect(page.getByRole('link', { name: 'Passer la commande' })).toHaveCount(0);
      const next = page.getByRole('link', { name: 'Saisir mes coordonnées' });
      await expect(next).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);

      // The cart says the same.
      await page.goto(wineSite(baseURL, '/panier'));
      await expect(recapValue(page, 'Retrait sur place')).toHaveText('Gratuit');
      await expect(page.getByText('Frais de livraison')).toHaveCount(0);

      await page.goto(wineSite(baseURL, '/panier/livraison'));
      await page.getByRole('link', { name: 'Saisir mes coordonnées' }).click();
      await expect(page).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Vos coordonnées' })).toBeVisible();
      await expect(recapValue(page, 'Retrait sur place')).toHaveText('Gratuit');
    });

    test('a cart of gift vouchers goes straight to the checkout, with no delivery step', async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await openWineShop(page, baseURL, '/offrir-un-bon-cadeau');
      const form = page.getByRole('form', { name: 'Offrir un bon cadeau' });
      await form.getByLabel('Montant du bon (en euros)').fill('40');
      await form.getByLabel('Nom de la personne à qui vous l’offrez').fill('Léa Dupont');
      await form.getByLabel('Votre nom').fill('Camille Martin');
      await form.getByRole('button', { name: 'Ajouter au panier' }).click();
      await expect(page).toHaveURL(/\/panier$/, { timeout: 20_000 });
      await expect(page.getByTestId('cart-line')).toContainText(price(4_000));
      await shoot(page, 'voucher-cart');

      await expect(page.getByRole('link', { name: 'Choisir la livraison' })).toHaveCount(0);
      await expect(page.getByText('hors frais de livraison')).toHaveCount(0);
      const next = page.getByRole('link', { name: 'Saisir mes coordonnées' });
      await expect(next).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);

      await next.click();
      await expect(page).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Vos coordonnées' })).toBeVisible();
      await expect(page.getByText('Rien à livrer')).toHaveCount(0);
      await expect(page.getByText('Retrait sur place')).toHaveCount(0);
      await expect(page.getByText('Frais de livraison')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Livraison', exact: true })).toHaveCount(0);
      await expect(page.getByTestId('checkout-total')).toHaveText(formatPrice(4_000));
      await expectNoSeriousAccessibilityViolations(page);
      await shoot(page, 'voucher-checkout');

      // The delivery step's address, typed or followed from a bookmark, sends on to the checkout.
      await page.goto(wineSite(baseURL, '/panier/livraison'));
      await expect(page).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Vos coordonnées' })).toBeVisible();
      await expect(page.getByRole('radio', { name: /Rien à livrer/ })).toHaveCount(0);
    });
  });
}

test.describe('where the order goes and how it was paid', () => {
  test.use({ viewport: DESKTOP });

  test('a customer’s order delivered at home shows the delivery address on the confirmation and in the account', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const customer = newCustomer('Camille', 'Rousseau');
    const bottle = await declinationOf(WINE, 2023, 75);
    await openWineShop(page, baseURL, '/auth');
    const signUp = page.getByRole('form', { name: 'Création de compte' });
    await signUp.getByLabel('Prénom').fill(customer.firstname);
    await signUp.getByLabel('Nom', { exact: true }).fill(customer.lastname);
    await signUp.getByLabel('Adresse e-mail').fill(customer.email);
    await signUp.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
    await signUp.getByLabel('Confirmation du mot de passe').fill(customer.password);
    // The wine shop sells alcohol: it asks an adult's birth date (decision 0109).
    await signUp.getByLabel('Date de naissance').fill('1990-04-12');
    await signUp.getByRole('checkbox', { name: /^Je reconnais avoir lu et compris/ }).check();
    await signUp.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(/\/mon-compte$/, { timeout: 15_000 });

    await addToCart(page, bottle, 2);
    await page.goto(wineSite(baseURL, '/panier/livraison'));
    await chooseAngers(page);
    await page
      .getByRole('group', { name: 'Transporteur' })
      .getByRole('radio', { name: /Transvin Domicile/ })
      .check();
    await onToCheckout(page);
    await page.getByLabel('Téléphone').fill(newPhone());
    await page.getByLabel('Numéro et rue').fill('12 rue des Lices');
    await page.getByLabel('Complément d’adresse').fill('Bâtiment B');
    const orderId = await placeOrder(page);
    await shootBoth(page, 'confirmation-home');

    const delivery = page.getByRole('region', { name: 'Livraison' });
    await expect(delivery).toContainText('Transvin Domicile');
    await expect(delivery).toContainText('Camille Rousseau');
    await expect(delivery).toContainText('12 rue des Lices');
    await expect(delivery).toContainText('Bâtiment B');
    await expect(delivery).toContainText('49000 Angers');
    await expect(recapValue(page, 'Moyen de paiement')).toHaveText('Virement bancaire');
    await expectNoSeriousAccessibilityViolations(page);
    await page.setViewportSize(PHONE);
    await expect(delivery).toContainText('12 rue des Lices');
    await page.setViewportSize(DESKTOP);

    await page.goto(wineSite(baseURL, `/mon-compte/commandes/${orderId}`));
    const kept = page.getByRole('region', { name: /^Commande C\d+$/ });
    await expect(kept).toContainText('Transvin Domicile', { timeout: 15_000 });
    await expect(kept).toContainText('12 rue des Lices');
    await expect(kept).toContainText('49000 Angers');
    await expectNoSeriousAccessibilityViolations(page);
    await shoot(page, 'account-order-home');
  });

  test('a pick-up paid whole by a gift voucher names the place, the slot and the voucher, on the page and in the mail', async ({
    page,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(300_000);
    const code = await giftVoucherCode(playwright.request, 3_000);
    const guest = newCustomer('Inès', 'Lefèvre');
    const bottle = await declinationOf(WINE, 2023, 75);
    await openWineShop(page, baseURL, '/nos-vins');
    await addToCart(page, bottle, 1);
    await page.goto(wineSite(baseURL, '/panier/livraison'));
    await holdFirstSlot(page);
    await onToCheckout(page);
    await fillGuest(page, guest, '49100');
    await applyVoucher(page, code);
    await expect(page.getByTestId('checkout-amount-due')).toHaveText(formatPrice(0));
    await placeOrder(page);
    await shootBoth(page, 'confirmation-pickup-voucher');

    const pickup = page.getByRole('region', { name: 'Retrait' });
    await expect(pickup).toContainText(
      /Retrait sur place le \S+ \d+ \S+, de \d\d:\d\d à \d\d:\d\d/,
    );
    await expect(pickup).toContainText(ESTATE);
    await expect(pickup).toContainText(/\d{5} \S+/);
    await expect(recapValue(page, 'Retrait sur place')).toHaveText('Gratuit');
    await expect(recapValue(page, 'Moyen de paiement')).toHaveText('Bon cadeau');
    await expect(page.getByText('Virement bancaire')).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await page.setViewportSize(PHONE);
    await expect(pickup).toContainText(ESTATE);
    await page.setViewportSize(DESKTOP);

    const mail = await waitForMail(guest.email, /Confirmation de votre commande/);
    expect(mail.text).toContain('Mode de paiement : Bon cadeau');
    expect(mail.text).not.toContain('Virement bancaire');
    expect(mail.text).toContain('Retrait sur place : Gratuit');
  });

  test('a relay point paid in part by a gift voucher names the point, the voucher and then the transfer', async ({
    page,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(300_000);
    const code = await giftVoucherCode(playwright.request, 1_000);
    const guest = newCustomer('Hugo', 'Moreau');
    const bottle = await declinationOf(WINE, 2023, 75);
    await openWineShop(page, baseURL, '/nos-vins');
    await addToCart(page, bottle, 2);
    await page.goto(wineSite(baseURL, '/panier/livraison'));
    await chooseAngers(page);
    await page
      .getByRole('group', { name: 'Transporteur' })
      .getByRole('radio', { name: /Relais Vignes/ })
      .check();
    const points = page.getByRole('group', { name: 'Point relais' }).getByRole('radio');
    await points.first().check();
    const pointName = plain(
      await points
        .first()
        .evaluate((input) => input.closest('label')!.querySelector('span span')!.textContent),
    );
    await onToCheckout(page);
    await fillGuest(page, guest, '49000');
    await applyVoucher(page, code);
    await placeOrder(page);
    await shoot(page, 'confirmation-relay-voucher');

    const delivery = page.getByRole('region', { name: 'Livraison' });
    await expect(delivery).toContainText('Relais Vignes');
    await expect(delivery).toContainText(pointName);
    await expect(delivery).not.toContainText('FRA');
    await expect(recapValue(page, 'Moyen de paiement')).toHaveText(
      `Bon cadeau (${formatPrice(1_000)}) puis virement bancaire`,
    );
    await expectNoSeriousAccessibilityViolations(page);

    const mail = await waitForMail(guest.email, /Confirmation de votre commande/);
    expect(plain(mail.text)).toContain(
      `Mode de paiement : Bon cadeau (${price(1_000)}) puis virement bancaire`,
    );
  });
});
