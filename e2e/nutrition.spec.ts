import { expect, test, type TestInfo, type Page } from '@playwright/test';
import { getProduct, getProducts } from '@comptoir/contract/product';
import { formatEnergy, formatGrams } from '@comptoir/domain/nutrition';
import { apiFor } from './support/api';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { openWineShop } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * A French wine shop's legal label (decision 0102): on site 92, where NUTRITIONAL_TABLE is on,
 * a wine's page shows the chosen vintage's nutrition declaration per 100 ml and its ingredients,
 * sulfites in bold, before the button that buys it; the ethylotest message sits under the alcohol
 * message in the footer of every page (decision 0109).
 */

const ETHYLOTEST = 'Avant de prendre le volant, pensez à l’éthylotest';
const WINE = 'Coteaux du Layon Tradition';

async function look(page: Page, testInfo: TestInfo, name: string) {
  await saveScreenshot(page, { path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`nutrition label on ${device}`, () => {
    test.use({ viewport });

    test('a sweet wine’s page shows its declaration and ingredients before purchase', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      const api = apiFor(92);
      const { siteProducts } = await api.call(getProducts, {
        query: { search: 'Layon Tradition' },
      });
      const summary = siteProducts.find((product) => product.name === WINE)!;
      const product = await api.call(getProduct, { params: { id: summary.id } });
      // The page opens on the first vintage in stock: the 2022 bottle.
      const chosen = product.declinations[0]!;
      expect(chosen.year).toBe(2022);
      const label = product.labels.find((item) => item.declinationId === chosen.id)!;
      expect(label.nutrition).not.toBeNull();

      await openWineShop(page, baseURL, `/nos-vins/${product.slug}-${product.id}`);
      await expect(page.getByRole('heading', { level: 1, name: WINE })).toBeVisible();

      const box = page.getByTestId('nutrition-label');
      await expect(box).toBeVisible();
      // The energy stays in sight; the table opens from its summary, by keyboard too.
      const summaryLine = box.locator('summary');
      await expect(summaryLine).toContainText(`${formatEnergy(label.nutrition!)} pour 100 ml`);
      const table = box.getByRole('table', { name: 'Déclaration nutritionnelle, pour 100 ml' });
      await expect(table).toBeHidden();
      await summaryLine.focus();
      await page.keyboard.press('Enter');
      await expect(table).toBeVisible();
      await expect(table.getByRole('row', { name: /dont sucres/ })).toContainText(
        formatGrams(label.nutrition!.sugarsCg),
      );
      await expect(table.getByRole('columnheader', { name: 'Pour 100 ml' })).toBeVisible();

      // Ingredients, the allergen emphasised.
      await expect(box.locator('p', { hasText: 'Ingrédients' })).toHaveText(
        'Ingrédients : raisins, conservateur : sulfites.',
      );
      await expect(box.locator('strong')).toHaveText('sulfites');

      // Before purchase: the label comes before the button in the page.
      const button = page.getByRole('button', { name: 'Ajouter au panier' });
      await expect(button).toBeVisible();
      const before = await box.evaluate(
        (element, target) =>
          Boolean(element.compareDocumentPosition(target!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await button.elementHandle(),
      );
      expect(before).toBe(true);

      // The prevention messages, the ethylotest one under the alcohol one, in the footer (0109).
      await expect(page.getByText("L'abus d'alcool est dangereux pour la santé")).toBeVisible();
      await expect(page.getByText(ETHYLOTEST)).toBeVisible();

      await expectNoSeriousAccessibilityViolations(page);
      await look(page, testInfo, `nutrition-${device}`);

      // The wine list carries the ethylotest message too (every page's footer).
      await page.goto(page.url().replace(/\/nos-vins\/.*$/, '/nos-vins'));
      await expect(page.getByText(ETHYLOTEST)).toBeVisible();
    });
  });
}
