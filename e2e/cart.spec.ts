import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Cart } from '@comptoir/contract/cart';
import { register } from '@comptoir/contract/auth';
import { formatPrice } from '@comptoir/domain/money';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { newCustomer } from './support/accounts';
import { apiFor } from './support/api';
import { addToCart, CART_STORAGE_KEY, declinationOf } from './support/shop-cart';
import { API_URL } from './support/urls';
import { rememberPopupsClosed } from './support/welcome-popup';
import { openWineShop as openShop, plain, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * The storefront cart on site 92 (Domaine des Trois Coteaux), on a desktop and a phone: the
 * badge and its mini-cart, the cart page's quantities with the messages of docs/requirements/cart.md, removal,
 * a reload, and the hand-over at login. Wines go into the cart through the API from the page, as
 * the product page's button does (its journey is the product page's own).
 */

const price = (cents: number) => plain(formatPrice(cents));

/** The cart as the API answers this browser now (POST /cart/{id}, with its cookies). */
async function cartOfPage(page: Page, cartId: number): Promise<{ status: number; cart: Cart }> {
  return page.evaluate(async (cartId) => {
    const response = await fetch(`/api/cart/${cartId}`, {
      method: 'POST',
      headers: { siteId: '92', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'MAIN_CART' }),
    });
    const body = (await response.json()) as { data: Cart };
    return { status: response.status, cart: body.data };
  }, cartId);
}

/** The badge the visitor sees: in the header on a desktop, in the bottom bar on a phone. */
function cartBadge(page: Page, device: 'desktop' | 'mobile'): Locator {
  return device === 'desktop'
    ? page.locator('header').getByRole('link', { name: /^Panier/ })
    : page
        .getByRole('navigation', { name: 'Barre de navigation inférieure' })
        .getByRole('link', { name: /^Panier/ });
}

