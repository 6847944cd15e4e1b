import { expect, test, type Page } from '@playwright/test';
import { formatPrice } from '@comptoir/domain/money';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { DEMO_ADMIN_PASSWORD, newCustomer, type NewCustomer } from './support/accounts';
import { waitForMail } from './support/mail';
import { addToCart, CART_STORAGE_KEY, declinationOf, holdFirstSlot } from './support/shop-cart';
import { rememberPopupsClosed } from './support/welcome-popup';
import { API_URL } from './support/urls';
import { openWineShop, plain, wineSite } from './support/wine-shop';

/**
 * /offrir-un-bon-cadeau (issue 10, decision 0052): on site 92, which sells online, a visitor
 * chooses an amount and who the voucher is for, and finds the voucher line in the cart, ordered
 * from there like anything else (nothing to deliver). Site 91 sells nothing online: the page
 * says so, with no form.
 */

const price = (cents: number) => plain(formatPrice(cents));

/** The seeded administrator of site 92 (apps/api/src/db/seed/accounts.ts, DEMO_ADMIN_PASSWORD). */
const SITE_92_ADMIN = { email: 'admin@domaine-trois-coteaux.fr', password: DEMO_ADMIN_PASSWORD };

/** A guest's details in the checkout: who they are and their billing address. */
async function fillGuest(page: Page, guest: NewCustomer) {
  await expect(page.getByRole('heading', { level: 1, name: 'Commande' })).toBeVisible();
  const who = page.getByRole('region', { name: 'Vos coordonnées' });
  // The wine shop sells alcohol: it asks an adult's birth date (decision 0109).
  await who.getByLabel('Date de naissance').fill('1990-04-12');
  await who.getByLabel('Adresse e-mail').fill(guest.email);
  await who.getByLabel('Prénom').fill(guest.firstname);
  await who.getByLabel('Nom', { exact: true }).fill(guest.lastname);
  await who.getByLabel('Téléphone').fill('06 12 34 56 78');
  const billing = page.getByRole('region', { name: 'Adresse de facturation' });
  await billing.getByLabel('Prénom').fill(guest.firstname);
  await billing.getByLabel('Nom', { exact: true }).fill(guest.lastname);
  await billing.getByLabel('Numéro et rue').fill('3 place du Ralliement');
  await billing.getByLabel('Code postal').fill('49100');
  await billing.getByLabel('Commune').fill('Angers');
}

