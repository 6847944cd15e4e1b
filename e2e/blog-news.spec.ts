import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { rememberPopupsClosed } from './support/welcome-popup';

/** The blog of site 91: its home, a folder, a sub-folder and an article, by their slugs. */

/** Collects the console errors of the page, to assert that a journey caused none. */
function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.beforeEach(async ({ page }) => {
  await rememberPopupsClosed(page);
});

test('a visitor goes from the blog home through a folder to an article', async ({ page }) => {
  const consoleErrors = watchConsoleErrors(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/blog');
  const main = page.getByRole('main');
  const breadcrumb = page.getByRole('navigation', { name: "Fil d'Ariane" });

  await test.step('the blog home shows its folders and its latest articles', async () => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog');
    const folders = main.getByRole('region', { name: 'Les dossiers' });
    for (const name of ['Conseils coiffure', 'Conseil en image', 'Soins du cheveu']) {
      await expect(folders.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const latest = main.getByRole('region', { name: 'Derniers articles' });
    await expect(latest.getByRole('listitem')).toHaveCount(10);
    // Newest first.
    await expect(latest.getByRole('heading', { level: 3 }).first()).toHaveText(
      'Boucles et humidité : dompter les frisottis sur la côte',
    );
    await expect(latest.getByText('3 novembre 2026').first()).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
  });

  await test.step('a folder lists its sub-folder and its articles under a breadcrumb', async () => {
    await main.getByRole('link', { name: 'Soins du cheveu', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/soins-du-cheveu$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Soins du cheveu');
    await expect(breadcrumb.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Soins du cheveu');
    await main.getByRole('link', { name: 'Cheveux bouclés et frisés', exact: true }).click();
    await expect(page).toHaveURL(/\/blog\/soins-du-cheveu\/cheveux-boucles$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cheveux bouclés et frisés');
  });

  await test.step('the article shows its title, date, author, content and breadcrumb', async () => {
    await main
      .getByRole('link', { name: 'Boucles et humidité : dompter les frisottis sur la côte' })
      .click();
    await expect(page).toHaveURL(
      /\/blog\/soins-du-cheveu\/cheveux-boucles\/boucles-humidite-cotiere$/,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Boucles et humidité : dompter les frisottis sur la côte',
    );
    const article = main.getByRole('article');
    await expect(article).toContainText('Publié le 3 novembre 2026 par Clémence Garnier');
    await expect(
      article.getByRole('heading', { level: 2, name: 'Pourquoi les boucles gonflent' }),
    ).toBeVisible();
    await expect(breadcrumb.getByRole('link')).toHaveText([
      'Accueil',
      'Blog',
      'Soins du cheveu',
      'Cheveux bouclés et frisés',
    ]);
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(
      'Boucles et humidité : dompter les frisottis sur la côte',
    );
    await expect(page).toHaveTitle(/Boucles et humidité/);
    await expectNoSeriousAccessibilityViolations(page);
  });

  await test.step('the breadcrumb leads back to the folder', async () => {
    await breadcrumb.getByRole('link', { name: 'Soins du cheveu' }).click();
    await expect(page).toHaveURL(/\/blog\/soins-du-cheveu$/);
  });

  expect(consoleErrors).toEqual([]);
});

test('an unknown article, or an article under another folder, answers 404', async ({ page }) => {
  for (const path of [
    '/blog/conseils-coiffure/article-inconnu',
    // A real article, but not in this folder: its URL is the one its breadcrumb spells.
    '/blog/conseil-en-image/choisir-sa-coupe-selon-la-forme-du-visage',
    '/blog/dossier-inconnu',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText('This page could not be found')).toBeVisible();
  }
});
