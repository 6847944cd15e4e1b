import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createOwnSite, loginOnOwnSite } from './support/own-site';
import { rememberPopupsClosed } from './support/welcome-popup';
import { saveScreenshot } from './support/screenshots';

/*
 * A wine shop's owner in the back office's catalogue: adds a wine with two vintages, finds it on
 * the storefront, then changes its stock with a spreadsheet (semicolons, French decimals) and sees
 * the storefront follow. On a wine shop of the journey's own, made from the platform's template
 * (support/own-site.ts): the journeys that count the seeded shop's wines (site 92) never see it.
 */

// Server renders after a save take seconds on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

async function look(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner adds a wine with two vintages, sees it in the shop and imports its stock', async ({
  page,
}) => {
  // A busy machine: the product form is long and axe reads it whole.
  test.setTimeout(400_000);
  const name = `Cuvée Journée ${Date.now().toString(36)}`;
  const site = await createOwnSite('vins', 'WINE_SHOP');
  await loginOnOwnSite(page, site);

  await page.goto(site.url('/admin/catalogue'));
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Catalogue', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoSeriousAccessibilityViolations(page);
  await look(page, 'catalogue');

  // A new wine with two vintages, typed the French way.
  await page.getByRole('link', { name: 'Ajouter un produit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau produit' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Résumé (facultatif)' }).fill('Un rouge de fête.');
  await page.getByRole('textbox', { name: 'Appellation (facultatif)' }).fill('Anjou');
  await page.getByRole('textbox', { name: 'Degré d’alcool en % (facultatif)' }).fill('12,5');
  const first = page.getByRole('group', { name: 'Déclinaison 1' });
  await first.getByRole('textbox', { name: 'Millésime (facultatif)' }).fill('2021');
  await first.getByRole('textbox', { name: 'Prix en €', exact: true }).fill('14,50');
  await first.getByRole('textbox', { name: 'Stock (bouteilles)' }).fill('12');
  await page.getByRole('button', { name: 'Ajouter une déclinaison' }).click();
  const second = page.getByRole('group', { name: 'Déclinaison 2' });
  await second.getByRole('textbox', { name: 'Millésime (facultatif)' }).fill('2022');
  await second.getByRole('textbox', { name: 'Prix en €', exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Créer le produit' }).click();
  // A wrong price is named under its field before anything is sent.
  await expect(second.getByText('Saisissez un montant en euros, par exemple 12,50.')).toBeVisible();
  await second.getByRole('textbox', { name: 'Prix en €', exact: true }).fill('12,90');
  await second.getByRole('textbox', { name: 'Stock (bouteilles)' }).fill('6');
  await expectNoSeriousAccessibilityViolations(page);
  await look(page, 'new-product');
  await page.getByRole('button', { name: 'Créer le produit' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const productId = Number(/\/admin\/catalogue\/(\d+)/.exec(page.url())?.[1]);
  expect(productId).toBeGreaterThan(0);

  // The storefront shows it with its two vintages.
  const shop = await page.context().newPage();
  await rememberPopupsClosed(shop, site.id);
  await shop.goto(site.url(`/nos-vins?recherche=${encodeURIComponent(name)}`));
  const href = await shop.getByRole('link', { name, exact: true }).getAttribute('href');
  await shop.goto(site.url(href!));
  await expect(shop.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shop.getByText('14,50', { exact: false }).first()).toBeVisible();

  // The export names the declinations; the owner's sheet sets the 2021 vintage to 0.
  await page.goto(site.url('/admin/catalogue'));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporter les produits et stocks (CSV)' }).click();
  const exported = await (await downloading).path();
  const { readFile } = await import('node:fs/promises');
  const lines = (await readFile(exported, 'utf8')).split('\r\n');
  const line2021 = lines.find((line) => line.includes(`;${productId};`) && line.includes(';2021;'));
  const line2022 = lines.find((line) => line.includes(`;${productId};`) && line.includes(';2022;'));
  expect(line2021).toContain(';14,50;');
  const id2021 = line2021!.split(';')[0]!.replace('\ufeff', '');
  const id2022 = line2022!.split(';')[0]!;

  const importSection = page.getByRole('region', { name: 'Importer un fichier CSV' });
  await importSection.getByLabel('Fichier CSV').setInputFiles({
    name: 'stocks.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`id_declinaison;stock;prix\n${id2021};0;15,00\n${id2022};abc;12,90\n`),
  });
  await importSection.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(
    importSection.getByText('1 ligne(s) à corriger : rien ne sera importé'),
  ).toBeVisible();
  await expect(importSection.getByText('Ligne 3', { exact: true })).toBeVisible();

  await importSection.getByLabel('Fichier CSV').setInputFiles({
    name: 'stocks.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`id_declinaison;stock;prix\n${id2021};0;15,00\n${id2022};30;12,90\n`),
  });
  await importSection.getByRole('button', { name: 'Vérifier le fichier' }).click();
  await expect(importSection.getByText('2 changement(s) sur 2 ligne(s)')).toBeVisible();
  await expect(importSection.getByText('14,50 € →')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await look(page, 'import-preview');
  await importSection.getByRole('button', { name: 'Appliquer ces changements' }).click();
  await expect(importSection.getByText('Import terminé : 2 ligne(s) appliquée(s).')).toBeVisible();

  // The admin list and the low-stock list follow; the storefront shows the vintage sold out.
  const products = page.getByRole('region', { name: /^Produits/ });
  await expect(
    products.getByRole('row').filter({ hasText: '2022' }).filter({ hasText: '30' }).first(),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Stocks bas' })
      .getByRole('listitem')
      .filter({ hasText: name }),
  ).toContainText('épuisé');

  await expect(async () => {
    await shop.reload();
    // The page opens on the first vintage in stock: with 2021 sold out, on 2022 at 12,90 €.
    await expect(shop.getByRole('main')).toContainText('12,90', { timeout: 1_000 });
    await expect(shop.getByRole('main')).not.toContainText('14,50', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await shop.close();

  // Keyboard: the bulk edit adds stock to the selected vintage.
  await products.getByRole('checkbox', { name: `Choisir ${name}, 2021 · 75 cl` }).check();
  const bulk = page.getByRole('region', { name: /^Modifier la sélection/ });
  await bulk.getByLabel('Stock', { exact: true }).selectOption('ADD');
  await bulk.getByLabel('Nombre de bouteilles').fill('4');
  await bulk.getByRole('button', { name: 'Appliquer à la sélection' }).press('Enter');
  await expect(
    products.getByRole('row').filter({ hasText: '2021' }).filter({ hasText: name }),
  ).toContainText('4');
  await expect(bulk.getByRole('heading')).toHaveText('Modifier la sélection (0)');
  await look(page, 'bulk-edit');
});
