import { expect, test } from '@playwright/test';
import { buildMenu, menuLabel } from '@comptoir/domain/page-tree';
import { apiFor } from './support/api';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { rememberPopupsClosed } from './support/welcome-popup';

/** A visitor opens the site: the shell (menus, bars, errors) comes from the site's own data. */
test.describe('storefront shell', () => {
  // The welcome popup of site 91's home has its own journey (content-frame.spec.ts).
  test.beforeEach(async ({ page }) => {
    await rememberPopupsClosed(page);
  });

  test('the home page shows the menu built from the page tree', async ({ page }) => {
    const tree = await apiFor(91).getPageTree();
    const { main, fixedRight } = buildMenu(tree, { hideHomepage: false });
    expect(main.length).toBeGreaterThan(3);

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeVisible();
    for (const entry of [...main, ...fixedRight]) {
      const label = menuLabel(entry);
      const control =
        entry.children.length > 0
          ? menu.getByRole('button', { name: label, exact: true })
          : menu.getByRole('link', { name: label, exact: true });
      await expect(control, `menu entry ${label}`).toBeVisible();
    }
  });

  test("the page's scripts arrive in Brotli, compiled while they download (decisions 0077, 0078)", async ({
    page,
  }) => {
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
      }
    });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.filter(({ encoding }) => encoding !== 'br')).toEqual([]);
    // The framework chunk the browser runs first opens with V8's compile hint.
    const framework = await page.evaluate(async () => {
      const source = document.querySelector<HTMLScriptElement>('script[src*="/_next/static/"]');
      return (await fetch(source!.src)).text();
    });
    expect(framework.startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  });

  test('a submenu opens from the keyboard and leads to its page', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const toggle = menu.getByRole('button', { name: 'Conseil en image', exact: true });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const child = menu.getByRole('link', { name: 'Notre approche', exact: true });
    await expect(child).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(child).toBeHidden();

    await toggle.click();
    await menu.getByRole('link', { name: 'Notre approche', exact: true }).click();
    await expect(page).toHaveURL(/\/conseil-en-image\/notre-approche$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notre approche');
  });

  test('an unknown path answers 404 with the not-found text and a way home', async ({ page }) => {
    const response = await page.goto('/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('This page could not be found')).toBeVisible();
    await page.getByRole('link', { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('under 960 px the mobile and bottom bars replace the top app bar', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('banner', { name: 'Barre mobile' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Barre de navigation inférieure' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();

    await page.setViewportSize({ width: 1200, height: 900 });
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await expect(page.getByRole('banner', { name: 'Barre mobile' })).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Barre de navigation inférieure' }),
    ).toBeHidden();
  });

  test('the home page has no serious or critical accessibility violation', async ({ page }) => {
    await page.goto('/');
    await expectNoSeriousAccessibilityViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('links on screen prefetch nothing until the visitor points at one or focuses it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const prefetched: string[] = [];
    page.on('request', (request) => {
      if (request.headers()['next-router-prefetch']) {
        prefetched.push(new URL(request.url()).pathname);
      }
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    // Several links are on screen (menu, footer, the home page's buttons): none was prefetched.
    expect(await page.locator('a[href="/qui-sommes-nous"]').count()).toBeGreaterThan(0);
    expect(prefetched).toEqual([]);

    await page.locator('a[href="/qui-sommes-nous"]:visible').first().hover();
    await expect.poll(() => prefetched).toContain('/qui-sommes-nous');

    const legalLink = page.locator('footer a[href="/legal-notice"]');
    await legalLink.focus();
    await expect.poll(() => prefetched).toContain('/legal-notice');
  });

  test('each demo site is served from its own host', async ({ page, baseURL }) => {
    const port = new URL(baseURL!).port;
    await page.goto(`http://vins.localhost:${port}/`);
    const site92 = await apiFor(92).getSiteInfo();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(site92.name);
    await page.goto('/');
    const site91 = await apiFor(91).getSiteInfo();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(site91.name);
  });
});
