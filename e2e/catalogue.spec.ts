import { expect, test, type Page } from '@playwright/test';
import { getProducts } from '@comptoir/contract/product';
import { apiFor } from './support/api';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { openWineShop as openShop, plain, wineSite } from './support/wine-shop';

/**
 * The wine shop's catalogue on site 92 (Domaine des Trois Coteaux), on a desktop and a phone:
 * browse the list, filter, search and sort, open a wine, change its vintage and format and see
 * the price follow.
 */

function euros(text: string): number {
  const match = /(\d+(?:[  ]\d{3})*),(\d{2}) €/.exec(plain(text));
  if (!match) throw new Error(`No price in « ${text} »`);
  return Number(match[1]!.replace(/\s/g, '')) + Number(match[2]) / 100;
}

const catalogue = (page: Page) => page.getByRole('region', { name: 'Catalogue' });
const cards = (page: Page) => catalogue(page).getByRole('article');
const resultsHeading = (page: Page) => catalogue(page).getByRole('heading', { level: 2 }).first();
/**
 * Each list is rendered by the storefront's server from one page of the API's list (decision
 * 0128): a filter's first visit renders it, which a loaded machine takes seconds to do.
 */
const RENDERED = { timeout: 20_000 };

for (const [device, viewport] of [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const) {
  test.describe(`catalogue on ${device}`, () => {
    test.use({ viewport });

    test('the wine list filters, searches, sorts and pages through the URL', async ({
      page,
      baseURL,
    }) => {
      test.slow();
      const { total } = await apiFor(92).call(getProducts, { query: { nbItem: 1 } });
      await openShop(page, baseURL, '/');

      // The menu leads to the shop.
      if (device === 'mobile') {
        await page.getByRole('button', { name: 'Menu', exact: true }).first().click();
        await page
          .getByRole('navigation', { name: 'Menu mobile' })
          .getByRole('link', { name: 'Nos vins' })
          .click();
      } else {
        await page.getByRole('link', { name: 'Nos vins' }).first().click();
      }
      await expect(page).toHaveURL(/\/nos-vins$/, RENDERED);
      await expect(page.getByRole('heading', { level: 1, name: 'Nos vins' })).toBeVisible();
      // The spec's 100 products a page: the whole wine list on one page.
      expect(total).toBeLessThanOrEqual(100);
      await expect(resultsHeading(page)).toHaveText(`${total} produits`);
      await expect(cards(page)).toHaveCount(total);
      await expect(page.getByText("L'abus d'alcool est dangereux pour la santé")).toBeVisible();

      // Cheapest first, prices with two decimals in euros.
      const prices = async () =>
        (await catalogue(page).locator('[class*="price_"]').allTextContents()).map(euros);
      const ascending = await prices();
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      for (const text of await catalogue(page).locator('[class*="price_"]').allTextContents()) {
        expect(plain(text)).toMatch(/^\d+,\d{2} €$/);
      }
      await expectNoSeriousAccessibilityViolations(page);

      // A colour.
      await catalogue(page).getByRole('link', { name: 'Rouges' }).click();
      await expect(page).toHaveURL(/\?categorie=rouge$/, RENDERED);
      await expect(cards(page).first()).toBeVisible();
      for (const kicker of await cards(page).locator('p').first().allTextContents()) {
        expect(kicker).toContain('Vin rouge');
      }
      const reds = await cards(page).count();
      expect(reds).toBeGreaterThan(2);
      expect(reds).toBeLessThan(total);

      // Sorted by price, the dearest first.
      await catalogue(page).getByLabel('Trier par').selectOption({ label: 'Prix décroissant' });
      await expect(page).toHaveURL(/categorie=rouge&tri=prix-decroissant/, RENDERED);
      const descending = await prices();
      expect(descending).toEqual([...descending].sort((a, b) => b - a));

      // A reload keeps the filters: they live in the URL.
      await page.reload();
      await expect(catalogue(page).getByRole('link', { name: 'Rouges' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(cards(page)).toHaveCount(reds);

      // A search, accents and case ignored, across every colour.
      await catalogue(page).getByRole('link', { name: 'Tous les vins' }).click();
      await expect(page).toHaveURL(/\/nos-vins\?tri=prix-decroissant$/, RENDERED);
      await catalogue(page).getByLabel('Rechercher un vin').fill('LAYON');
      await catalogue(page).getByRole('button', { name: 'Rechercher' }).click();
      await expect(page).toHaveURL(/recherche=LAYON/, RENDERED);
      await expect(
        cards(page).getByRole('link', { name: 'Coteaux du Layon Tradition' }),
      ).toBeVisible();
      await catalogue(page).getByLabel('Rechercher un vin').fill('introuvable');
      await catalogue(page).getByLabel('Rechercher un vin').press('Enter');
      await expect(resultsHeading(page)).toHaveText(
        'Aucun vin ne correspond à votre recherche',
        RENDERED,
      );
      await catalogue(page).getByRole('link', { name: 'Effacer les filtres' }).click();
      await expect(page).toHaveURL(/\/nos-vins\?tri=prix-decroissant$/, RENDERED);

      // A selection (tag), then back in the browser's history.
      await catalogue(page).getByRole('checkbox', { name: 'Bio' }).check();
      await expect(page).toHaveURL(/etiquette=bio/, RENDERED);
      const organic = await cards(page).count();
      expect(organic).toBeGreaterThan(0);
      expect(organic).toBeLessThan(total);
      await page.goBack();
      await expect(page).not.toHaveURL(/etiquette=bio/, RENDERED);
      await expect(catalogue(page).getByRole('checkbox', { name: 'Bio' })).not.toBeChecked();

      // Everything fits on one page: no page links.
      await expect(
        catalogue(page).getByRole('navigation', { name: 'Pages du catalogue' }),
      ).toHaveCount(0);
      await expectNoSeriousAccessibilityViolations(page);
    });

    test('a wine page: vintage and magnum change the price, by pointer and by keyboard', async ({
      page,
      baseURL,
    }) => {
      test.slow();
      await openShop(page, baseURL, '/nos-vins?recherche=schistes');
      await expect(resultsHeading(page)).toHaveText(/^\d produits?$/);
      await cards(page)
        .getByRole('link', { name: 'Anjou Blanc Les Schistes', exact: true })
        .click();
      await expect(page).toHaveURL(/\/nos-vins\/anjou-blanc-les-schistes-\d+$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Anjou Blanc Les Schistes' }),
      ).toBeVisible();

      const price = page.getByTestId('product-price');
      const vintage = page.getByRole('group', { name: 'Millésime' });
      const format = page.getByRole('group', { name: 'Format' });
      await expect(vintage.getByRole('radio', { name: '2023' })).toBeChecked();
      await expect(price).toHaveText(/^12,50\s€$/);
      // The offer: the price's box (the recommended wines' cards have stock labels too).
      await expect(price.locator('xpath=ancestor::div[1]')).toContainText('En stock');

      await vintage.getByRole('radio', { name: '2022' }).check();
      await expect(price).toHaveText(/^13,50\s€$/);
      await format.getByRole('radio', { name: /Magnum 1,5 L/ }).check();
      await expect(price).toHaveText(/^29,00\s€$/);
      await expect(page.getByRole('img', { name: /Magnum/ })).toHaveAttribute('src', /magnum/);

      // The quantity discounts follow the chosen format.
      const tiers = page.getByRole('table', { name: 'Remises par quantité' });
      await expect(tiers.getByRole('row', { name: /Dès 6 bouteilles/ })).toContainText(
        /−5\s%.*27,55\s€/,
      );

      // The keyboard moves through the vintages like any radio group.
      await format.getByRole('radio', { name: /Bouteille 75 cl/ }).focus();
      await page.keyboard.press('Space');
      await expect(price).toHaveText(/^13,50\s€$/);
      await vintage.getByRole('radio', { name: '2022' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(vintage.getByRole('radio', { name: '2023' })).toBeChecked();
      await expect(price).toHaveText(/^12,50\s€$/);

      // The technical sheet, awards, pairings, recommendations and the prevention message.
      await expect(page.getByText('Chenin blanc (100 %)')).toBeVisible();
      await expect(page.getByText('10 à 12 °C')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Récompenses' })).toContainText('Médaille d’or');
      await expect(page.getByText('Fruits de mer')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Vous aimerez aussi' }).getByRole('article'),
      ).toHaveCount(3);
      // (The list page stays in the DOM, hidden, for the back button: only what is shown counts.)
      await expect(
        page.getByText("L'abus d'alcool est dangereux pour la santé").filter({ visible: true }),
      ).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Ajouter au panier' })).toBeVisible();

      // The wine's PDF sheet, drawn by the API, through the storefront's link.
      const sheetLink = page.getByRole('link', { name: 'Télécharger la fiche du vin (PDF)' });
      const sheetHref = await sheetLink.getAttribute('href');
      expect(sheetHref).toMatch(/^\/nos-vins\/anjou-blanc-les-schistes-\d+\/fiche\.pdf$/);
      // Fetched by the page itself: the wine site's host name resolves in the browser only.
      const fetchSheet = (href: string) =>
        page.evaluate(async (url) => {
          const response = await fetch(url);
          const bytes = new Uint8Array(await response.arrayBuffer()).subarray(0, 5);
          return {
            status: response.status,
            type: response.headers.get('content-type'),
            start: String.fromCharCode(...bytes),
          };
        }, href);
      expect(await fetchSheet(sheetHref!)).toEqual({
        status: 200,
        type: 'application/pdf',
        start: '%PDF-',
      });
      expect((await fetchSheet('/nos-vins/inconnu-999999/fiche.pdf')).status).toBe(404);

      // Search engines and link previews.
      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
      );
      expect(jsonLd).toMatchObject({ '@type': 'Product', name: 'Anjou Blanc Les Schistes' });
      expect(jsonLd.offers).toContainEqual(
        expect.objectContaining({ price: '29.00', priceCurrency: 'EUR' }),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        'Anjou Blanc Les Schistes',
      );
      await expectNoSeriousAccessibilityViolations(page);
    });
  });
}

test('the sitemap lists the product pages, and a site that does not sell has no catalogue', async ({
  page,
  baseURL,
}) => {
  // Chromium resolves *.localhost itself; Node's resolver does not: ask through the browser.
  const sitemap = await (await page.goto(wineSite(baseURL, '/sitemap.xml')))!.text();
  expect(sitemap).toMatch(/<loc>[^<]*\/nos-vins\/anjou-blanc-les-schistes-\d+<\/loc>/);
  expect(sitemap).toMatch(/<loc>[^<]*\/nos-vins<\/loc>/);

  const unknownWine = await page.goto(wineSite(baseURL, '/nos-vins/vin-inconnu-999999'));
  expect(unknownWine?.status()).toBe(404);
  const brochureSite = await page.goto('/nos-vins');
  expect(brochureSite?.status()).toBe(404);
});
