import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createOwnSite, loginOnOwnSite, type OwnSite } from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * The product sheet's settings (decision 0101): the pictures' format, where the picture stands,
 * the technical sheet as a table or as cards, and the pictograms hidden. On a wine shop of the
 * journey's own with a wine of its own (support/own-site.ts): site 92's settings and wines are
 * read by other journeys meanwhile.
 */

const WINE = {
  type: 'WINE',
  kind: 'WHITE',
  name: 'Chenin des Essais',
  slug: '',
  summary: 'Un chenin sec et tendu, pour voir les réglages de la fiche.',
  description: '',
  region: 'Val de Loire',
  appellation: 'Anjou Blanc',
  alcoholTenths: 125,
  tags: [],
  imageUrl: '/sites/92/products/anjou-blanc-les-schistes.png',
  isPublished: true,
  isDematerialized: false,
  hasShippingFees: true,
  vatRateBasisPoints: 2000,
  position: 1,
  declinations: [
    {
      year: 2024,
      capacity: 75,
      capacityUnit: 'CENTILITRE',
      priceCents: 1290,
      fixedPriceCents: null,
      discountType: 'EURO',
      discountAmount: 0,
      stock: 0,
      isStockManaged: false,
      sellByMultipleOf: 1,
      imageUrl: '',
    },
  ],
  features: [
    { type: 'AGEING', value: 'Six mois sur lies fines', percent: null },
    { type: 'SERVING_TEMPERATURE', value: '10 à 12 °C', percent: null },
  ],
  awards: [
    {
      name: 'Concours des vins de Loire',
      distinction: 'Médaille d’or',
      year: 2025,
      imageUrl: '/sites/92/awards/gold.svg',
    },
  ],
  mealIconIds: [],
  decreasingDiscounts: [],
  recommendedProductIds: [],
  customizations: [],
};

async function ownerApi(
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

/** The sheet once the storefront shows the saved settings (it is told to refresh them). */
async function sheetWith(page: Page, url: string, style: string) {
  await expect(async () => {
    await page.goto(url);
    await expect(page.locator(`[data-page-style="${style}"]`)).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

function boxOf(page: Page, selector: string) {
  return page.locator(selector).first().boundingBox();
}

test.describe('the product sheet settings', () => {
  test('picture format and place, the technical sheet and the pictograms follow the settings', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 900 });
    const site = await createOwnSite('fiche', 'WINE_SHOP');
    await loginOnOwnSite(page, site);
    const product = await ownerApi(page, site, 'POST', '/admin/product', WINE);
    const sheet = site.url(`/nos-vins/${product.slug}-${product.id}`);

    // The defaults: a portrait picture on the left, the sheet as a table, the medal drawn.
    await sheetWith(page, sheet, 'PICTURE_LEFT');
    const portrait = await boxOf(page, 'main img[src*="anjou-blanc"]');
    expect(portrait!.height / portrait!.width).toBeCloseTo(4 / 3, 1);
    const info = await boxOf(page, 'h1');
    expect(portrait!.x).toBeLessThan(info!.x);
    await expect(page.locator('dl[data-features-style="TABLE"]')).toBeVisible();
    await expect(page.locator('img[src*="gold.svg"]')).toHaveCount(1);
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: /Panier/ })
        .getByText('Panier', { exact: true }),
    ).not.toHaveClass(/visually-hidden/);

    await ownerApi(page, site, 'PUT', '/admin/parameter', {
      PRODUCT_ASPECT_RATIO: 'SQUARE',
      PRODUCT_PAGE_STYLE: 'PICTURE_RIGHT',
      FEATURES_STYLE: 'CARDS',
      HIDE_PRODUCT_ICON: true,
      HIDE_ECOMMERCE_LABEL: true,
      PRODUCT_DISPLAY: 'LIST',
    });
    await sheetWith(page, sheet, 'PICTURE_RIGHT');
    const square = await boxOf(page, 'main img[src*="anjou-blanc"]');
    expect(square!.height / square!.width).toBeCloseTo(1, 1);
    expect(square!.x).toBeGreaterThan((await boxOf(page, 'h1'))!.x);
    await expect(page.locator('dl[data-features-style="CARDS"]')).toBeVisible();
    // The header's cart shows its icon and count only; its name stays for screen readers.
    const cart = page.getByRole('banner').getByRole('link', { name: /Panier/ });
    await expect(cart).toBeVisible();
    await expect(cart.getByText('Panier', { exact: true })).toHaveClass(/visually-hidden/);
    // The medal's words stay, its drawing goes.
    await expect(page.getByText('Concours des vins de Loire')).toBeVisible();
    await expect(page.locator('img[src*="gold.svg"]')).toHaveCount(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, {
      path: test.info().outputPath('sheet-right-1366.png'),
      fullPage: true,
    });

    // Stacked: the picture above the purchase.
    await ownerApi(page, site, 'PUT', '/admin/parameter', { PRODUCT_PAGE_STYLE: 'STACKED' });
    await sheetWith(page, sheet, 'STACKED');
    const above = await boxOf(page, 'main img[src*="anjou-blanc"]');
    expect(above!.y + above!.height).toBeLessThanOrEqual((await boxOf(page, 'h1'))!.y);

    // The list shows one wine a line, its picture beside its name.
    await page.goto(site.url('/nos-vins'));
    const list = page.locator('ul[data-display="LIST"]');
    await expect(list).toBeVisible();
    const card = list.locator('article').first();
    const cardPicture = await card.locator('img').boundingBox();
    const cardName = await card.getByRole('heading').boundingBox();
    expect(cardPicture!.x + cardPicture!.width).toBeLessThanOrEqual(cardName!.x);

    // A value outside the list is refused in French, and nothing changes.
    const refused = await page.evaluate(async (siteId) => {
      const response = await fetch('/api/admin/parameter', {
        method: 'PUT',
        headers: { siteId, 'content-type': 'application/json' },
        body: JSON.stringify({ PRODUCT_PAGE_STYLE: 'CAROUSEL' }),
      });
      return { status: response.status, text: await response.text() };
    }, String(site.id));
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('Choisissez l’une des valeurs proposées');

    // The theme screen offers the choices in a list, with what the setting changes.
    await page.goto(site.url('/admin/theme'));
    const style = page.getByRole('combobox', { name: 'Style des fiches produit' });
    await expect(style).toHaveValue('STACKED');
    await expect(style).toHaveAccessibleDescription(/au-dessus de l’achat/);
  });
});