/** Pays by bank transfer, accepts the terms and sends the order; returns the order's id. */
async function orderByTransfer(page: Page): Promise<number> {
  await page.getByRole('radio', { name: /Virement bancaire/ }).check();
  await page.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  await expect(page).toHaveURL(/\/panier\/confirmation\?commande=\d+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Merci pour votre commande !' })).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('commande'));
}

test.describe('gift vouchers', () => {
  test('a visitor of the wine shop puts a 75 € voucher in the cart', async ({ page, baseURL }) => {
    test.slow();
    await openWineShop(page, baseURL, '/offrir-un-bon-cadeau');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Offrir un bon cadeau' }),
    ).toBeVisible();
    const form = page.getByRole('form', { name: 'Offrir un bon cadeau' });
    await expect(form).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);

    // A preset fills the amount; a free amount outside the limits is refused here first.
    await form.getByRole('button', { name: price(10_000) }).click();
    const amount = form.getByLabel('Montant du bon (en euros)');
    await expect(amount).toHaveValue('100');
    await amount.fill('900');
    await form.getByLabel('Nom de la personne à qui vous l’offrez').fill('Léa Dupont');
    await form.getByLabel('Son adresse e-mail').fill('lea@example.fr');
    await form.getByLabel('Votre message').fill('Joyeux anniversaire, à ta santé !');
    await form.getByLabel('Votre nom').fill('Camille Martin');
    await form.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(
      form.getByText(`Choisissez un montant entre ${price(1_000)} et ${price(50_000)}.`),
    ).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);

    await amount.fill('75');
    await form.getByRole('button', { name: 'Ajouter au panier' }).click();
    // The cart page is fetched on the way: give a busy machine its time.
    await expect(page).toHaveURL(/\/panier$/, { timeout: 20_000 });
    const line = page
      .getByTestId('cart-line')
      .filter({ has: page.getByRole('heading', { name: 'Bon cadeau pour Léa Dupont' }) });
    await expect(line).toBeVisible();
    await expect(line).toContainText(price(7_500));
    const stored = await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);
    expect(stored).toContain('"isDematerialized":true');
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('the salon’s site says plainly that it sells no voucher online', async ({ page }) => {
    test.slow();
    await rememberPopupsClosed(page, 91);
    await page.goto('/offrir-un-bon-cadeau');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Offrir un bon cadeau' }),
    ).toBeVisible();
    await expect(
      page.getByText(
        'Ce site ne vend pas de bons cadeaux en ligne. Contactez-nous pour en offrir un.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('form')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Nous contacter' }).last()).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('a 30 € voucher bought on the wine shop arrives by mail once paid and pays part of a second order, its balance kept', async ({
    page,
    baseURL,
    browser,
    playwright,
  }) => {
    // Two orders, a mail and axe-core on each page: minutes on a busy machine.
    test.setTimeout(300_000);
    const buyer = newCustomer('Camille', 'Martin');
    const recipient = newCustomer('Léa', 'Dupont');

    // 1. The voucher, for Léa by mail today, in the cart.
    await openWineShop(page, baseURL, '/offrir-un-bon-cadeau');
    const form = page.getByRole('form', { name: 'Offrir un bon cadeau' });
    await form.getByLabel('Montant du bon (en euros)').fill('30');
    await form.getByLabel('Nom de la personne à qui vous l’offrez').fill('Léa Dupont');
    await form.getByLabel('Son adresse e-mail').fill(recipient.email);
    await form.getByLabel('Votre message').fill('Pour ta cave, avec toute mon amitié.');
    const today = await form.getByLabel('Date d’envoi du bon').getAttribute('min');
    await form.getByLabel('Date d’envoi du bon').fill(today!);
    await form.getByLabel('Votre nom').fill('Camille Martin');
    await expectNoSeriousAccessibilityViolations(page);
    await form.getByRole('button', { name: 'Ajouter au panier' }).click();
    await expect(page).toHaveURL(/\/panier$/, { timeout: 20_000 });
    const line = page
      .getByTestId('cart-line')
      .filter({ has: page.getByRole('heading', { name: 'Bon cadeau pour Léa Dupont' }) });
    await expect(line).toContainText(price(3_000));
    await expectNoSeriousAccessibilityViolations(page);

    // The checkout as a guest, straight from the cart (nothing to deliver), paid by transfer.
    await page.getByRole('link', { name: 'Saisir mes coordonnées' }).click();
    await expect(page).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
    await fillGuest(page, buyer);
    await expect(page.getByTestId('checkout-total')).toHaveText(formatPrice(3_000));
    await expectNoSeriousAccessibilityViolations(page);
    const voucherOrderId = await orderByTransfer(page);
    const reference = plain(await page.getByTestId('order-reference').textContent());
    expect(reference).toMatch(/^C\d{6}$/);
    await expect(page.getByTestId('payment-reference')).toHaveText(reference);
    await expect(page.getByTestId('order-amount-due')).toHaveText(formatPrice(3_000));
    await expectNoSeriousAccessibilityViolations(page);

    // 2. The shop owner marks the transfer received, as the back office does.
    const admin = await playwright.request.newContext({
      baseURL: API_URL,
      extraHTTPHeaders: { siteId: '92' },
    });
    try {
      const login = await admin.post('/login', { data: SITE_92_ADMIN });
      expect(login.ok(), await login.text()).toBe(true);
      const paid = await admin.put(`/admin/order/${voucherOrderId}/status`, {
        data: { status: 'PAID' },
      });
      expect(paid.ok(), await paid.text()).toBe(true);
    } finally {
      await admin.dispose();
    }

    // 3. The voucher goes to Léa: its code in the mail, the printable voucher attached.
    const mail = await waitForMail(recipient.email, /Camille Martin vous offre un bon cadeau/);
    expect(plain(mail.subject)).toContain(price(3_000));
    const code = /Code : ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail.text)?.[1];
    expect(code, mail.text).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(mail.html).toContain(code!);
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: `bon-cadeau-${code!.slice(-4).toLowerCase()}.pdf`,
        contentType: 'application/pdf',
        head: '%PDF-',
      }),
    ]);

    // 4. Léa orders a bottle (9,80 €) to collect at the estate and pays it with the voucher.
    const bottle = await declinationOf('Anjou Rouge Les Trois Coteaux', 2023, 75);
    const lea = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const shop = await lea.newPage();
    try {
      await openWineShop(shop, baseURL, '/nos-vins');
      await addToCart(shop, bottle, 1);
      await shop.goto(wineSite(baseURL, '/panier/livraison'));
      await holdFirstSlot(shop);
      await shop.getByRole('link', { name: 'Saisir mes coordonnées' }).click();
      await expect(shop).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
      await fillGuest(shop, recipient);

      // The code in the gift-voucher field: its balance, what it takes, nothing left to pay.
      await shop.getByLabel('Code de réduction ou bon cadeau').fill(code!);
      await shop.getByRole('button', { name: 'Appliquer' }).click();
      await expect(shop.getByRole('listitem').filter({ hasText: code! })).toContainText(
        `solde ${formatPrice(3_000)}`,
      );
      await expect(shop.getByTestId('checkout-total')).toHaveText(formatPrice(980));
      await expect(
        shop.getByRole('definition').filter({ hasText: `− ${formatPrice(980)}` }),
      ).toBeVisible();
      await expect(shop.getByTestId('checkout-amount-due')).toHaveText(formatPrice(0));
      await expectNoSeriousAccessibilityViolations(shop);

      await orderByTransfer(shop);
      await expect(
        shop.getByText(`Bon cadeau (…${code!.slice(-4)})`, { exact: true }),
      ).toBeVisible();
      // Paid whole by the voucher: the order is paid at once.
      await expect(shop.getByTestId('order-amount-due')).toHaveText(formatPrice(0));
      await expectNoSeriousAccessibilityViolations(shop);

      // The rest stays on the voucher: checked against a new cart, 20,20 € are left.
      const next = await addToCart(shop, bottle, 1);
      const check = await shop.evaluate(
        async ({ idCart, code }) => {
          const response = await fetch('/api/order/discount', {
            method: 'POST',
            headers: { siteId: '92', 'content-type': 'application/json' },
            body: JSON.stringify({ idCart, code }),
          });
          return (await response.json()) as {
            success: boolean;
            data: { kind: string; balanceCents: number | null };
          };
        },
        { idCart: next.id, code: code! },
      );
      expect(check.success).toBe(true);
      expect(check.data).toMatchObject({ kind: 'GIFT_VOUCHER', balanceCents: 3_000 - 980 });
    } finally {
      await lea.close();
    }
  });
});
