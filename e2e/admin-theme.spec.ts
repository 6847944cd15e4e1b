import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { loginThroughApi, SITE_91_ADMIN } from './support/accounts';
import { apiFor } from './support/api';
import { createOwnSite, loginOnOwnSite } from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * A site's owner in the back office's theme and element list screens: a new primary colour shows
 * on the storefront, and an unreadable pair of colours is flagged before anything is saved. What
 * changes every page of a site (the colour, the logo) is done on a site of the journey's own, made
 * from the brochure template (support/own-site.ts): the journeys reading site 91 meanwhile never
 * see it. The journeys that save nothing look at site 91's screens. (A banner message added in
 * the element lists screen: admin-banner.spec.ts.)
 */

const NEW_PRIMARY = '#0b5d3b';

async function primaryColour(siteId: number): Promise<string> {
  const [parameter] = await apiFor(siteId).getParameters({ type: 'PRIMARY_COLOR' });
  return String(parameter?.value);
}

/** The value of a CSS custom property on the storefront's root element. */
function rootVariable(page: Page, name: string): Promise<string> {
  return page.evaluate(
    (variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(),
    name,
  );
}

test.describe('theme and parameters', () => {
  test('the owner changes the primary colour and sees it on the storefront; an unreadable pair is flagged', async ({
    page,
  }) => {
    test.slow();
    const site = await createOwnSite('theme');
    const original = await primaryColour(site.id);
    expect(original).not.toBe(NEW_PRIMARY);
    await loginOnOwnSite(page, site);
    await page.goto(site.url('/admin/theme'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thème et paramètres' }),
    ).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, { path: test.info().outputPath('theme-1280.png') });

    const colours = page.getByRole('region', { name: 'Couleurs' });
    await expect(
      colours.getByText('Tous les textes sont assez contrastés sur leur fond.'),
    ).toBeVisible();

    // A text colour close to the background: the warning names the pair before any save.
    const fontColour = colours.getByRole('textbox', { name: 'Couleur du texte', exact: true });
    const originalFont = await fontColour.inputValue();
    await fontColour.fill('#f7efe9');
    const warning = colours.getByRole('note');
    await expect(warning).toContainText('Contraste insuffisant');
    await saveScreenshot(colours, { path: test.info().outputPath('colours-1280.png') });
    await expect(warning).toContainText(
      'Texte des pages : « Couleur du texte » sur « Couleur de fond »',
    );
    await fontColour.fill(originalFont);
    await expect(warning).toBeHidden();

    // The preview follows the unsaved colour.
    await colours
      .getByRole('textbox', { name: 'Couleur principale', exact: true })
      .fill(NEW_PRIMARY);
    const previewButton = page.locator('[data-theme-preview]').getByText('Prendre rendez-vous');
    await expect(previewButton).toHaveCSS('background-color', 'rgb(11, 93, 59)');

    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Modification enregistrée.' }),
    ).toBeVisible();
    expect(await primaryColour(site.id)).toBe(NEW_PRIMARY);

    // The storefront was told to refresh its parameters: the next visit shows the colour.
    await expect(async () => {
      await page.goto(site.url('/'));
      expect(await rootVariable(page, '--color-primary')).toBe(NEW_PRIMARY);
    }).toPass({ timeout: 10_000 });
  });

  test('a refused value is named and nothing is saved', async ({ page }) => {
    await loginThroughApi(page, SITE_91_ADMIN);
    await page.goto('/admin/theme');
    const shop = page.getByRole('region', { name: 'Boutique' });
    const freeShipping = shop.getByRole('textbox', { name: 'Livraison offerte à partir de (€)' });
    await freeShipping.fill('12,345');
    await page.getByRole('button', { name: 'Enregistrer les paramètres' }).click();
    await expect(shop.getByText('Saisissez un montant positif en euros')).toBeVisible();
    await expect(freeShipping).toBeFocused();
    await expect(
      page.getByRole('status').filter({ hasText: 'Rien n’a été enregistré' }),
    ).toBeVisible();
  });
});

test.describe('logos', () => {
  // A real 1×1 PNG: the API checks uploads by their content.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

  test('the owner uploads a logo with its alternative text, sees it served, and removes it', async ({
    page,
  }) => {
    test.slow();
    const site = await createOwnSite('logo');
    await loginOnOwnSite(page, site);
    await page.goto(site.url('/admin/theme'));
    const card = page.getByRole('form', { name: 'Logo pour le thème sombre' });
    await card.getByLabel('Image').setInputFiles({
      name: 'logo-sombre.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await card
      .getByRole('textbox', { name: 'Texte alternatif' })
      .fill('Atelier Clémence, logo sombre');
    await card.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(card.getByRole('status')).toHaveText('Logo enregistré.');
    const image = card.getByRole('img', { name: 'Atelier Clémence, logo sombre' });
    await expect(image).toHaveAttribute(
      'src',
      new RegExp(`^/api/logo/${site.id}/[0-9a-f]{32}\\.webp$`),
    );
    // Served through the storefront's origin, decoded by the browser.
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);

    page.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Supprimer' }).click();
    await expect(card.getByRole('status')).toHaveText('Logo supprimé.');
    await expect(card.getByText('Aucun logo')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('both screens fit the width, are accessible and flag an unreadable pair', async ({
    page,
  }) => {
    test.slow();
    await loginThroughApi(page, SITE_91_ADMIN);
    await page.goto('/admin/theme');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thème et paramètres' }),
    ).toBeVisible();
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, { path: test.info().outputPath('theme-390.png'), fullPage: false });

    const colours = page.getByRole('region', { name: 'Couleurs' });
    await colours
      .getByRole('textbox', { name: 'Couleur du texte du pied de page', exact: true })
      .fill('#3b1b33');
    await expect(colours.getByRole('note')).toContainText('Pied de page');

    await page.goto('/admin/elements');
    await expect(page.getByRole('heading', { level: 1, name: "Listes d'éléments" })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, {
      path: test.info().outputPath('elements-390.png'),
      fullPage: true,
    });
  });
});
