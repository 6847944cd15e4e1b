import { expect, test, type Page } from '@playwright/test';
import type { Cart } from '@comptoir/contract/cart';
import { formatPrice } from '@comptoir/domain/money';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { addToCart, declinationOf } from './support/shop-cart';
import { openWineShop, plain, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * The delivery step on site 92 (Domaine des Trois Coteaux), on a desktop and a phone: from the
 * cart to /panier/livraison, a commune chosen with the keyboard in the combobox, a carrier and its
 * fee, free shipping reached at 12 bottles (fee 0), click-and-collect (carrier and commune reset,
 * a slot chosen with the keyboard and held), then a relay point chosen with the keyboard, and a
 * reload that keeps it all. Site 92: free shipping from 12 bottles; Transvin Domicile charges
 * 13,90 € for a 2-bottle carton in metropolitan France (seed).
 */

const price = (cents: number) => plain(formatPrice(cents));

/** The cart as the API answers this browser now (POST /cart/{id}, with its cookies). */
async function cartOfPage(page: Page, cartId: number): Promise<Cart> {
  return page.evaluate(async (cartId) => {
    const response = await fetch(`/api/cart/${cartId}`, {
      method: 'POST',
      headers: { siteId: '92', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'MAIN_CART' }),
    });
    return ((await response.json()) as { data: Cart }).data;
  }, cartId);
}

