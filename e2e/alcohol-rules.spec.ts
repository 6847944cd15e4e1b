import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { MINORS_REFUSED_MESSAGE } from '@comptoir/contract/auth';
import { ORDER_MINOR_REFUSED_MESSAGE } from '@comptoir/contract/order';
import { getProduct, getProducts } from '@comptoir/contract/product';
import { formatGrams } from '@comptoir/domain/nutrition';
import { DEFAULT_ALCOHOL_MESSAGE } from '@comptoir/domain/product-display';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { newCustomer } from './support/accounts';
import { apiFor } from './support/api';
import { addToCart, declinationOf } from './support/shop-cart';
import { openWineShop, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/**
 * A site that sells alcohol is legal by default (decision 0109): on site 92 the health message
 * closes every page's footer, the birth date is asked and a minor refused at registration and at
 * checkout, and each vintage has a public e-label, light and without a cart, readable on a phone.
 */

const ETHYLOTEST = 'Avant de prendre le volant, pensez à l’éthylotest';
const WINE = 'Anjou Rouge Les Trois Coteaux';

/** A birth date that makes its owner 17 today. */
function seventeenYearsAgo(): string {
  const today = new Date();
  return `${today.getFullYear() - 17}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
}

async function look(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  await saveScreenshot(page, { path: testInfo.outputPath(`${name}.png`), fullPage });
}

/** The footer's prevention band, on screen. */
async function expectPreventionInFooter(page: Page) {
  const band = page.locator('footer').getByTestId('alcohol-prevention');
  await band.scrollIntoViewIfNeeded();
  await expect(band).toBeVisible();
  await expect(band).toContainText(DEFAULT_ALCOHOL_MESSAGE);
  await expect(band).toContainText(ETHYLOTEST);
  // Once: the list and the product pages no longer repeat it above the footer.
  await expect(page.getByText(DEFAULT_ALCOHOL_MESSAGE)).toHaveCount(1);
}

test('on site 92 the health message closes every page, and a minor can neither register nor order', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openWineShop(page, baseURL, '/');
  await expectPreventionInFooter(page);
  await expectNoSeriousAccessibilityViolations(page);
  await saveScreenshot(page.locator('footer'), { path: testInfo.outputPath('footer-1280.png') });

  // Registration: the birth date is asked, and a minor is refused in French.
  await page.goto(wineSite(baseURL, '/auth'));
  const customer = newCustomer('Jules', 'Mercier');
  const form = page.getByRole('form', { name: 'Création de compte' });
  await form.getByLabel('Prénom').fill(customer.firstname);
  await form.getByLabel('Nom', { exact: true }).fill(customer.lastname);
  await form.getByLabel('Adresse e-mail').fill(customer.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
  await form.getByLabel('Confirmation du mot de passe').fill(customer.password);
  await form.getByRole('checkbox', { name: /^Je reconnais avoir lu et compris/ }).check();
  const birthdate = form.getByLabel('Date de naissance');
  await expect(birthdate).toBeVisible();
  await birthdate.fill(seventeenYearsAgo());
  await form.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(form.getByText(MINORS_REFUSED_MESSAGE)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/auth/);
  await expectPreventionInFooter(page);

  // The cart and the checkout carry the message too; the checkout asks the guest's birth date.
  await addToCart(page, await declinationOf(WINE, 2023, 75), 1);
  await page.goto(wineSite(baseURL, '/panier'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectPreventionInFooter(page);
  await page.getByRole('link', { name: 'Choisir la livraison' }).click();
  const commune = page.getByRole('combobox', { name: 'Code postal ou ville' });
  const angers = page.getByRole('option', { name: '49000 Angers' });
  await expect(async () => {
    await commune.fill('');
    await commune.fill('49000');
    await expect(angers).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await angers.click();
  await page
    .getByRole('group', { name: 'Transporteur' })
    .getByRole('radio', { name: /Transvin Domicile/ })
    .check();
  await page.getByRole('link', { name: 'Saisir mes coordonnées' }).click();
  await expect(page).toHaveURL(/\/panier\/commande$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Commande' })).toBeVisible();
  await expectPreventionInFooter(page);

  const guest = newCustomer('Lou', 'Garnier');
  const who = page.getByRole('region', { name: 'Vos coordonnées' });
  await who.getByLabel('Adresse e-mail').fill(guest.email);
  await who.getByLabel('Prénom').fill(guest.firstname);
  await who.getByLabel('Nom', { exact: true }).fill(guest.lastname);
  await who.getByLabel('Téléphone').fill('06 12 34 56 78');
  await expect(who.getByText('La vente d’alcool est interdite aux mineurs')).toBeVisible();
  await who.getByLabel('Date de naissance').fill(seventeenYearsAgo());
  const billing = page.getByRole('region', { name: 'Adresse de facturation' });
  await billing.getByLabel('Prénom').fill(guest.firstname);
  await billing.getByLabel('Nom', { exact: true }).fill(guest.lastname);
  await billing.getByLabel('Numéro et rue').fill('3 place du Ralliement');
  await billing.getByLabel('Code postal').fill('49100');
  await billing.getByLabel('Commune').fill('Angers');
  await page.getByRole('radio', { name: /Virement bancaire/ }).check();
  await page.getByRole('checkbox', { name: /conditions générales de vente/ }).check();
  await page.getByRole('button', { name: 'Commander avec obligation de paiement' }).click();
  await expect(page.getByText(ORDER_MINOR_REFUSED_MESSAGE).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page).toHaveURL(/\/panier\/commande$/);
  await expectNoSeriousAccessibilityViolations(page);
  await look(page, testInfo, 'checkout-minor-refused');
});

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`a vintage's e-label on ${device}`, () => {
    test.use({ viewport });

    test('shows the nutrition table per 100 ml and the ingredients, allergens in bold, and nothing to buy', async ({
      page,
      baseURL,
    }, testInfo) => {
      const api = apiFor(92);
      const { siteProducts } = await api.call(getProducts, {
        query: { search: 'Layon Tradition' },
      });
      const product = await api.call(getProduct, { params: { id: siteProducts[0]!.id } });
      const label = product.labels.find((candidate) => candidate.nutrition)!;
      const declination = product.declinations.find((item) => item.id === label.declinationId)!;

      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const response = await page.goto(wineSite(baseURL, `/e-label/${label.declinationId}`));
      expect(response?.status()).toBe(200);
      await expect(
        page.getByRole('heading', { level: 1, name: `${product.name} ${declination.year}` }),
      ).toBeVisible();
      const table = page.getByRole('table', { name: 'Valeurs moyennes pour 100 ml' });
      await expect(table).toBeVisible();
      await expect(table.getByRole('row', { name: /dont sucres/ })).toContainText(
        formatGrams(label.nutrition!.sugarsCg),
      );
      const ingredients = page.getByRole('region', { name: 'Ingrédients' });
      await expect(ingredients.locator('strong')).toHaveText('sulfites');
      await expect(ingredients).toContainText('Les allergènes sont indiqués en gras.');
      await expect(page.getByText(DEFAULT_ALCOHOL_MESSAGE)).toBeVisible();

      // No header, cart, consent banner or tracker: the label and nothing to sell.
      await expect(page.getByRole('link', { name: /Panier/ })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Tout refuser' })).toHaveCount(0);
      await expect(page.getByText(/€/)).toHaveCount(0);
      expect(requests.filter((url) => !new URL(url).hostname.endsWith('localhost'))).toEqual([]);
      // Readable on a phone: nothing wider than the screen.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await expectNoSeriousAccessibilityViolations(page);
      await look(page, testInfo, `e-label-${viewport.width}`);

      // A vintage of another site, or none: a real 404.
      const missing = await page.goto(wineSite(baseURL, '/e-label/999999'));
      expect(missing?.status()).toBe(404);
    });
  });
}

test('the footer of site 92 on a phone carries the health message', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openWineShop(page, baseURL, '/nos-vins');
  await expectPreventionInFooter(page);
  await saveScreenshot(page.locator('footer'), { path: testInfo.outputPath('footer-390.png') });
});
