import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { apiFor } from './support/api';
import { openWineShop, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * The wine shop's gift voucher page is found like its other pages: from the menu (on the right of
 * the top app bar on a desktop, in the drawer on a phone), from the footer's useful links, and in
 * sitemap.xml. It was linked from nowhere.
 */

const VOUCHER_PATH = '/offrir-un-bon-cadeau';

async function expectVoucherPage(page: Page) {
  await expect(page).toHaveURL(new RegExp(`${VOUCHER_PATH}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Offrir un bon cadeau' })).toBeVisible();
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`the gift voucher page on ${device}`, () => {
    test.use({ viewport });

    test('is reached from the menu and from the footer of the wine shop', async ({
      page,
      baseURL,
    }, testInfo) => {
      await openWineShop(page, baseURL, '/');
      if (device === 'desktop') {
        const menu = page.getByRole('navigation', { name: 'Menu principal' });
        await expect(menu.getByRole('link', { name: 'Offrir un bon cadeau' })).toBeVisible();
        await saveScreenshot(page, { path: testInfo.outputPath(`menu-${device}.png`) });
        await menu.getByRole('link', { name: 'Offrir un bon cadeau' }).click();
      } else {
        await page.getByRole('banner', { name: 'Barre mobile' }).getByRole('button').click();
        const drawer = page.getByRole('navigation', { name: 'Menu mobile' });
        await expect(drawer.getByRole('link', { name: 'Offrir un bon cadeau' })).toBeVisible();
        await saveScreenshot(page, { path: testInfo.outputPath(`menu-${device}.png`) });
        await drawer.getByRole('link', { name: 'Offrir un bon cadeau' }).click();
      }
      await expectVoucherPage(page);
      await expectNoSeriousAccessibilityViolations(page);

      await page.goto(wineSite(baseURL, '/le-domaine'));
      const footerLink = page
        .getByRole('contentinfo')
        .getByRole('link', { name: 'Offrir un bon cadeau' });
      await footerLink.scrollIntoViewIfNeeded();
      await expect(footerLink).toBeVisible();
      await saveScreenshot(page, { path: testInfo.outputPath(`footer-${device}.png`) });
      await footerLink.click();
      await expectVoucherPage(page);
    });
  });
}

test('the wine shop lists its gift voucher page in sitemap.xml', async ({ page, baseURL }) => {
  const { url: wineUrl } = await apiFor(92).getSiteInfo();
  const response = await page.goto(wineSite(baseURL, '/sitemap.xml'));
  expect(response?.status()).toBe(200);
  const listed = [...(await response!.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => match[1]!,
  );
  expect(listed).toContain(new URL(VOUCHER_PATH, wineUrl).href);
  expect(listed.filter((url) => url.endsWith(VOUCHER_PATH))).toHaveLength(1);
});
