import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { newCustomer } from './support/accounts';
import { openWineShop } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * After registering at the foot of the long /auth page, the account opens at its top, its heading
 * on screen, on a desktop and a phone. It opened about 530 px down, its heading off screen: the
 * stylesheet's smooth scrolling turned the router's jump to the top into a slow scroll that the
 * router then cut short.
 */

/** The heading's box is wholly inside the viewport. */
async function expectOnScreen(page: Page, name: string) {
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  await expect
    .poll(async () => {
      const box = await heading.boundingBox();
      const height = page.viewportSize()!.height;
      return box !== null && box.y >= 0 && box.y + box.height <= height;
    })
    .toBe(true);
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`the account after registering, on ${device}`, () => {
    test.use({ viewport });

    test('opens at its top with its heading on screen', async ({ page, baseURL }, testInfo) => {
      const customer = newCustomer('Margaux', 'Lefèvre');
      await openWineShop(page, baseURL, '/auth');
      const form = page.getByRole('form', { name: 'Création de compte' });
      await form.getByLabel('Prénom').fill(customer.firstname);
      await form.getByLabel('Nom', { exact: true }).fill(customer.lastname);
      await form.getByLabel('Adresse e-mail').fill(customer.email);
      await form.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
      await form.getByLabel('Confirmation du mot de passe').fill(customer.password);
      // The wine shop sells alcohol: it asks an adult's birth date (decision 0109).
      await form.getByLabel('Date de naissance').fill('1990-04-12');
      await form.getByRole('checkbox', { name: /^Je reconnais avoir lu et compris/ }).check();
      const submit = form.getByRole('button', { name: 'Créer mon compte' });
      await submit.scrollIntoViewIfNeeded();
      // The form's button is far down the page: the visitor has scrolled to it.
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
      await submit.click();

      await expect(page).toHaveURL(/\/mon-compte$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Mes informations' })).toBeVisible();
      await expectOnScreen(page, 'Mon espace personnel');
      // Still there once every scroll has settled.
      await page.waitForTimeout(1_000);
      await expectOnScreen(page, 'Mon espace personnel');
      await saveScreenshot(page, { path: testInfo.outputPath(`account-${device}.png`) });
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
}
