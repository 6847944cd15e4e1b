import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { openWineShop, plain, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * The shop's words on site 92 (issue 30, items 1 to 3; decision 0084), on a desktop and a phone:
 * the API's English messages read in French on the product page and in the cart; a required
 * step says so, its free option is chosen already, and no field key reaches the page; the cart's
 * quantity field shows what the cart kept after a refusal.
 */

/** A 1×1 PNG: a real image, recognised by its first bytes. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const MULTIPLE_OF_SIX = 'Ce produit se vend par multiples de 6 : choisissez 6, 12, 18…';
/** A field key as the API writes it (« customizations.2 », « delivery.idCarrier »). */
const FIELD_KEY = /\b[a-z]+[A-Za-z]*\.(?:\d+|[a-z][A-Za-z]*)\b\s*:/;
const ENGLISH = /This product|remaining in stock|must be greater|multiple of/;

const catalogue = (page: Page) => page.getByRole('region', { name: 'Catalogue' });
const customization = (page: Page) => page.getByRole('region', { name: 'Personnalisation' });
const step = (page: Page, name: string | RegExp) =>
  customization(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name }) });
const quantity = (page: Page) => page.getByRole('combobox', { name: 'Quantité' });
const addButton = (page: Page) => page.getByRole('button', { name: 'Ajouter au panier' });
const outcome = (page: Page) => page.getByTestId('purchase-outcome');

async function expectText(locator: ReturnType<Page['locator']>, text: string | RegExp) {
  await expect(async () => {
    const value = plain(await locator.textContent());
    if (typeof text === 'string') expect(value).toBe(text);
    else expect(value).toMatch(text);
  }).toPass({ timeout: 10_000 });
}

async function look(page: Page, testInfo: TestInfo, name: string) {
  await saveScreenshot(page, { path: testInfo.outputPath(`${name}.png`), fullPage: false });
}

