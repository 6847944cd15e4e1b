import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createOwnSite, loginOnOwnSite } from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * A wine shop's owner adds a click-and-collect address in the back office's delivery screen, then
 * stops click-and-collect there. On a wine shop of the journey's own (support/own-site.ts): while
 * it offers click-and-collect, the storefront's pick-up step offers it, and the checkout, shop-pages
 * and pickup-calendar journeys, which choose site 92's seeded estate, never see it.
 */

test('the owner adds a click-and-collect address and stops it', async ({ page }) => {
  test.setTimeout(240_000);
  const suffix = randomBytes(3).toString('hex');
  const site = await createOwnSite('retrait', 'WINE_SHOP');
  await loginOnOwnSite(page, site);
  await page.goto(site.url('/admin/livraison'));
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
  await saveScreenshot(page, { path: test.info().outputPath('pickup-390.png'), fullPage: true });
  await address.getByRole('button', { name: 'Ne plus proposer le retrait ici' }).click();
  await expect(address.getByText(/pas de retrait en boutique/)).toBeVisible();
});
