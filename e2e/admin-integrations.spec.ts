import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import {
  createOwnSite,
  loginOnOwnSite,
  putInOwnCart,
  stockOwnShop,
  type OwnSite,
} from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * The owner of a wine shop of their own (support/own-site.ts) opens « Intégrations », chooses
 * Mondial Relay with their account and saves it; the API checks the account against the fake
 * Mondial Relay service (apps/api/src/test/fake-mondial-relay.ts, started by the journeys'
 * configuration). At the delivery step, a search near Brest — where the demo points have none —
 * lists the provider's points. A wrong private key is refused with Mondial Relay's reason, and
 * the key typed is never shown back. Decision 0108.
 */

/** Mondial Relay's public test account, which the fake service knows. */
const ACCOUNT = { brand: 'BDTEST13', privateKey: 'PrivateK' };
/** The key as a value: not the "…PrivateKey" of a field's name. */
const KEY_SHOWN = /PrivateK(?!ey)/;

/** A relay carrier and a white wine, for a guest to reach the delivery step's relay points. */
function stockTheShop(site: OwnSite, suffix: string) {
  return stockOwnShop(site, {
    carrier: { name: `Relais ${suffix}`, deliveryType: 'PICKUP', priceCents: () => 590 },
    wine: {
      kind: 'WHITE',
      name: `Muscadet ${suffix}`,
      region: null,
      appellation: null,
      alcoholTenths: 120,
      year: 2024,
      priceCents: 1100,
    },
  });
}

async function look(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveScreenshot(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner connects Mondial Relay on the integrations screen and checkout lists its points near Brest', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const suffix = randomBytes(3).toString('hex');
  const site = await createOwnSite('integrations', 'WINE_SHOP');
  const { carrier, declinationId } = await stockTheShop(site, suffix);
  await loginOnOwnSite(page, site);

  // The screen, as the owner finds it: demo points, no key kept.
  await page.goto(site.url('/admin/integrations'));
  await expect(page.getByRole('heading', { level: 1, name: 'Intégrations' })).toBeVisible();
  const relay = page.getByRole('region', { name: 'Points relais' });
  await expect(relay.getByRole('radio', { name: 'Points de démonstration' })).toBeChecked();
  await expectNoSeriousAccessibilityViolations(page);

  // A wrong key: Mondial Relay's reason beside the key, nothing saved.
  await relay.getByRole('radio', { name: 'Mondial Relay' }).check();
  await relay.getByLabel('Code enseigne Mondial Relay').fill(ACCOUNT.brand);
  const keyField = relay.getByLabel('Clé privée Mondial Relay');
  await keyField.fill('WrongKey');
  await relay.getByRole('button', { name: 'Enregistrer les points relais' }).click();
  await expect(relay.getByRole('status')).toContainText('Clé de sécurité invalide (code 97)');
  await expect(keyField).toHaveAttribute('aria-invalid', 'true');

  // The right one: accepted, the box emptied, the key only said to be kept.
  await keyField.fill(ACCOUNT.privateKey);
  await relay.getByRole('button', { name: 'Enregistrer les points relais' }).click();
  await expect(relay.getByRole('status')).toHaveText(
    'Compte Mondial Relay accepté : vos clients choisissent parmi ses points relais.',
  );
  await expect(keyField).toHaveValue('');
  await expect(
    relay.getByText('Clé enregistrée (••••). Laissez vide pour la garder.'),
  ).toBeVisible();
  await expect(page.locator('body')).not.toContainText(KEY_SHOWN);
  await expectNoSeriousAccessibilityViolations(page);
  await look(page, 'integrations');

  // After a reload the choice is still there, and the key is still not shown.
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Points relais' })
      .getByRole('radio', { name: 'Mondial Relay' }),
  ).toBeChecked();
  expect(await page.content()).not.toMatch(KEY_SHOWN);

  // At the delivery step, a customer near Brest sees the provider's points.
  await putInOwnCart(page, site, declinationId, 2);
  await page.goto(site.url('/panier/livraison'));
  const field = page.getByRole('combobox', { name: 'Code postal ou ville' });
  const brest = page.getByRole('option', { name: '29200 Brest' });
  await expect(async () => {
    await field.fill('');
    await field.fill('29200');
    await expect(brest).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await brest.click();
  await page
    .getByRole('group', { name: 'Transporteur' })
    .getByRole('radio', { name: new RegExp(carrier.name) })
    .check();
  const points = page.getByRole('group', { name: 'Point relais' });
  await expect(points.getByRole('radio')).toHaveCount(3, { timeout: 20_000 });
  await expect(points).toContainText('TABAC PRESSE DE SIAM');
  await expect(points).toContainText('LA CAVE DU PORT & FILS');
  await expect(points).toContainText('42 RUE DE SIAM');
  await expectNoSeriousAccessibilityViolations(page);
  await look(page, 'delivery-step-mondial-relay');
});