async function openProduct(page: Page, baseURL: string | undefined, name: string) {
  await page.goto(wineSite(baseURL, `/nos-vins?recherche=${encodeURIComponent(name)}`));
  const href = await catalogue(page).getByRole('link', { name, exact: true }).getAttribute('href');
  await page.goto(wineSite(baseURL, href!));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/**
 * The steps load as they come near the screen (decision 0039): on a phone, below the fold, the
 * visitor scrolls down to them, as to the button under them.
 */
async function showSteps(page: Page) {
  // The placeholder gives way to the steps as they load: scroll to whichever is there.
  await expect(async () => {
    await page
      .getByText('Chargement des personnalisations…')
      .or(customization(page))
      .first()
      .scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(customization(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** « Cuvée Votre Étiquette », sold by six: its picture, its form and a finish. */
async function customizeLabel(page: Page) {
  const picture = step(page, /Votre photo ou votre logo/);
  await picture
    .getByLabel(/Votre fichier/)
    .setInputFiles({ name: 'mariage.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(picture).toContainText('« mariage.png » est accepté');
  await picture.getByRole('textbox', { name: 'Occasion' }).fill('Mariage de Léa et Tom');
  await picture
    .getByRole('textbox', { name: "Texte de l'étiquette" })
    .fill('Léa & Tom, 12 juin 2027');
  await picture.getByRole('button', { name: 'Enregistrer et continuer' }).click();
  const finish = step(page, /Finition de l’étiquette/);
  await finish.getByRole('radio', { name: /Papier vergé/ }).check();
  await finish.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(customization(page)).toContainText('Votre personnalisation est enregistrée');
}

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`the shop's words on ${device}`, () => {
    test.use({ viewport });

    test('the product page says the API’s refusals in French, without a field key', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      await openWineShop(page, baseURL, '/nos-vins');
      await openProduct(page, baseURL, 'Cuvée Votre Étiquette');
      await showSteps(page);

      // Added before its required picture: the API's refusal names the step, not its key.
      await addButton(page).click();
      await expectText(
        outcome(page),
        'La personnalisation n’est pas valide. / « Votre photo ou votre logo » est obligatoire.',
      );

      await customizeLabel(page);
      await quantity(page).fill('4');
      await addButton(page).click();
      await expectText(outcome(page), MULTIPLE_OF_SIX);
      await expect(quantity(page)).toHaveAttribute('aria-invalid', 'true');
      await look(page, testInfo, `shop-words-product-${device}`);
      await expect(page.locator('main')).not.toContainText(ENGLISH);
      await expect(page.locator('main')).not.toContainText(FIELD_KEY);
      await expectNoSeriousAccessibilityViolations(page);

      await quantity(page).fill('6');
      await addButton(page).click();
      await expectText(outcome(page), /^6 bouteilles ajoutées à votre panier\./);
    });

    test('a required step is marked, its free option chosen already, and the wine goes in the cart as it is', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      await openWineShop(page, baseURL, '/nos-vins');
      await openProduct(page, baseURL, 'Coteaux du Layon Tradition');
      await showSteps(page);

      const presentation = step(page, /Présentation/);
      // Seen and heard as required.
      await expect(presentation.getByRole('heading', { level: 3 })).toContainText('(obligatoire)');
      const choices = presentation.getByRole('radiogroup', { name: 'Présentation' });
      await expect(choices).toHaveAttribute('aria-required', 'true');
      // The free option is the default.
      await expect(choices.getByRole('radio', { name: 'Étui carton (inclus)' })).toBeChecked();
      await expect(step(page, /Emballage cadeau/).getByRole('heading', { level: 3 })).toContainText(
        '(facultatif)',
      );
      await look(page, testInfo, `shop-words-required-${device}`);
      await expectNoSeriousAccessibilityViolations(page);

      // Added without touching the steps: the case is the carton one.
      await addButton(page).click();
      await expectText(outcome(page), /^1 bouteille ajoutée à votre panier\./);
      await expect(page.locator('main')).not.toContainText(FIELD_KEY);

      await page.goto(wineSite(baseURL, '/panier'));
      const line = page.getByTestId('cart-line').filter({
        has: page.getByRole('heading', { name: 'Coteaux du Layon Tradition', exact: true }),
      });
      await expect(line).toContainText('Étui carton');
    });

    test('the cart’s quantity field shows what the cart kept after a refusal, and says why in French', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      await openWineShop(page, baseURL, '/nos-vins');
      await openProduct(page, baseURL, 'Cuvée Votre Étiquette');
      await showSteps(page);
      await customizeLabel(page);
      await expect(quantity(page)).toHaveValue('6');
      await addButton(page).click();
      await expectText(outcome(page), /^6 bouteilles ajoutées à votre panier\./);

      await page.goto(wineSite(baseURL, '/panier'));
      const line = page.getByTestId('cart-line').filter({
        has: page.getByRole('heading', { name: 'Cuvée Votre Étiquette', exact: true }),
      });
      const field = line.getByRole('combobox', { name: /^Quantité/ });
      await expect(field).toHaveValue('6');
      const total = plain(await page.getByTestId('cart-total').textContent());

      await field.fill('8');
      await field.press('Enter');
      const alert = line.getByRole('alert');
      await expect(alert).toContainText(MULTIPLE_OF_SIX);
      await expect(alert).toContainText('La quantité reste à 6.');
      // The field, the line and the total say the same: six.
      await expect(field).toHaveValue('6');
      await expect(field).not.toHaveAttribute('aria-invalid', 'true');
      await expect(
        page.getByRole('heading', { name: /Vos articles \(6 articles\)/ }),
      ).toBeVisible();
      expect(plain(await page.getByTestId('cart-total').textContent())).toBe(total);
      await expect(page.locator('main')).not.toContainText(ENGLISH);
      await look(page, testInfo, `shop-words-cart-${device}`);
      await expectNoSeriousAccessibilityViolations(page);

      // + moves from what the cart holds: twelve.
      await line.getByRole('button', { name: 'Ajouter 6 unités' }).click();
      await expect(field).toHaveValue('12');
      await expect(alert).toHaveCount(0);
    });
  });
}
