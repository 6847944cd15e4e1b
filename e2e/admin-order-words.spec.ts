import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { DEMO_ADMIN_PASSWORD, newCustomer } from './support/accounts';
import { addToCart, declinationOf } from './support/shop-cart';
import { openWineShop, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * The wine shop's back office speaks the customer's words (decision 0085): an order is « C000053 »
 * on the dashboard's latest changes and on the gift vouchers' screen, as on the customer's
 * confirmation (it was « n° 53 »), its states are French (« payée », not PAID); a toast sits under
 * the header and is gone once the owner moves to another screen; the tab has the site's icon and
 * /favicon.ico answers (it was a 404 on every screen). On a desktop and a phone.
 */

const SITE_92_ADMIN = { email: 'admin@domaine-trois-coteaux.fr', password: DEMO_ADMIN_PASSWORD };

interface PlacedOrder {
  id: number;
  number: number;
  reference: string;
}

/**
 * A visitor's order of a bottle and a 25 € gift voucher for Léa, delivered in Angers and paid by
 * transfer, through the storefront's /api as its checkout calls it.
 */
async function orderWithVoucher(browser: Browser, baseURL: string | undefined, buyerEmail: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openWineShop(page, baseURL, '/nos-vins');
  const cart = await addToCart(
    page,
    await declinationOf('Anjou Rouge Les Trois Coteaux', 2023, 75),
    1,
  );
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const order = await page.evaluate(
    async ({ cartId, today, buyerEmail }) => {
      const headers = { siteId: '92', 'content-type': 'application/json' };
      const call = async <T>(path: string, body: unknown, extra: Record<string, string> = {}) => {
        const response = await fetch(`/api${path}`, {
          method: 'POST',
          headers: { ...headers, ...extra },
          body: JSON.stringify(body),
        });
        const answer = (await response.json()) as { data: T; message: string | null };
        if (!response.ok) throw new Error(`${path}: ${answer.message}`);
        return answer.data;
      };
      const withVoucher = await call<{ products: { productId: number; quantity: number }[] }>(
        `/cart/${cartId}/gift-voucher`,
        {
          amountCents: 2500,
          recipientName: 'Léa Dupont',
          recipientEmail: null,
          message: null,
          sendOn: today,
          buyerName: 'Camille Martin',
        },
      );
      const quote = await call<{ carriers: { id: number; deliveryType: string }[] }>(
        '/calculate/shipping-fees',
        {
          idCart: cartId,
          products: withVoucher.products.map((line) => ({
            idProduct: line.productId,
            quantity: line.quantity,
          })),
          postalCode: '49000',
          country: 'FRA',
        },
      );
      const address = {
        firstname: 'Camille',
        lastname: 'Martin',
        firstPart: '12 rue des Vignes',
        postalCode: '49000',
        city: 'Angers',
        country: 'France',
      };
      return call<{ id: number; number: number; reference: string }>(
        '/order',
        {
          idCart: cartId,
          user: {
            phone: '0601020304',
            email: buyerEmail,
            firstname: 'Camille',
            lastname: 'Martin',
            // Site 92 sells alcohol: an adult's birth date (decision 0109).
            birthdate: '1990-04-12',
          },
          address: { delivery: address, billing: address },
          delivery: {
            type: 'DELIVERY',
            idCarrier: quote.carriers.find((carrier) => carrier.deliveryType === 'DELIVERY')!.id,
          },
          deliveryPostalCode: '49000',
          deliveryIdCountry: 'FRA',
          paymentMethod: 'BANK_TRANSFER',
          acceptSaleTerms: true,
        },
        { 'idempotency-key': crypto.randomUUID() },
      );
    },
    { cartId: cart.id, today, buyerEmail },
  );
  await context.close();
  return order satisfies PlacedOrder;
}

/** Logs the owner in through the login page (Node cannot resolve vins.localhost). */
async function logInAsOwner(page: Page, baseURL: string | undefined) {
  await openWineShop(page, baseURL, '/auth');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(SITE_92_ADMIN.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(SITE_92_ADMIN.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/auth(\?|$)/, { timeout: 15_000 });
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`the back office's words on ${device}`, () => {
    test.use({ viewport });

    test('one order reference, French states, toasts under the header and cleared, an icon', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(240_000);
      const buyerEmail = newCustomer('Camille', 'Martin').email;
      const order = await orderWithVoucher(browser, baseURL, buyerEmail);
      expect(order.reference).toMatch(/^C\d{6}$/);
      await logInAsOwner(page, baseURL);

      // The transfer is received: the toast says so under the header, not over it.
      await page.goto(wineSite(baseURL, `/admin/commandes/${order.id}`));
      await expect(
        page.getByRole('heading', { level: 1, name: new RegExp(order.reference) }),
      ).toBeVisible();
      await page.getByRole('button', { name: /^Paiement reçu \(virement bancaire/ }).click();
      const toast = page
        .getByRole('region', { name: /Notifications/ })
        .getByText('Paiement enregistré : la facture part au client.');
      await expect(toast).toBeVisible();
      // The pointer rests on the toast: its time stands still (sonner), for as long as it is
      // looked at here and while the keyboard leaves for the dashboard below.
      await toast.hover();
      await saveScreenshot(page, { path: testInfo.outputPath(`toast-${device}.png`) });
      // The checks below are soft: a failing one still lets the journey look at every screen.
      const header = (await page.getByRole('banner').first().boundingBox())!;
      await expect
        .soft(async () => {
          expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
        })
        .toPass({ timeout: 5_000 });

      // The keyboard goes to the dashboard: the toast stays behind with the screen it spoke of.
      if (device === 'mobile') {
        await page.getByRole('button', { name: 'Menu' }).focus();
        await page.keyboard.press('Enter');
      }
      await page
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Tableau de bord' })
        .focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible({
        timeout: 15_000,
      });
      await expect.soft(toast).toHaveCount(0, { timeout: 2_000 });

      // The latest changes name the order as its customer does, its state in French.
      const latest = page.getByRole('region', { name: 'Dernières modifications' });
      await expect(latest.getByRole('listitem').first()).toBeVisible();
      await latest.scrollIntoViewIfNeeded();
      await saveScreenshot(page, { path: testInfo.outputPath(`dashboard-${device}.png`) });
      await expect
        .soft(latest)
        .toContainText(`Commande ${order.reference} passée à l'état « payée »`);
      await expect.soft(latest).not.toContainText('PAID');
      await expect.soft(latest).not.toContainText(`n° ${order.number}`);
      await expectNoSeriousAccessibilityViolations(page);

      // The tab wears the site's icon, and /favicon.ico leads to it instead of a 404.
      await expect
        .soft(page.locator('link[rel="icon"]'))
        .toHaveAttribute('href', /\/sites\/92\/favicon\.svg/);
      // Opened as a browser asks for it, in a tab of its own (the owner's tab routes its requests
      // to keep them on the machine, and Playwright's routing does not follow a fetch's redirect).
      const tab = await page.context().newPage();
      const favicon = await tab.goto(wineSite(baseURL, '/favicon.ico'));
      expect.soft(favicon?.status()).toBe(200);
      expect.soft(favicon?.url()).toMatch(/\/sites\/92\/favicon\.svg$/);
      expect.soft(favicon?.headers()['content-type']).toMatch(/^image\/svg/);
      await tab.close();

      // The voucher, issued with the payment; found by its buyer, whatever it calls the order.
      await page.goto(wineSite(baseURL, '/admin/cartes-cadeaux'));
      const voucher = page
        .getByRole('listitem')
        .filter({ hasText: 'Léa Dupont' })
        .filter({ hasText: buyerEmail });
      await expect(voucher).toBeVisible({ timeout: 15_000 });
      await voucher.scrollIntoViewIfNeeded();
      await saveScreenshot(page, { path: testInfo.outputPath(`vouchers-${device}.png`) });
      await expect.soft(voucher).not.toContainText(`n° ${order.number}`);
      await expect
        .soft(voucher.getByRole('link', { name: order.reference }))
        .toHaveAttribute('href', `/admin/commandes/${order.id}`);
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
}

test('/favicon.ico answers with the site of the host', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.url()).toMatch(/\/sites\/91\/favicon\.svg$/);
});