const cartLine = (page: Page, name: string) =>
  page.getByTestId('cart-line').filter({ has: page.getByRole('heading', { name, exact: true }) });

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`cart on ${device}`, () => {
    test.use({ viewport });

    test('a visitor fills the cart, changes quantities, meets the limits, removes a line and finds it all after a reload', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      const red = await declinationOf('Anjou Rouge Les Trois Coteaux', 2023, 75);
      const rare = await declinationOf('Pineau d’Aunis Poivre Gris', 2023, 75);
      const box = await declinationOf('Carton Panaché Rouge et Rosé', null, 4.5);

      await openShop(page, baseURL, '/nos-vins');
      await expect(cartBadge(page, device)).toHaveAccessibleName('Panier');
      await addToCart(page, red, 2);
      await addToCart(page, rare, 2);
      // A carton is bought one at a time (decision 0085).
      const filled = await addToCart(page, box, 1);
      expect(filled.totalQuantity).toBe(5);

      // The page reads the stored cart, and the refresh asks the API for it again.
      const refreshed = page.waitForResponse(
        (response) =>
          response.url().endsWith(`/api/cart/${filled.id}`) &&
          response.request().method() === 'POST',
      );
      await page.reload();
      expect((await refreshed).status()).toBe(200);
      await expect(cartBadge(page, device)).toHaveAccessibleName('Panier 5 articles');

      if (device === 'desktop') {
        // SEE_CART_ON_HOVER is set on site 92: the lines show under the badge.
        await cartBadge(page, device).hover();
        const miniCart = page.getByTestId('mini-cart');
        await expect(miniCart).toBeVisible();
        await expect(miniCart).toContainText('5 articles dans votre panier');
        await expect(miniCart).toContainText('Carton Panaché Rouge et Rosé');
        await expect(miniCart).toContainText('Carton de 6 bouteilles · × 1');
        await expect(miniCart).toContainText('Anjou Rouge Les Trois Coteaux');
        expect(plain(await miniCart.textContent())).toContain(price(filled.totalProduct));
        await saveScreenshot(page, { path: testInfo.outputPath('mini-cart.png') });
        await page.mouse.move(0, 600);
        await expect(miniCart).toBeHidden();
        // The keyboard opens it too, and Escape closes it.
        await cartBadge(page, device).focus();
        await expect(miniCart).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(miniCart).toBeHidden();
      }

      await cartBadge(page, device).click();
      await expect(page).toHaveURL(/\/panier$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Mon panier' })).toBeVisible();
      await expect(page.getByTestId('cart-line')).toHaveCount(3);
      const redLine = cartLine(page, 'Anjou Rouge Les Trois Coteaux');
      await expect(redLine).toContainText('2023 · Bouteille 75 cl');
      await expect(redLine).toContainText(/9,80\s€ l’unité/);
      await expect(cartLine(page, 'Carton Panaché Rouge et Rosé')).toContainText(
        'Carton de 6 bouteilles',
      );
      expect(plain(await page.getByTestId('cart-total').textContent())).toBe(
        price(filled.totalProduct),
      );
      await expectNoSeriousAccessibilityViolations(page);

      // The + button adds one bottle; the total is the API's.
      await redLine.getByRole('button', { name: 'Ajouter une unité' }).click();
      await expect(redLine.getByRole('combobox', { name: /^Quantité/ })).toHaveValue('3');
      await expect(cartBadge(page, device)).toHaveAccessibleName('Panier 6 articles');
      const afterPlus = (await cartOfPage(page, filled.id)).cart;
      expect(plain(await page.getByTestId('cart-total').textContent())).toBe(
        price(afterPlus.totalProduct),
      );

      // docs/requirements/cart.md's messages, in French (decision 0084), beside the line and announced; the
      // field shows what the cart kept.
      const rareLine = cartLine(page, 'Pineau d’Aunis Poivre Gris');
      await rareLine.getByRole('button', { name: 'Ajouter une unité' }).click();
      await expect(rareLine.getByRole('alert')).toHaveText(
        /Il ne reste que 2 bouteilles en stock\. La quantité reste à 2\./,
      );
      await expect(rareLine.getByRole('combobox', { name: /^Quantité/ })).toHaveValue('2');

      const boxLine = cartLine(page, 'Carton Panaché Rouge et Rosé');
      const boxQuantity = boxLine.getByRole('combobox', { name: /^Quantité/ });
      await boxQuantity.fill('0');
      await boxQuantity.press('Enter');
      await expect(boxLine.getByRole('alert')).toHaveText(/La quantité doit être d’au moins 1\./);
      await expect(boxQuantity).toHaveValue('1');
      // The other line's message went: the cart holds 2.
      await expect(rareLine.getByRole('alert')).toHaveCount(0);
      await expect(rareLine.getByRole('combobox', { name: /^Quantité/ })).toHaveValue('2');
      await boxQuantity.fill('61');
      await boxQuantity.press('Enter');
      await expect(boxLine.getByRole('alert')).toHaveText(/Il ne reste que 60 articles en stock\./);
      // A quantity the stock covers is taken; − goes one carton down, never below one.
      await boxQuantity.fill('2');
      await boxQuantity.press('Enter');
      await expect(boxLine.getByRole('alert')).toHaveCount(0);
      await expect(boxQuantity).toHaveValue('2');
      await boxLine.getByRole('button', { name: 'Retirer une unité' }).click();
      await expect(boxQuantity).toHaveValue('1');
      await expect(boxLine.getByRole('button', { name: 'Retirer une unité' })).toBeDisabled();
      await expect(cartBadge(page, device)).toHaveAccessibleName('Panier 6 articles');

      await saveScreenshot(page, {
        path: testInfo.outputPath(`cart-${device}.png`),
        fullPage: true,
      });

      // Removing a line.
      await rareLine
        .getByRole('button', { name: 'Retirer Pineau d’Aunis Poivre Gris du panier' })
        .click();
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await expect(page.getByRole('status').filter({ hasText: 'retiré du panier' })).toHaveText(
        'Pineau d’Aunis Poivre Gris a été retiré du panier.',
      );
      await expect(cartBadge(page, device)).toHaveAccessibleName('Panier 4 articles');

      // A reload finds the cart as it was left.
      await page.reload();
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await expect(redLine.getByRole('combobox', { name: /^Quantité/ })).toHaveValue('3');
      await expect(boxQuantity).toHaveValue('1');
      const kept = (await cartOfPage(page, filled.id)).cart;
      expect(kept.products.map((line) => [line.name, line.quantity])).toEqual(
        expect.arrayContaining([
          ['Anjou Rouge Les Trois Coteaux', 3],
          ['Carton Panaché Rouge et Rosé', 1],
        ]),
      );
      expect(plain(await page.getByTestId('cart-total').textContent())).toBe(
        price(kept.totalProduct),
      );

      // Emptying the cart, after a confirmation, leads back to the wines.
      await page.getByRole('button', { name: 'Vider le panier' }).click();
      await page.getByRole('button', { name: 'Oui, vider le panier' }).click();
      await expect(page.getByRole('heading', { name: 'Votre panier est vide' })).toBeVisible();
      await expect(cartBadge(page, device)).toHaveAccessibleName('Panier');
      expect((await cartOfPage(page, filled.id)).status).toBe(404);
      await saveScreenshot(page, { path: testInfo.outputPath(`cart-empty-${device}.png`) });
      await expectNoSeriousAccessibilityViolations(page);
      await page.getByRole('link', { name: 'Découvrir nos vins' }).click();
      await expect(page).toHaveURL(/\/nos-vins$/);
    });

    test('at login the anonymous cart merges into the account’s cart, which no other browser sees', async ({
      page,
      baseURL,
      browser,
    }) => {
      test.slow();
      const red = await declinationOf('Anjou Rouge Les Trois Coteaux', 2023, 75);
      const rose = await declinationOf('Rosé d’Anjou', 2024, 75);

      // A customer of site 92 who already has a bottle of rosé in the account's cart.
      const customer = newCustomer('Camille', 'Rousseau');
      const session = await apiFor(92).call(register, {
        body: { ...customer, phone: '', birthdate: '1985-04-12', acceptTerms: true },
      });
      const form = new FormData();
      form.append('type', 'MAIN_CART');
      form.append('quantity', '6');
      const added = await fetch(`${API_URL}/cart/new/product/${rose}`, {
        method: 'POST',
        headers: { siteId: '92', authorization: `Bearer ${session.token}` },
        body: form,
      });
      expect(added.status).toBe(200);

      // Anonymous, the visitor puts red wine in the cart.
      await openShop(page, baseURL, '/');
      const anonymous = await addToCart(page, red, 3);
      await page.reload();
      await expect(cartBadge(page, device)).toHaveAccessibleName('Panier 3 articles');

      // Logging in hands the cart over: the account's cart now holds both wines.
      await page.goto(wineSite(baseURL, '/auth'));
      const login = page.getByRole('form', { name: 'Connexion' });
      await login.getByLabel('Adresse e-mail').fill(customer.email);
      await login.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
      await login.getByRole('button', { name: 'Se connecter' }).click();
      await expect(cartBadge(page, device)).toHaveAccessibleName('Panier 9 articles', {
        timeout: 15_000,
      });
      await expect(page).not.toHaveURL(/\/auth(\?|$)/, { timeout: 15_000 });
      await cartBadge(page, device).click();
      await expect(page.getByTestId('cart-line')).toHaveCount(2);
      await expect(
        cartLine(page, 'Anjou Rouge Les Trois Coteaux').getByRole('combobox', {
          name: /^Quantité/,
        }),
      ).toHaveValue('3');
      await expect(
        cartLine(page, 'Rosé d’Anjou').getByRole('combobox', { name: /^Quantité/ }),
      ).toHaveValue('6');
      const stored = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { state: { cartId: number } },
        CART_STORAGE_KEY,
      );
      expect(stored.state.cartId).not.toBe(anonymous.id);
      // The anonymous cart is gone: merged, not copied.
      expect((await cartOfPage(page, anonymous.id)).status).toBe(404);

      // Another browser: its own empty cart, and the account's cart is not found.
      const other = await browser.newContext({ viewport });
      try {
        const stranger = await other.newPage();
        await openShop(stranger, baseURL, '/panier');
        await expect(
          stranger.getByRole('heading', { name: 'Votre panier est vide' }),
        ).toBeVisible();
        await expect(cartBadge(stranger, device)).toHaveAccessibleName('Panier');
        expect((await cartOfPage(stranger, stored.state.cartId)).status).toBe(404);
        expect((await cartOfPage(stranger, anonymous.id)).status).toBe(404);
      } finally {
        await other.close();
      }
    });
  });
}

test('a site that does not sell online shows no cart, and its cart page is a 404', async ({
  page,
}) => {
  await rememberPopupsClosed(page, 91);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Se connecter' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Panier/ })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  const bottomBar = page.getByRole('navigation', { name: 'Barre de navigation inférieure' });
  await expect(bottomBar.getByRole('link', { name: 'Mon compte' })).toBeVisible();
  await expect(bottomBar.getByRole('link', { name: /^Panier/ })).toHaveCount(0);
  const response = await page.goto('/panier');
  expect(response?.status()).toBe(404);
});
