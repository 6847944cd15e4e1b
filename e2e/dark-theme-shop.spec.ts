import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createOwnSite, loginOnOwnSite, type OwnSite } from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * The shop's pages in the dark theme (DARK_THEME, decisions 0097 and 0111): the product page, the
 * mini-cart, the cart page and the checkout, with their messages (a refused quantity, a wine
 * added, a refused code, the checkout form's errors), checked by axe (colour contrast among the
 * rest) and kept as screenshots at 1280 and 390 pixels wide. On a wine shop of the journey's own
 * with a wine and a carrier of its own (support/own-site.ts): site 92's settings stay as they are.
 */

const WINE = {
  type: 'WINE',
  kind: 'RED',
  name: 'Cabernet de la Nuit',
  slug: '',
  summary: 'Un cabernet franc souple, pour voir la boutique en sombre.',
  description: '',
  region: 'Val de Loire',
  appellation: 'Anjou Rouge',
  alcoholTenths: 130,
  tags: [],
  imageUrl: '/sites/92/products/anjou-blanc-les-schistes.png',
  isPublished: true,
  isDematerialized: false,
  hasShippingFees: true,
  vatRateBasisPoints: 2000,
  position: 1,
  declinations: [
    {
      year: 2023,
      capacity: 75,
      capacityUnit: 'CENTILITRE',
      priceCents: 1450,
      fixedPriceCents: null,
      discountType: 'EURO',
      discountAmount: 0,
      stock: 24,
      isStockManaged: true,
      sellByMultipleOf: 1,
      imageUrl: '',
    },
  ],
  features: [{ type: 'SERVING_TEMPERATURE', value: '15 à 16 °C', percent: null }],
  awards: [],
  mealIconIds: [],
  decreasingDiscounts: [],
  recommendedProductIds: [],
  customizations: [],
};

const CARRIER = {
  name: 'Transport de la Nuit',
  description: null,
  isActive: true,
  deliveryType: 'DELIVERY',
  rates: [1, 2, 3, 6, 12].map((cartonSize) => ({
    zone: 'FRANCE_METRO',
    cartonSize,
    priceCents: 900 + cartonSize * 100,
  })),
};

/** A call of the owner's through the storefront's /api, as the back office makes it. */
async function ownerCall(
  page: Page,
  site: OwnSite,
  method: 'PUT' | 'POST',
  path: string,
  body: unknown,
) {
  const answer = await page.evaluate(
    async ({ siteId, method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { siteId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as { data: { id: number; slug: string } },
      };
    },
    { siteId: String(site.id), method, path, body },
  );
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body.data;
}

/** Screenshots at both widths, with axe at each: the phone layout has its own colours. */
async function lookInTheDark(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveScreenshot(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
    // Nothing wider than the screen (a field once pushed the cart's summary out of it).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectNoSeriousAccessibilityViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('the shop in the dark theme', () => {
  test('product page, mini-cart, cart and checkout keep their contrast in the dark', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const site = await createOwnSite('sombre', 'WINE_SHOP');
    await loginOnOwnSite(page, site);
    const wine = await ownerCall(page, site, 'POST', '/admin/product', WINE);
    await ownerCall(page, site, 'POST', '/admin/carrier', CARRIER);
    await ownerCall(page, site, 'PUT', '/admin/parameter', { DARK_THEME: true });

    // The product page: its stock, then a refused quantity and a wine added.
    const sheet = site.url(`/nos-vins/${wine.slug}-${wine.id}`);
    await expect(async () => {
      await page.goto(sheet);
      expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: WINE.name })).toBeVisible();
    await lookInTheDark(page, 'product');
    const quantity = page.getByRole('combobox', { name: 'Quantité' });
    const add = page.getByRole('button', { name: 'Ajouter au panier' });
    const outcome = page.getByTestId('purchase-outcome');
    await quantity.fill('30');
    await add.click();
    await expect(outcome).toContainText(/stock/, { timeout: 15_000 });
    await lookInTheDark(page, 'product-refused');
    await quantity.fill('6');
    await add.click();
    await expect(outcome).toContainText(/ajouté|panier/, { timeout: 15_000 });
    await lookInTheDark(page, 'product-added');

    // The mini-cart under the header's cart (SEE_CART_ON_HOVER in the template).
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Panier/ })
      .first()
      .hover();
    const miniCart = page.getByTestId('mini-cart');
    await expect(miniCart).toBeVisible();
    await saveScreenshot(page, { path: test.info().outputPath('mini-cart-1280.png') });
    await expectNoSeriousAccessibilityViolations(page);
    await page.mouse.move(0, 600);

    // The cart page, with a refused code beside its field.
    await page.goto(site.url('/panier'));
    const code = page.getByRole('textbox', { name: 'Code de réduction' });
    await expect(code).toBeVisible({ timeout: 20_000 });
    await code.fill('PASUNCODE');
    await code.press('Enter');
    await expect(
      page.getByRole('complementary', { name: 'Récapitulatif' }).getByRole('alert'),
    ).toHaveText('Ce code de réduction n’existe pas.');
    await lookInTheDark(page, 'cart');

    // The delivery step, then the checkout with its form's errors.
    await page.getByRole('link', { name: 'Choisir la livraison' }).click();
    const commune = page.getByRole('combobox', { name: 'Code postal ou ville' });
    const angers = page.getByRole('option', { name: '49000 Angers' });
    await expect(async () => {
      await commune.fill('');
      await commune.fill('49000');
      await expect(angers).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 60_000 });
    await angers.click();
    await page.getByRole('radio', { name: new RegExp(CARRIER.name) }).check();
    await lookInTheDark(page, 'delivery');
    await page.getByRole('link', { name: 'Saisir mes coordonnées' }).click();
    await expect(page).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
    const order = page.getByRole('button', { name: 'Commander avec obligation de paiement' });
    await expect(order).toBeVisible({ timeout: 20_000 });
    await lookInTheDark(page, 'checkout');
    await order.click();
    await expect(
      page.getByText('Cochez la case pour accepter les conditions générales de vente.'),
    ).toBeVisible();
    await lookInTheDark(page, 'checkout-errors');
  });
});