/** Chooses "49000 Angers" in the commune combobox with the keyboard only. */
async function chooseAngers(page: Page, typed: string) {
  const field = page.getByRole('combobox', { name: 'Code postal ou ville' });
  await field.fill(typed);
  const option = page.getByRole('option', { name: '49000 Angers' });
  await expect(option).toBeVisible();
  await expect(field).toHaveAttribute('aria-expanded', 'true');
  // Down until Angers is the active option, then Enter.
  for (let step = 0; step < 20; step += 1) {
    await field.press('ArrowDown');
    if ((await option.getAttribute('aria-selected')) === 'true') break;
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await expect(field).toHaveValue('49000 Angers');
  await expect(field).toHaveAttribute('aria-expanded', 'false');
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`delivery step on ${device}`, () => {
    test.use({ viewport });

    test('a visitor chooses a carrier, reaches free shipping, tries click-and-collect, picks a relay point and finds it all after a reload', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      const red = await declinationOf('Anjou Rouge Les Trois Coteaux', 2023, 75);
      await openWineShop(page, baseURL, '/nos-vins');
      const first = await addToCart(page, red, 2);

      // From the cart page, a clear button leads to the delivery step.
      await page.goto(wineSite(baseURL, '/panier'));
      await page.getByRole('link', { name: 'Choisir la livraison' }).click();
      await expect(page).toHaveURL(/\/panier\/livraison$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Livraison' })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Livraison', exact: true })).toBeChecked();

      // A commune, then the carriers that deliver it with their fees.
      await chooseAngers(page, '49000');
      const carriers = page.getByRole('group', { name: 'Transporteur' });
      const home = carriers.getByRole('radio', { name: /Transvin Domicile/ });
      await expect(home).toBeVisible();
      await expect(carriers.getByRole('radio', { name: /Relais Vignes/ })).toBeVisible();
      // The price is part of the carrier's name, in euros with two decimals.
      expect(plain(await home.evaluate((input) => input.closest('label')!.textContent))).toContain(
        price(1390),
      );
      await expect(page.getByText(/Vos bouteilles voyagent en cartons renforcés/)).toBeVisible();
      await expect(page.getByTestId('free-shipping-message')).toHaveText(
        'Plus que 10 bouteilles pour la livraison offerte.',
      );
      await home.check();
      await expect(page.getByTestId('delivery-fee')).toHaveText(price(1390));
      expect(plain(await page.getByTestId('delivery-total').textContent())).toBe(
        price(first.totalProduct + 1390),
      );
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, {
        path: testInfo.outputPath(`delivery-${device}.png`),
        fullPage: true,
      });

      // Ten more bottles: free shipping, the chosen carrier's fee falls to 0.
      const twelve = await addToCart(page, red, 10);
      expect(twelve.bottleCount).toBe(12);
      await page.reload();
      await expect(page.getByTestId('free-shipping-message')).toHaveText(
        'La livraison vous est offerte.',
      );
      await expect(home).toBeChecked();
      await expect(page.getByTestId('delivery-fee')).toHaveText('Offerts');
      expect(plain(await page.getByTestId('delivery-total').textContent())).toBe(
        price(twelve.totalProduct),
      );

      // Click-and-collect: free, the carrier and the commune are reset.
      await page.getByRole('radio', { name: /click & collect/ }).check();
      await expect(page.getByTestId('delivery-fee')).toHaveText('Gratuit');
      await expect(carriers).toHaveCount(0);
      await expect(page.getByTestId('click-and-collect-address')).toContainText(
        'Domaine des Trois Coteaux',
      );
      const stored = await page.evaluate(
        () =>
          JSON.parse(localStorage.getItem('comptoir-cart')!) as {
            state: { carrier: unknown; city: unknown; deliveryType: string };
          },
      );
      expect(stored.state).toMatchObject({
        carrier: null,
        city: null,
        deliveryType: 'clickAndCollect',
      });

      // The calendar with the keyboard only: a day (Enter), then a slot (Space), which is held.
      const calendar = page.getByRole('table');
      await expect(calendar).toBeVisible();
      let day = calendar.getByRole('button').first();
      if ((await calendar.getByRole('button').count()) === 0) {
        await page.getByRole('button', { name: 'Mois suivant' }).press('Enter');
        await expect(page.getByRole('table')).toBeVisible();
        day = page.getByRole('table').getByRole('button').first();
      }
      await day.focus();
      await page.keyboard.press('Enter');
      await expect(day).toHaveAttribute('aria-pressed', 'true');
      // The focus moves on to the day's slots; Tab reaches the first.
      const slots = page.getByRole('group', { name: /^Créneaux du/ });
      await expect(slots).toBeFocused();
      await page.keyboard.press('Tab');
      const firstSlot = slots.getByRole('radio').first();
      await expect(firstSlot).toBeFocused();
      const held = page.waitForResponse(
        (response) => /\/api\/calendar\/\d+\/hold$/.test(response.url()) && response.ok(),
      );
      await page.keyboard.press('Space');
      await held;
      await expect(firstSlot).toBeChecked();
      await expect(page.getByTestId('chosen-slot')).toContainText('Créneau réservé');
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, {
        path: testInfo.outputPath(`click-and-collect-${device}.png`),
        fullPage: true,
      });

      // Back to delivery: the commune was reset; a relay carrier and its point, by keyboard.
      await page.getByRole('radio', { name: 'Livraison', exact: true }).check();
      await expect(page.getByRole('combobox', { name: 'Code postal ou ville' })).toHaveValue('');
      await chooseAngers(page, 'Angers');
      const relayCarrier = carriers.getByRole('radio', { name: /Relais Vignes/ });
      await expect(relayCarrier).not.toBeChecked();
      await expect(page.getByTestId('delivery-fee')).toHaveText('À choisir');
      await relayCarrier.check();
      await expect(page.getByTestId('delivery-fee')).toHaveText('Offerts');
      const points = page.getByRole('group', { name: 'Point relais' });
      const pointRadios = points.getByRole('radio');
      // Angers's points come first, nearest first (at most ten).
      await expect(pointRadios).toHaveCount(10);
      await expect(points).toContainText('Tabac Presse du Ralliement');
      await pointRadios.first().focus();
      await page.keyboard.press('Space');
      await expect(pointRadios.first()).toBeChecked();
      await page.keyboard.press('ArrowDown');
      await expect(pointRadios.nth(1)).toBeChecked();
      await expect(pointRadios.nth(1)).toBeFocused();
      const secondPoint = plain(
        await pointRadios
          .nth(1)
          .evaluate((input) => input.closest('label')!.querySelector('span span')!.textContent),
      );
      await expectNoSeriousAccessibilityViolations(page);

      // A reload keeps every choice.
      await page.reload();
      await expect(page.getByRole('radio', { name: 'Livraison', exact: true })).toBeChecked();
      await expect(page.getByRole('combobox', { name: 'Code postal ou ville' })).toHaveValue(
        '49000 Angers',
      );
      await expect(carriers.getByRole('radio', { name: /Relais Vignes/ })).toBeChecked();
      await expect(
        points.getByRole('radio', { name: new RegExp(`^${secondPoint}`) }),
      ).toBeChecked();
      await expect(page.getByTestId('delivery-fee')).toHaveText('Offerts');
      const kept = await cartOfPage(page, twelve.id);
      expect(plain(await page.getByTestId('delivery-total').textContent())).toBe(
        price(kept.totalProduct),
      );
      await saveScreenshot(page, {
        path: testInfo.outputPath(`relay-${device}.png`),
        fullPage: true,
      });

      // The cart page shows the fee and the total too.
      await page.goto(wineSite(baseURL, '/panier'));
      await expect(page.getByTestId('cart-delivery-fee')).toHaveText('Offerts');
      expect(plain(await page.getByTestId('cart-grand-total').textContent())).toBe(
        price(kept.totalProduct),
      );
    });
  });
}
