import { expect, test, type Page } from '@playwright/test';
import { formatPrice } from '@comptoir/domain/money';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { newCustomer } from './support/accounts';
import { addToCart, declinationOf, holdFirstSlot } from './support/shop-cart';
import { openWineShop, plain, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/*
 * The cart's discount code on site 92 (decision 0099): a visitor types a code on the cart page,
 * with the keyboard; an unknown code is refused beside the field in French, a seeded one
 * (COTEAUX5: 5 € off from 50 €) shows in the cart's totals, its removal restores the total, and
 * the code the cart keeps reaches the checkout and the order's summary. No code of site 92 is
 * changed: COTEAUX5 has no limit of uses.
 */

const price = (cents: number) => plain(formatPrice(cents));

async function look(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
    // The field and its button fit the summary: nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('the cart discount code', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a visitor applies a code on the cart page, meets a refusal, removes it and orders with it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const red = await declinationOf('Anjou Rouge Les Trois Coteaux', 2023, 75);
    await openWineShop(page, baseURL, '/nos-vins');
    // COTEAUX5 asks for 50 € of wine.
    let cart = await addToCart(page, red, 6);
    while (cart.totalProduct < 5000) cart = await addToCart(page, red, 6);
    const products = cart.totalProduct;

    await page.goto(wineSite(baseURL, '/panier'));
    const summary = page.getByRole('complementary', { name: 'Récapitulatif' });
    const field = summary.getByRole('textbox', { name: 'Code de réduction' });
    await expect(field).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('cart-total')).toHaveText(price(products));
    await expect(page.getByTestId('cart-discount')).toHaveCount(0);

    // With the keyboard: an empty field says what to do, an unknown code is refused in French.
    await field.focus();
    await page.keyboard.press('Enter');
    const refusal = summary.getByRole('alert');
    await expect(refusal).toHaveText('Saisissez votre code.');
    await page.keyboard.type('PASUNCODE');
    await expect(refusal).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(refusal).toHaveText('Ce code de réduction n’existe pas.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription('Ce code de réduction n’existe pas.');
    await expect(field).toBeFocused();
    // The focus shows: the theme's ring around the field.
    expect(await field.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe(
      'none',
    );
    await expect(page.getByTestId('cart-discount')).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText(price(products));
    await expectNoSeriousAccessibilityViolations(page);

    // A seeded code, typed in lower case and sent with the button: 5 € off in the totals.
    await field.fill('coteaux5');
    await page.keyboard.press('Tab');
    const apply = summary.getByRole('button', { name: 'Appliquer' });
    await expect(apply).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-discount')).toHaveText(`−${price(500)}`);
    await expect(summary.getByText(/^Code COTEAUX5/).first()).toBeVisible();
    await expect(page.getByTestId('cart-grand-total')).toHaveText(price(products - 500));
    await expect(refusal).toHaveCount(0);
    await expect(field).toHaveValue('');
    await expectNoSeriousAccessibilityViolations(page);
    await look(page, 'cart-with-code');

    // Kept by the cart: still there after a reload.
    await page.reload();
    await expect(page.getByTestId('cart-discount')).toHaveText(`−${price(500)}`, {
      timeout: 20_000,
    });

    // Removed: the total is the products' again, the focus back in the field.
    const remove = summary.getByRole('button', { name: 'Retirer le code COTEAUX5' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-discount')).toHaveCount(0);
    await expect(page.getByTestId('cart-grand-total')).toHaveCount(0);
    await expect(page.getByTestId('cart-total')).toHaveText(price(products));
    await expect(field).toBeFocused();
    await expect(remove).toHaveCount(0);

    // Applied again, it goes with the cart to the checkout and into the order.
    await field.fill('COTEAUX5');
    await apply.click();
    await expect(page.getByTestId('cart-grand-total')).toHaveText(price(products - 500));
    await page.getByRole('link', { name: 'Choisir la livraison' }).click();
    await holdFirstSlot(page);
    await page.getByRole('link', { name: 'Saisir mes coordonnées' }).click();
    await expect(page).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
    const recap = page.getByRole('complementary', { name: 'Récapitulatif' });
    await expect(recap.getByText('COTEAUX5', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(
      recap.getByText('Réduction (COTEAUX5)').locator('xpath=..').locator('dd'),
    ).toHaveText(`− ${price(500)}`);

    const guest = newCustomer('Lou', 'Ménard');
    const who = page.getByRole('region', { name: 'Vos coordonnées' });
    await who.getByLabel('Adresse e-mail').fill(guest.email);
    await who.getByLabel('Prénom').fill(guest.firstname);
    await who.getByLabel('Nom', { exact: true }).fill(guest.lastname);
    await who.getByLabel('Téléphone').fill('06 12 34 56 78');
    // An adult: the wine shop sells alcohol (decision 0109).
    await who.getByLabel('Date de naissance').fill('1990-04-12');
    const billing = page.getByRole('region', { name: 'Adresse de facturation' });
    await billing.getByLabel('Prénom').fill(guest.firstname);
    await billing.getByLabel('Nom', { exact: true }).fill(guest.lastname);
    await billing.getByLabel('Numéro et rue').fill('3 place du Ralliement');
    await billing.getByLabel('Code postal').fill('49100');
    await billing.getByLabel('Commune').fill('Angers');
    await page.getByRole('radio', { name: /Paiement au retrait/ }).check();
    await page.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
    await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();

    // The order's summary names the code and takes its 5 € off.
    await expect(page).toHaveURL(/\/panier\/confirmation\?commande=\d+$/, { timeout: 20_000 });
    await expect(
      page.getByText('Réduction (COTEAUX5)').locator('xpath=..').locator('dd'),
    ).toHaveText(`− ${price(500)}`);
    await expectNoSeriousAccessibilityViolations(page);
  });
});
