import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createOwnSite, loginOnOwnSite, type OwnSite } from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * The header's variants and the dark theme (decision 0097), switched on and off by a site's owner
 * on a site of the journey's own (support/own-site.ts): the demo sites' settings, which the other
 * journeys read, never change. The first journey goes through « Thème et paramètres », the
 * second through the API the screen calls; both look at the storefront at desktop and phone
 * widths, with axe.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

// A real 1×1 PNG: the API checks uploads by their content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Saves parameters as the theme screen does, through the storefront's /api as the owner. */
async function saveSettings(page: Page, site: OwnSite, values: Record<string, unknown>) {
  const status = await page.evaluate(
    async ({ siteId, body }) => {
      const response = await fetch('/api/admin/parameter', {
        method: 'PUT',
        headers: { siteId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { siteId: String(site.id), body: values },
  );
  expect(status).toBe(200);
}

/** Opens a storefront page once the storefront shows the root attribute the settings give. */
async function openWhen(page: Page, url: string, attribute: string, value: string) {
  await expect(async () => {
    await page.goto(url);
    expect(await page.locator('html').getAttribute(attribute)).toBe(value);
  }).toPass({ timeout: 15_000 });
}

/** The relative luminance of a computed 'rgb(r, g, b)' colour. */
async function luminanceOf(page: Page, selector: string, property: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, name) => {
      const colour = getComputedStyle(element).getPropertyValue(name);
      const [red, green, blue] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((channel) => {
        const value = Number(channel) / 255;
        return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
    }, property);
}

test.describe('theme variants', () => {
  test('the owner turns on the dark theme, the info bar, the top shortcut bar, the social icons and another account icon in the back office', async ({
    page,
  }) => {
    // The back office, then the storefront at two widths with axe each time, on a loaded machine.
    test.setTimeout(240_000);
    await page.setViewportSize(DESKTOP);
    const site = await createOwnSite('variants');
    await loginOnOwnSite(page, site);
    await page.goto(site.url('/admin/theme'));

    // A logo for the dark theme, through its card.
    const card = page.getByRole('form', { name: 'Logo pour le thème sombre' });
    await card.getByLabel('Image').setInputFiles({
      name: 'logo-sombre.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await card.getByRole('textbox', { name: 'Texte alternatif' }).fill('Logo sombre');
    await card.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(card.getByRole('status')).toHaveText('Logo enregistré.');

    const menu = page.getByRole('region', { name: 'Menu et en-tête' });
    const dark = menu.getByRole('checkbox', { name: 'Thème sombre' });
    // Each setting says what it changes, under its control.
    await expect(dark).toHaveAccessibleDescription(/Le site passe en couleurs sombres/);
    await dark.check();
    await expect(
      menu.getByText('Thème sombre : tous les textes sont assez contrastés sur leur fond.'),
    ).toBeVisible();
    await expect(page.locator('[data-theme-preview] figcaption')).toContainText('thème sombre');
    // A dark grey menu kept by the dark theme, with the primary blue as its active colour: the
    // check names the pair before anything is saved.
    const colours = page.getByRole('region', { name: 'Couleurs' });
    const menuBackground = colours.getByRole('textbox', {
      name: 'Couleur de fond du menu',
      exact: true,
    });
    const activeMenu = colours.getByRole('textbox', { name: 'Couleur du menu actif', exact: true });
    const [originalMenuBackground, originalActiveMenu] = [
      await menuBackground.inputValue(),
      await activeMenu.inputValue(),
    ];
    await menuBackground.fill('#3a3a3a');
    await activeMenu.fill('#1d4e89');
    const darkWarning = colours
      .getByRole('note')
      .filter({ hasText: 'Contraste insuffisant avec le thème sombre' });
    await expect(darkWarning).toContainText('Page active dans le menu');
    await saveScreenshot(colours, { path: test.info().outputPath('dark-contrast-warning.png') });
    await menuBackground.fill(originalMenuBackground);
    await activeMenu.fill(originalActiveMenu);
    await expect(darkWarning).toBeHidden();

    await menu.getByRole('checkbox', { name: "Afficher la barre d'information" }).check();
    await menu
      .getByRole('checkbox', { name: "Afficher l'adresse dans la barre d'information" })
      .check();
    await menu.getByRole('textbox', { name: 'Position du menu mobile' }).fill('TOP');
    await menu
      .getByRole('textbox', { name: 'Afficher les réseaux sociaux dans le menu' })
      .fill('YES');
    await page
      .getByRole('region', { name: 'Icônes' })
      .getByRole('textbox', { name: 'Icône du compte client' })
      .fill('fa-circle-user');
    const company = page.getByRole('region', { name: "Identité de l'entreprise" });
    await company
      .getByRole('textbox', { name: "Téléphone de l'entreprise" })
      .fill('02 51 64 23 18');
    await company
      .getByRole('textbox', { name: 'Siège social' })
      .fill('12 rue des Halles, 85290 Saint-Malo-du-Bois');
    const hours = page.getByRole('region', { name: "Horaires d'ouverture" });
    await hours.getByRole('textbox', { name: 'Horaires du mardi' }).fill('9 h – 19 h');
    await hours.getByRole('textbox', { name: 'Horaires du mercredi' }).fill('9 h – 19 h');
    await page
      .getByRole('region', { name: 'Réseaux sociaux' })
      .getByRole('textbox', { name: 'Lien Facebook' })
      .fill('https://www.facebook.com/atelier-e2e');
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'modifications enregistrées' }),
    ).toBeVisible();

    // The storefront, on a computer.
    await openWhen(page, site.url('/'), 'data-theme', 'dark');
    expect(await luminanceOf(page, 'body', 'background-color')).toBeLessThan(0.05);
    expect(await luminanceOf(page, 'body', 'color')).toBeGreaterThan(0.5);
    const header = page.locator('header[data-menu-type]');
    await expect(header.getByRole('img', { name: 'Logo sombre – Accueil' })).toBeVisible();
    const infoBar = page.getByRole('complementary', { name: 'Informations pratiques' });
    await expect(infoBar).toContainText('02 51 64 23 18');
    await expect(infoBar).toContainText('12 rue des Halles, 85290 Saint-Malo-du-Bois');
    await expect(infoBar).toContainText('Mar. – mer. : 9 h – 19 h');
    await expect(header.getByRole('link', { name: 'Facebook (nouvelle fenêtre)' })).toBeVisible();
    await expect(header.locator('[data-icon="user-circle"]')).toBeVisible();
    await saveScreenshot(page, { path: test.info().outputPath('dark-1366.png'), fullPage: true });
    await expectNoSeriousAccessibilityViolations(page);

    // On a phone: the shortcut bar under the logo, the info bar, the social icons in the drawer.
    await page.setViewportSize(PHONE);
    await page.reload();
    const shortcuts = page.getByRole('navigation', { name: 'Barre de navigation mobile' });
    await expect(shortcuts).toBeVisible();
    const mobileBar = page.getByRole('banner', { name: 'Barre mobile' });
    const [barBox, shortcutsBox] = [await mobileBar.boundingBox(), await shortcuts.boundingBox()];
    expect(shortcutsBox!.y).toBeGreaterThanOrEqual(barBox!.y + barBox!.height - 1);
    expect(shortcutsBox!.y).toBeLessThan(400);
    await expect(infoBar).toContainText('02 51 64 23 18');
    await expect(infoBar.getByText('02 51 64 23 18')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Logo sombre – Accueil' })).toBeVisible();
    await saveScreenshot(page, { path: test.info().outputPath('dark-390.png') });
    await expectNoSeriousAccessibilityViolations(page);
    // Scrolled, the bar stays at the top of the screen.
    await page.mouse.wheel(0, 1200);
    await expect.poll(async () => (await shortcuts.boundingBox())!.y).toBeLessThan(2);
    await mobileBar.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Facebook (nouvelle fenêtre)' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Fermer le menu' }).click();

    // Off again: the light theme and its logo, no info bar, the shortcut bar back at the bottom.
    await saveSettings(page, site, {
      DARK_THEME: false,
      TOP_MENU_INFO_BAR: false,
      MOBILE_MENU_POSITION: 'BOTTOM',
      DISPLAY_SOCIAL_ICON_IN_MENU: 'NO',
    });
    await openWhen(page, site.url('/'), 'data-theme', 'light');
    expect(await luminanceOf(page, 'body', 'background-color')).toBeGreaterThan(0.8);
    await expect(page.getByRole('img', { name: 'Logo sombre – Accueil' })).toHaveCount(0);
    await expect(infoBar).toHaveCount(0);
    const bottom = page.getByRole('navigation', { name: 'Barre de navigation inférieure' });
    expect((await bottom.boundingBox())!.y).toBeGreaterThan(PHONE.height - 100);
    await expect(page.locator('[data-social-menu]')).toHaveCount(0);
  });

  test('the menu laid over the page, without icons and with room above it, then back above the page', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(DESKTOP);
    const site = await createOwnSite('overlay');
    await loginOnOwnSite(page, site);
    await saveSettings(page, site, {
      MENU_TYPE: 'ABSOLUTE',
      MENU_ICON: false,
      MENU_TOP_PADDING: true,
    });

    await openWhen(page, site.url('/'), 'data-menu-type', 'ABSOLUTE');
    const header = page.locator('header[data-menu-type]');
    const opening = page.locator('main > :first-child');
    const [headerBox, openingBox] = [await header.boundingBox(), await opening.boundingBox()];
    // The opening section starts under the header, whose menu lies on it.
    expect(openingBox!.y).toBeLessThanOrEqual(headerBox!.y + 1);
    const menuBox = await header.getByRole('navigation', { name: 'Menu principal' }).boundingBox();
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(title!.y).toBeGreaterThan(menuBox!.y + menuBox!.height);
    await expect(
      header.getByRole('link', { name: /Mon compte|Se connecter/ }).locator('svg'),
    ).toHaveCount(0);
    await expect(header.locator('nav').locator('..').locator('..')).toHaveCSS(
      'padding-top',
      '12px',
    );
    await saveScreenshot(page, { path: test.info().outputPath('overlay-1366.png') });
    await expectNoSeriousAccessibilityViolations(page);

    await page.setViewportSize(PHONE);
    await page.reload();
    const mobileBar = page.getByRole('banner', { name: 'Barre mobile' });
    const [barBox, phoneOpening] = [await mobileBar.boundingBox(), await opening.boundingBox()];
    expect(phoneOpening!.y).toBeLessThanOrEqual(barBox!.y + 1);
    const bottom = page.getByRole('navigation', { name: 'Barre de navigation inférieure' });
    await expect(bottom.locator('svg').first()).toBeHidden();
    await saveScreenshot(page, { path: test.info().outputPath('overlay-390.png') });
    await expectNoSeriousAccessibilityViolations(page);

    // Back to the defaults: the menu above the page, with its icons.
    await saveSettings(page, site, {
      MENU_TYPE: 'RELATIVE',
      MENU_ICON: true,
      MENU_TOP_PADDING: false,
    });
    await page.setViewportSize(DESKTOP);
    await openWhen(page, site.url('/'), 'data-menu-type', 'RELATIVE');
    const [relativeHeader, relativeOpening] = [
      await header.boundingBox(),
      await opening.boundingBox(),
    ];
    expect(relativeOpening!.y).toBeGreaterThanOrEqual(
      relativeHeader!.y + relativeHeader!.height - 1,
    );
    await expect(
      header.getByRole('link', { name: /Mon compte|Se connecter/ }).locator('svg'),
    ).toHaveCount(1);
  });

  test('a wine shop in the dark theme, with a basket for its cart drawn in light strokes', async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(DESKTOP);
    const site = await createOwnSite('dark-wine', 'WINE_SHOP');
    await loginOnOwnSite(page, site);
    await saveSettings(page, site, {
      DARK_THEME: true,
      CART_ICON: 'fa-basket-shopping',
      BASE_FONTAWESOME_ICON: 'fa-light',
    });
    await openWhen(page, site.url('/nos-vins'), 'data-theme', 'dark');
    const cart = page.locator('header[data-menu-type]').getByRole('link', { name: /Panier/ });
    await expect(cart.locator('[data-icon="basket"]')).toHaveAttribute('stroke-width', '1.3');
    expect(await luminanceOf(page, 'body', 'background-color')).toBeLessThan(0.05);
    await saveScreenshot(page, {
      path: test.info().outputPath('wine-dark-1366.png'),
      fullPage: true,
    });
    await expectNoSeriousAccessibilityViolations(page);

    await page.setViewportSize(PHONE);
    await page.reload();
    const shortcuts = page.getByRole('navigation', { name: 'Barre de navigation inférieure' });
    await expect(shortcuts.locator('[data-icon="basket"]')).toBeVisible();
    await saveScreenshot(page, { path: test.info().outputPath('wine-dark-390.png') });
    await expectNoSeriousAccessibilityViolations(page);
  });
});
