import { expect, test } from '@playwright/test';
import { formatPrice } from '@comptoir/domain/money';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { CART_STORAGE_KEY } from './support/shop-cart';
import { rememberPopupsClosed } from './support/welcome-popup';
import { openWineShop, plain } from './support/wine-shop';

/**
 * /offrir-un-bon-cadeau (issue 10, decision 0052): on site 92, which sells online, a visitor
 * chooses an amount and who the voucher is for, and finds the voucher line in the cart, ordered
 * from there like anything else (nothing to deliver). Site 91 sells nothing online: the page
 * says so, with no form.
 */

const price = (cents: number) => plain(formatPrice(cents));

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
});
