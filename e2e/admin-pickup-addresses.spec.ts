import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { loginAsOwner, wineSite } from './support/wine-shop';

/*
 * The wine shop's owner (site 92) adds a click-and-collect address in the back office's delivery
 * screen, then stops click-and-collect there. While it offers click-and-collect, the storefront's
 * pick-up step would offer it too, beside the seeded estate that the checkout, shop-pages and
 * pickup-calendar journeys choose: this journey runs after them (playwright.config.ts).
 */

test('the owner adds a click-and-collect address and stops it', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const suffix = randomBytes(3).toString('hex');
  await loginAsOwner(page, baseURL);
  await page.goto(wineSite(baseURL, '/admin/livraison'));
  await expect(page.getByRole('heading', { level: 1, name: 'Livraison' })).toBeVisible();
  // Stopping click-and-collect asks for a confirmation.
  page.on('dialog', (dialog) => void dialog.accept());

  // A new address offering click-and-collect, then click-and-collect stopped there.
  await page.setViewportSize({ width: 390, height: 844 });
  const label = `Chai ${suffix}`;
  const newAddress = page.getByRole('region', { name: 'Ajouter une adresse de retrait' });
  await newAddress.getByLabel('Nom', { exact: true }).fill(label);
  await newAddress.getByLabel('Adresse', { exact: true }).fill('3 rue du Pressoir');
  await newAddress.getByLabel('Code postal').fill('49320');
  await newAddress.getByLabel('Ville').fill('Brissac');
  await newAddress.getByRole('button', { name: 'Ajouter l’adresse' }).click();
  const address = page.getByRole('region', { name: label });
  await expect(address.getByText(/retrait en boutique proposé/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: test.info().outputPath('pickup-390.png'), fullPage: true });
  await address.getByRole('button', { name: 'Ne plus proposer le retrait ici' }).click();
  await expect(address.getByText(/pas de retrait en boutique/)).toBeVisible();
});
