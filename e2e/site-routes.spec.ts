import { expect, test, type Page } from '@playwright/test';
import { INVALID_EMAIL_MESSAGE } from '@comptoir/contract/account-fields';
import { getBlogArticleAriane, getBlogRootList } from '@comptoir/contract/blog';
import { NEWSLETTER_SUBSCRIBED_MESSAGE } from '@comptoir/contract/newsletter';
import { getServices } from '@comptoir/contract/service';
import { apiFor } from './support/api';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { rememberPopupsClosed } from './support/welcome-popup';

/**
 * Every route of docs/requirements/pages-and-menu.md on the salon's site (91): each answers, shows its own title as the
 * page's only h1, logs no error in the browser, and has no serious accessibility violation.
 */

/** The fixed routes and their h1, as the site's data and templates give them. */
const ROUTES: readonly (readonly [path: string, heading: string])[] = [
  ['/', "L'Atelier de Clémence"],
  ['/auth', 'Mon espace personnel'],
  ['/blog', 'Blog'],
  ['/blog-beaute-conseils', 'Blog beauté & conseils'],
  ['/cookie-policy', 'Politique de cookies'],
  ['/legal-notice', 'Mentions légales'],
  ['/nous-contacter', 'Nous contacter'],
  ['/offrir-un-bon-cadeau', 'Offrir un bon cadeau'],
  ['/privacy-policy', 'Politique de confidentialité'],
  ['/qui-sommes-nous', 'Qui sommes-nous ?'],
  ['/sale-terms', 'Conditions générales de vente'],
  ['/salon-coiffure-saint-malo-du-bois', 'Salon de coiffure à Saint-Malo-du-Bois'],
  ['/use-terms', "Conditions générales d'utilisation"],
  ['/conseil-en-image/formation-conseil-en-image', 'Formation conseil en image'],
  ['/conseil-en-image/notre-approche', 'Notre approche'],
  ['/conseil-en-image/pour-les-particuliers', 'Pour les particuliers'],
  ['/password/reset/ask', 'Mot de passe oublié'],
  ['/password/reset', 'Nouveau mot de passe'],
  // The catch-all of dynamic pages: a page of the tree that no route of its own serves.
  ['/conseil-en-image', 'Conseil en image'],
];

/** Collects what the browser reports as errors: console errors and uncaught page errors. */
function watchBrowserErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** Opens a route and checks that it answers, with its h1, and without a browser error. */
async function expectRoute(page: Page, path: string, heading: string): Promise<void> {
  const errors = watchBrowserErrors(page);
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(h1).toHaveCount(1);
  await expect(h1).toHaveText(heading);
  // Client components hydrate and load their data after the first paint.
  await page.waitForLoadState('networkidle');
  expect(errors, path).toEqual([]);
}

test.describe('the routes of the salon site', () => {
  // The home page's welcome popup has its own journey (content-frame.spec.ts).
  test.beforeEach(async ({ page }) => {
    await rememberPopupsClosed(page);
  });

  for (const [path, heading] of ROUTES) {
    test(`${path} shows « ${heading} », without errors or serious accessibility violations`, async ({
      page,
    }) => {
      await expectRoute(page, path, heading);
      await expectNoSeriousAccessibilityViolations(page);
    });
  }

  test('a service page shows the service, without errors or serious accessibility violations', async ({
    page,
  }) => {
    const { services } = await apiFor(91).call(getServices, {
      query: { page: 1, nbItem: 100, tag: 'particuliers' },
    });
    const service = services[0];
    expect(service, 'a seeded service tagged particuliers').toBeDefined();
    await expectRoute(
      page,
      `/prestation-conseil-en-image/${service!.slug}/${service!.id}`,
      service!.title,
    );
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('a blog article shows the article, without errors or serious accessibility violations', async ({
    page,
  }) => {
    const api = apiFor(91);
    const { blogs } = await api.call(getBlogRootList, {
      query: { page: 1, nbItem: 12, includeSubFolders: 'true' },
    });
    const article = blogs[0];
    expect(article, 'a published article').toBeDefined();
    // The article's address is the chain of its folders' slugs, then its own.
    const ariane = await api.call(getBlogArticleAriane, { params: { id: article!.id } });
    const folders = ariane.filter((entry) => entry.type === 'FOLDER').map((entry) => entry.slug);
    await expectRoute(page, ['/blog', ...folders, article!.slug].join('/'), article!.title);
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('an unknown address under a real page answers 404', async ({ page }) => {
    const response = await page.goto('/conseil-en-image/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('This page could not be found')).toBeVisible();
  });
});

test.describe('the page builder on the salon site', () => {
  test.beforeEach(async ({ page }) => {
    await rememberPopupsClosed(page);
  });

  test('the home page shows its blocks after the hero, down to the newsletter sign-up', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 2, name: "Bienvenue à l'Atelier" }),
    ).toBeVisible();
    const cta = main.getByRole('region', { name: 'Envie de changement ?' });
    await expect(cta.getByRole('link', { name: 'Prendre rendez-vous' })).toHaveAttribute(
      'href',
      '/nous-contacter',
    );
    const newsletter = main.getByRole('region', { name: "La lettre de l'Atelier" });
    await newsletter.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(newsletter.getByText(INVALID_EMAIL_MESSAGE)).toBeVisible();
    await newsletter.getByLabel('Adresse e-mail').fill(`lettre-${Date.now()}@example.org`);
    await newsletter.getByRole('button', { name: "Je m'inscris" }).click();
    await expect(newsletter.getByRole('status')).toHaveText(NEWSLETTER_SUBSCRIBED_MESSAGE);
  });

  test("the salon's page gives the address, the hours and a map link opening a new tab", async ({
    page,
  }) => {
    await page.goto('/salon-coiffure-saint-malo-du-bois');
    const visit = page.getByRole('main').getByRole('region', { name: 'Venir au salon' });
    await expect(visit).toContainText('12 rue du Bocage');
    await expect(visit).toContainText('Samedi');
    const mapLink = visit.getByRole('link', { name: /Voir sur la carte.*nouvelle fenêtre/ });
    await expect(mapLink).toHaveAttribute('target', '_blank');
    await expect(mapLink).toHaveAttribute(
      'href',
      /^https:\/\/www\.openstreetmap\.org\/search\?query=12%20rue%20du%20Bocage/,
    );
  });

  test('an embedded map loads from its provider only when the visitor asks for it', async ({
    page,
  }) => {
    const providerRequests: string[] = [];
    await page.route('https://www.google.com/**', async (route) => {
      providerRequests.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Carte</p>' });
    });
    await page.goto('/salon-coiffure-saint-malo-du-bois');
    const embed = page.getByRole('main').getByRole('region', { name: "Plan d'accès au salon" });
    await expect(embed).toContainText('Ce contenu est fourni par www.google.com');
    await expect(embed.locator('iframe')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(providerRequests).toEqual([]);

    await embed.getByRole('button', { name: /Afficher le contenu/ }).click();
    const frame = embed.locator('iframe');
    await expect(frame).toHaveAttribute('title', "Plan d'accès au salon");
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
    await expect.poll(() => providerRequests.length).toBeGreaterThan(0);
  });
});
