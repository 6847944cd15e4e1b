import { expect, test, type Page } from '@playwright/test';
import { getServices, type ServiceSummary } from '@comptoir/contract/service';
import { apiFor } from './support/api';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { rememberPopupsClosed } from './support/welcome-popup';

/**
 * The services of site 91 (docs/requirements/services.md: /prestation-conseil-en-image/{slug?}/{id}): the services
 * page of the menu, a service's page by its canonical address or by its id alone, the redirect
 * of a wrong slug and the 404 of an id the site does not publish.
 */

const BASE = '/prestation-conseil-en-image';

async function serviceBySlug(slug: string): Promise<ServiceSummary> {
  const { services } = await apiFor(91).call(getServices, { query: { page: 1, nbItem: 100 } });
  const service = services.find((candidate) => candidate.slug === slug);
  if (!service) throw new Error(`Site 91 has no service ${slug}`);
  return service;
}

function collectConsoleErrors(page: Page): string[] {
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

test('a visitor goes from the services page to a service and finds its price, duration and next step', async ({
  page,
}) => {
  const errors = collectConsoleErrors(page);
  const response = await page.goto(BASE);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Nos prestations' })).toBeVisible();
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(cards).toHaveCount(8);
  await expect(cards.first()).toContainText('120,00 €');
  await expect(cards.filter({ hasText: 'Formation conseillère en image' })).toContainText(
    'Sur devis',
  );

  await test.step('the services page has no serious accessibility problem', async () => {
    await expectNoSeriousAccessibilityViolations(page);
  });

  await page.getByRole('link', { name: 'Analyse de colorimétrie' }).click();
  await expect(page).toHaveURL(new RegExp(`${BASE}/analyse-de-colorimetrie/\\d+$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Analyse de colorimétrie' }),
  ).toBeVisible();
  const essentials = page.getByRole('complementary', { name: 'En bref' });
  await expect(essentials).toContainText('Tarif');
  await expect(essentials).toContainText('120,00 €');
  await expect(essentials).toContainText('1 h 30');
  await expect(essentials.getByRole('link', { name: 'Prendre rendez-vous' })).toHaveAttribute(
    'href',
    '/nous-contacter',
  );
  await expect(
    page.getByRole('heading', { level: 2, name: 'Déroulement de la séance' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: "Fil d'Ariane" })).toContainText(
    'Nos prestations',
  );

  await test.step('the service page has no serious accessibility problem', async () => {
    await expectNoSeriousAccessibilityViolations(page);
  });
  expect(errors).toEqual([]);
});

test('a service opens by its id alone and names its canonical address', async ({ page }) => {
  const service = await serviceBySlug('formation-conseillere-en-image-module-1');
  const response = await page.goto(`${BASE}/${service.id}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${BASE}/${service.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Formation conseillère en image — module 1',
  );
  await expect(page.getByRole('complementary', { name: 'En bref' })).toContainText('Sur devis');
  await expect(page.getByRole('complementary', { name: 'En bref' })).toContainText('21 h');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`${BASE}/formation-conseillere-en-image-module-1/${service.id}$`),
  );
});

test('a wrong slug moves permanently to the right one', async ({ page }) => {
  const service = await serviceBySlug('coupe-et-conseil-visagisme');
  const wrong = `${BASE}/coupe-homme/${service.id}`;
  const answer = await page.request.get(wrong, { maxRedirects: 0 });
  expect(answer.status()).toBe(308);
  expect(answer.headers().location).toMatch(
    new RegExp(`${BASE}/coupe-et-conseil-visagisme/${service.id}$`),
  );

  await page.goto(wrong);
  await expect(page).toHaveURL(new RegExp(`${BASE}/coupe-et-conseil-visagisme/${service.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coupe et conseil visagisme');
});

test('an unknown or malformed service address is a 404', async ({ page }) => {
  for (const path of [
    `${BASE}/999999`,
    `${BASE}/analyse-de-colorimetrie/999999`,
    `${BASE}/analyse-de-colorimetrie`,
    `${BASE}/a/b/12`,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText('This page could not be found')).toBeVisible();
  }
});
