import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createOwnSite, loginOnOwnSite, type OwnSite } from './support/own-site';
import { rememberPopupsClosed } from './support/welcome-popup';
import { saveScreenshot } from './support/screenshots';

/*
 * The site search behind SHOW_SEARCHBAR (docs/requirements/search.md), on a wine shop of the
 * journey's own: the demo sites keep the setting off, as other journeys read them. The owner
 * switches it on and adds a news item; a visitor searches with the keyboard at both widths.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Calls the back office's API from the owner's page, through the storefront's /api. */
async function ownerCall(page: Page, site: OwnSite, method: string, path: string, body: unknown) {
  const answer = await page.evaluate(
    async ({ siteId, method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { siteId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { siteId: String(site.id), method, path, body },
  );
  expect(answer.status, answer.text).toBe(200);
}

/** Presses Tab until the search field has the focus, as a keyboard user reaches it. */
async function tabToSearchField(page: Page) {
  const field = page.getByRole('search', { name: 'Recherche sur le site' }).getByRole('searchbox');
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press('Tab');
    if (await field.evaluate((element) => element === document.activeElement)) return field;
  }
  throw new Error('The search field was never reached with Tab');
}

test.describe('site search', () => {
  test('the owner turns the search on; a visitor finds pages and news with the keyboard, at both widths; off again, no box and no page', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const site = await createOwnSite('recherche', 'WINE_SHOP');
    await loginOnOwnSite(page, site);

    // Off by default: no box, and the results page does not exist.
    await expect(page.getByRole('search')).toHaveCount(0);
    expect((await page.goto(site.url('/recherche?q=domaine')))?.status()).toBe(404);

    await ownerCall(page, site, 'PUT', '/admin/parameter', { SHOW_SEARCHBAR: true });
    await ownerCall(page, site, 'POST', '/admin/news', {
      title: 'Soirée dégustation à la Côte Élevée',
      slug: 'soiree-degustation-cote-elevee',
      summary: 'Le vendredi 12 juin, venez goûter le millésime au caveau.',
      content: '<p>Réservation conseillée.</p>',
      imageUrl: null,
      linkUrl: null,
      promoted: false,
      isPublished: true,
      publishedAt: new Date(Date.now() - 60_000).toISOString(),
    });

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await rememberPopupsClosed(visitor, site.id);
    try {
      // The storefront is told the parameters changed: the box shows within moments.
      await expect(async () => {
        await visitor.goto(site.url('/'));
        await expect(visitor.getByRole('search', { name: 'Recherche sur le site' })).toBeVisible();
      }).toPass({ timeout: 15_000 });

      for (const viewport of VIEWPORTS) {
        await visitor.setViewportSize({ width: viewport.width, height: viewport.height });
        await visitor.goto(site.url('/'));
        const field = await tabToSearchField(visitor);
        // Its focus shows.
        expect(await field.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe(
          'none',
        );
        await saveScreenshot(visitor, { path: test.info().outputPath(`box-${viewport.name}.png`) });

        // Accents and case ignored: « COTE eLeVee » finds « la Côte Élevée ».
        await visitor.keyboard.type('COTE eLeVee');
        await visitor.keyboard.press('Enter');
        await expect(visitor).toHaveURL(/\/recherche\?q=COTE\+eLeVee$/);
        await expect(visitor.getByRole('heading', { level: 1, name: 'Recherche' })).toBeVisible();
        await expect(visitor.getByText('1 résultat pour « COTE eLeVee »')).toBeVisible();
        const results = visitor.getByRole('region', { name: 'Résultats de la recherche' });
        const news = results.getByRole('listitem').filter({ hasText: 'Actualité' });
        await expect(
          news.getByRole('heading', { level: 2, name: 'Soirée dégustation à la Côte Élevée' }),
        ).toBeVisible();
        await expect(news).toContainText('venez goûter le millésime');
        // The news item leads to the page that lists the news.
        await expect(news.getByRole('link')).toHaveAttribute('href', '/actualites');

        // A page by its title, titles first: « degustations » finds « Visites et dégustations ».
        const again = visitor
          .getByRole('search', { name: 'Nouvelle recherche' })
          .getByRole('searchbox');
        await expect(again).toHaveValue('COTE eLeVee');
        await again.focus();
        await again.fill('degustations');
        await visitor.keyboard.press('Enter');
        await expect(visitor).toHaveURL(/\/recherche\?q=degustations$/);
        const first = results.getByRole('listitem').first();
        await expect(first).toContainText('Page');
        await expect(first.getByRole('link', { name: 'Visites et dégustations' })).toHaveAttribute(
          'href',
          '/visites-et-degustations',
        );
        await expectNoSeriousAccessibilityViolations(visitor);
        await saveScreenshot(visitor, {
          path: test.info().outputPath(`results-${viewport.name}.png`),
          fullPage: true,
        });

        // Following a result with the keyboard.
        await first.getByRole('link', { name: 'Visites et dégustations' }).focus();
        await visitor.keyboard.press('Enter');
        await expect(visitor).toHaveURL(site.url('/visites-et-degustations'));

        // Nothing found, said in words.
        await visitor.goto(site.url('/recherche?q=zygomatique'));
        await expect(visitor.getByText('Aucun résultat pour « zygomatique ».')).toBeVisible();
        await expectNoSeriousAccessibilityViolations(visitor);

        // A refused search gives the API's French message.
        await visitor.goto(site.url('/recherche?q=a'));
        await expect(results.getByRole('alert')).toHaveText('Tapez au moins 2 caractères.');
      }

      // Off again: no box, and the results page answers 404.
      await ownerCall(page, site, 'PUT', '/admin/parameter', { SHOW_SEARCHBAR: false });
      await expect(async () => {
        await visitor.goto(site.url('/'));
        await expect(visitor.getByRole('search')).toHaveCount(0);
      }).toPass({ timeout: 15_000 });
      expect((await visitor.goto(site.url('/recherche?q=degustations')))?.status()).toBe(404);
    } finally {
      await visitorContext.close();
    }
  });
});
