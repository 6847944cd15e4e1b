import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { openWineShop, plain, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * Buying from a product page of site 92 (Domaine des Trois Coteaux), on a desktop and a phone:
 * browse to a wine, pick a vintage and a magnum, answer its customizations in sequence and see
 * the price follow, choose a quantity by multiples, meet each of the spec's quantity messages
 * (docs/requirements/cart.md) as the API answers them, and see the confirmation.
 */

/** A 1×1 PNG: a real image, recognised by its first bytes. */
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const catalogue = (page: Page) => page.getByRole('region', { name: 'Catalogue' });
const customization = (page: Page) => page.getByRole('region', { name: 'Personnalisation' });
const step = (page: Page, name: string | RegExp) =>
  customization(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name }) });
/** A text field with suggestions (the picker's multiples): a combobox. */
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

/** Adds with the quantity typed as given, and returns what the purchase box then says. */
async function addWithQuantity(page: Page, typed: string, expected: string | RegExp) {
  await quantity(page).fill(typed);
  await addButton(page).click();
  await expectText(outcome(page), expected);
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

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`buying on ${device}`, () => {
    test.use({ viewport });

    test('a red wine: vintage and magnum, an engraving by tiers and a gift wrap, then each quantity message', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      await openWineShop(page, baseURL, '/nos-vins');

      // Browse: the reds, by name.
      await catalogue(page).getByRole('link', { name: 'Rouges' }).click();
      await expect(page).toHaveURL(/categorie=rouge/);
      await catalogue(page).getByLabel('Trier par').selectOption({ label: 'Nom (A à Z)' });
      await expect(page).toHaveURL(/tri=nom/);
      await catalogue(page)
        .getByRole('link', { name: 'Anjou Rouge Les Trois Coteaux', exact: true })
        .click();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Anjou Rouge Les Trois Coteaux' }),
      ).toBeVisible({ timeout: 15_000 });

      // The 2022 magnum.
      const price = page.getByTestId('product-price');
      await page
        .getByRole('group', { name: 'Millésime' })
        .getByRole('radio', { name: '2022' })
        .check();
      await page
        .getByRole('group', { name: 'Format' })
        .getByRole('radio', { name: /Magnum 1,5 L/ })
        .check();
      await expectText(price, '22,00 €');
      await look(page, testInfo, `magnum-${device}`);

      // Step 1: the engraving, priced by its length.
      const engraving = step(page, /Gravure sur la bouteille/);
      await expect(engraving).toHaveAttribute('aria-current', 'step');
      await expect(step(page, /Emballage cadeau/)).toContainText('À compléter');
      const text = engraving.getByRole('textbox', { name: 'Votre texte' });
      await text.fill('Léa');
      await expect(engraving).toContainText(
        '3 caractères sur 40 · Tarif : Jusqu’à 9 caractères (inclus)',
      );
      await expectText(page.getByTestId('customization-cost'), 'incluse');
      await expectText(page.getByTestId('customized-price'), '22,00 €');
      await text.fill('Joyeux anniversaire');
      await expectText(
        engraving.getByText(/caractères sur 40/),
        /19 caractères sur 40 · Tarif : De 10 à 19 caractères \(\+5,00 €\)/,
      );
      await expectText(page.getByTestId('customization-cost'), '+5,00 €');
      await expectText(page.getByTestId('customized-price'), '27,00 €');
      await text.fill('Joyeux anniversaire Papa');
      await expectText(page.getByTestId('customized-price'), '30,00 €');
      await expectNoSeriousAccessibilityViolations(page);
      await engraving.getByRole('button', { name: 'Enregistrer et continuer' }).click();

      // Saving opens the next step, and takes the focus there.
      await expect(engraving).toContainText('« Joyeux anniversaire Papa »');
      const wrap = step(page, /Emballage cadeau/);
      await expect(wrap).toHaveAttribute('aria-current', 'step');
      await expect(wrap.getByRole('heading', { level: 3 })).toBeFocused();
      await wrap.getByRole('checkbox', { name: /Emballage cadeau \(\+3,50 €\)/ }).check();
      await expectText(page.getByTestId('customization-cost'), '+11,50 €');
      await expectText(page.getByTestId('customized-price'), '33,50 €');
      await wrap.getByRole('checkbox').uncheck();
      await expectText(page.getByTestId('customized-price'), '30,00 €');
      await wrap.getByRole('checkbox').check();
      await wrap.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(customization(page)).toContainText('Votre personnalisation est enregistrée');

      // Each of the spec's quantity messages (docs/requirements/catalogue.md), as the catalogue words it in French
      // (decision 0084).
      await addWithQuantity(page, '0', 'La quantité doit être d’au moins 1.');
      await expect(quantity(page)).toHaveAttribute('aria-invalid', 'true');
      await addWithQuantity(page, '11', 'Il ne reste que 10 bouteilles en stock.');
      await look(page, testInfo, `error-${device}`);
      // Not a number: the multiple.
      await quantity(page).fill('deux');
      await quantity(page).blur();
      await expect(quantity(page)).toHaveValue('1');
      await expect(quantity(page)).not.toHaveAttribute('aria-invalid');

      // The picker by keyboard: − is floored at the multiple, + adds one.
      const less = page.getByRole('button', { name: 'Retirer 1 bouteille' });
      const more = page.getByRole('button', { name: 'Ajouter 1 bouteille' });
      await expect(less).toBeDisabled();
      await more.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Space');
      await expect(quantity(page)).toHaveValue('3');
      await less.focus();
      await page.keyboard.press('Enter');
      await expect(quantity(page)).toHaveValue('2');
      await expectText(page.getByTestId('customized-total'), '67,00 €');

      await addButton(page).click();
      await expectText(
        outcome(page),
        '2 bouteilles ajoutées à votre panier. Il contient maintenant 2 articles. Voir le panier',
      );
      await look(page, testInfo, `added-${device}`);
      await expect(outcome(page).getByRole('link', { name: 'Voir le panier' })).toHaveAttribute(
        'href',
        '/panier',
      );
      await expectNoSeriousAccessibilityViolations(page);
    });

    test('a label of one’s own: a file checked by content, its form, a finish, sold by six', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      await openWineShop(page, baseURL, '/nos-vins');
      await openProduct(page, baseURL, 'Cuvée Votre Étiquette');
      await expectText(page.getByTestId('product-price'), '12,90 €');
      await expect(page.getByText('Vendu par 6 bouteilles.')).toBeVisible();

      // The steps load as they come near the screen: on a phone, under the vintage's label, the
      // visitor scrolls down to them.
      await addButton(page).scrollIntoViewIfNeeded();
      // Step 1: the picture. An HTML page renamed .png is refused by its content.
      const picture = step(page, /Votre photo ou votre logo/);
      const file = picture.getByLabel(/Votre fichier/);
      await file.setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      });
      await expect(picture).toContainText(
        'Ce type de fichier n’est pas accepté. Formats acceptés : PNG, JPEG, WebP, PDF.',
      );
      await expect(file).toHaveAttribute('aria-invalid', 'true');
      await picture.getByRole('button', { name: 'Enregistrer et continuer' }).click();
      await expect(picture.getByRole('alert')).toHaveText(/celui-ci est refusé/);

      await file.setInputFiles({ name: 'mariage.png', mimeType: 'image/png', buffer: PNG_1PX });
      await expect(picture).toContainText('« mariage.png » est accepté');
      // 15 % of 12,90 €.
      await expectText(page.getByTestId('customization-cost'), '+1,94 €');

      // Its form: the required fields are checked by the form's own rules before saving.
      await expect(
        picture.getByRole('group', { name: 'Votre étiquette personnalisée' }),
      ).toBeVisible();
      await picture.getByRole('button', { name: 'Enregistrer et continuer' }).click();
      await expect(picture.getByRole('textbox', { name: 'Occasion' })).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await picture.getByRole('textbox', { name: 'Occasion' }).fill('Mariage de Léa et Tom');
      await picture
        .getByRole('textbox', { name: "Texte de l'étiquette" })
        .fill('Léa & Tom, 12 juin 2027');
      await expectNoSeriousAccessibilityViolations(page);
      await look(page, testInfo, `file-${device}`);
      await picture.getByRole('button', { name: 'Enregistrer et continuer' }).click();

      // Step 2: the finish, a select.
      const finish = step(page, /Finition de l’étiquette/);
      await expect(finish).toHaveAttribute('aria-current', 'step');
      await expect(picture).toContainText('mariage.png · Mariage de Léa et Tom');
      // A required choice starts on its free option (issue 30).
      await expect(finish.getByRole('heading', { level: 3 })).toContainText('(obligatoire)');
      await expect(finish.getByRole('radio', { name: 'Papier mat (inclus)' })).toBeChecked();
      await finish.getByRole('radio', { name: /Dorure à chaud \(\+1,50 €\)/ }).check();
      await expectText(page.getByTestId('customization-cost'), '+3,44 €');
      await expectText(page.getByTestId('customized-price'), '16,34 €');
      await finish.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(finish).toContainText('Dorure à chaud');

      // Sold by six: the picker steps by six and offers the first twenty multiples.
      await expect(quantity(page)).toHaveValue('6');
      await expect(page.locator('datalist option')).toHaveCount(20);
      await expect(page.locator('datalist option').last()).toHaveAttribute('value', '120');
      await expectText(page.getByTestId('customized-total'), '98,04 €');
      await addWithQuantity(
        page,
        '4',
        'Ce produit se vend par multiples de 6 : choisissez 6, 12, 18…',
      );
      await quantity(page).fill('6');
      await page.getByRole('button', { name: 'Ajouter 6 bouteilles' }).click();
      await expect(quantity(page)).toHaveValue('12');
      await expectText(page.getByTestId('customized-total'), '196,08 €');
      await addButton(page).click();
      await expectText(
        outcome(page),
        '12 bouteilles ajoutées à votre panier. Il contient maintenant 12 articles. Voir le panier',
      );
      await expectNoSeriousAccessibilityViolations(page);
    });

    test('a carton is bought one at a time and named as a carton; a case while its stock lasts', async ({
      page,
      baseURL,
    }, testInfo) => {
      test.slow();
      await openWineShop(page, baseURL, '/nos-vins?categorie=coffret');
      // The list names each box's format as a carton of its bottles (decision 0085).
      const card = catalogue(page)
        .getByRole('article')
        .filter({ has: page.getByRole('link', { name: 'Carton Panaché Rouge et Rosé' }) });
      await expect(card).toContainText('Carton de 6 bouteilles');
      await expect(card).not.toContainText('Grand format');

      await openProduct(page, baseURL, 'Carton Panaché Rouge et Rosé');
      await expectText(page.getByTestId('product-price'), '52,00 €');
      await expect(page.getByText(/^Vendu par/)).toHaveCount(0);
      await expect(quantity(page)).toHaveValue('1');
      // No customization: the steps' code is not even fetched.
      await expect(page.getByRole('region', { name: 'Personnalisation' })).toHaveCount(0);
      await look(page, testInfo, `carton-${device}`);
      await addButton(page).click();
      await expectText(
        outcome(page),
        '1 unité ajoutée à votre panier. Il contient maintenant 1 article. Voir le panier',
      );
      await expectNoSeriousAccessibilityViolations(page);

      // The three-bottle box too, then the prestige case: four left, all of them can be had.
      await openProduct(page, baseURL, 'Coffret Découverte du Layon');
      await expect(quantity(page)).toHaveValue('1');
      await page.getByRole('button', { name: 'Ajouter 1 unité' }).click();
      await expect(quantity(page)).toHaveValue('2');
      await addButton(page).click();
      await expectText(
        outcome(page),
        '2 unités ajoutées à votre panier. Il contient maintenant 3 articles. Voir le panier',
      );
      await openProduct(page, baseURL, 'Caisse Bois Prestige');
      await addWithQuantity(page, '5', 'Il ne reste que 4 articles en stock.');
      await addWithQuantity(
        page,
        '1',
        '1 unité ajoutée à votre panier. Il contient maintenant 4 articles. Voir le panier',
      );

      // The cart names each box as a carton, never as a large format of wine.
      await page.goto(wineSite(baseURL, '/panier'));
      const line = page
        .getByTestId('cart-line')
        .filter({ has: page.getByRole('heading', { name: 'Carton Panaché Rouge et Rosé' }) });
      await expect(line).toContainText('Carton de 6 bouteilles');
      await expect(page.getByTestId('cart-line').filter({ hasText: 'Grand format' })).toHaveCount(
        0,
      );
      await expect(
        page
          .getByTestId('cart-line')
          .filter({ has: page.getByRole('heading', { name: 'Coffret Découverte du Layon' }) }),
      ).toContainText('Carton de 3 bouteilles');
      await look(page, testInfo, `carton-cart-${device}`);
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
}
