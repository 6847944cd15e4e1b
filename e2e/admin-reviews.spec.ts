import { expect, test, type Page } from '@playwright/test';
import { CTA_PAIR_MESSAGE } from '@comptoir/contract/admin-component-confs';
import { getReviews } from '@comptoir/contract/review';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { loginThroughApi, SITE_91_ADMIN } from './support/accounts';
import { apiFor } from './support/api';
import { rememberPopupsClosed } from './support/welcome-popup';
import { saveScreenshot } from './support/screenshots';

/*
 * The owner of site 91 hides a customer review in the back office: the home page's reviews block
 * no longer shows it. The review is shown again at the end. No other journey reads that review:
 * the home page's readers see its other reviews meanwhile, so this one runs beside them.
 */

const AUTHOR = 'Sophie L.';

async function publicAuthors(): Promise<string[]> {
  const { list } = await apiFor(91).call(getReviews, { query: { nbItem: 100 } });
  return list.map((review) => review.authorName);
}

function homeReviews(page: Page) {
  return page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('img', { name: /^Note : / }) });
}

function screenStatus(page: Page) {
  return page.locator('section[aria-labelledby="avis"]').getByRole('status');
}

function reviewRow(page: Page) {
  return page.getByTestId('admin-review').filter({ hasText: AUTHOR });
}

test('the owner hides a review, the storefront stops showing it, then shows it again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  expect(await publicAuthors()).toContain(AUTHOR);
  await rememberPopupsClosed(page);
  await loginThroughApi(page, SITE_91_ADMIN);
  try {
    await page.goto('/admin/avis');
    await expect(page.getByRole('heading', { level: 1, name: 'Avis clients' })).toBeVisible();
    await expect(reviewRow(page)).toContainText('Affiché sur le site');

    // With the keyboard: the button names the review it acts on.
    const hide = reviewRow(page).getByRole('button', {
      name: new RegExp(`^Masquer l’avis de ${AUTHOR}`),
    });
    await hide.focus();
    await page.keyboard.press('Enter');
    await expect(screenStatus(page)).toHaveText(
      `Avis de ${AUTHOR} masqué : le site ne l’affiche plus.`,
    );
    await expect(reviewRow(page)).toContainText('Masqué sur le site');
    expect(await publicAuthors()).not.toContain(AUTHOR);

    await test.step('the screen has no serious accessibility problem, and fits 390 px', async () => {
      await expectNoSeriousAccessibilityViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await saveScreenshot(page, {
        path: test.info().outputPath('admin-avis-390.png'),
        fullPage: true,
      });
      await page.setViewportSize({ width: 1280, height: 800 });
      await saveScreenshot(page, { path: test.info().outputPath('admin-avis-1280.png') });
    });

    // The storefront was told to refresh its reviews: the home page's block leaves it out.
    await expect(async () => {
      await page.goto('/');
      await expect(homeReviews(page).first()).toBeVisible({ timeout: 1_000 });
      await expect(homeReviews(page).filter({ hasText: AUTHOR })).toHaveCount(0, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });

    await page.goto('/admin/avis');
    await reviewRow(page)
      .getByRole('button', { name: new RegExp(`^Afficher l’avis de ${AUTHOR}`) })
      .click();
    await expect(screenStatus(page)).toHaveText(`Avis de ${AUTHOR} affiché sur le site.`);
    await expect(async () => {
      await page.goto('/');
      await expect(homeReviews(page).filter({ hasText: AUTHOR })).toHaveCount(1, {
        timeout: 1_000,
      });
    }).toPass({ timeout: 20_000 });
  } finally {
    // Leave the seeded review shown whatever happened above.
    if (!(await publicAuthors()).includes(AUTHOR)) {
      await page.goto('/admin/avis');
      await reviewRow(page)
        .getByRole('button', { name: /^Afficher/ })
        .click();
      await expect(screenStatus(page)).toContainText('affiché sur le site');
    }
  }
});

test('the owner opens the component settings, and a half-filled button is refused in place', async ({
  page,
}) => {
  await loginThroughApi(page, SITE_91_ADMIN);
  await page.goto('/admin/composants');
  await expect(page.getByRole('heading', { level: 1, name: 'Composants' })).toBeVisible();
  const services = page.getByRole('region', { name: 'Page des prestations' });
  await expect(services.getByRole('checkbox', { name: /Afficher les prix/ })).toBeChecked();
  await expect(services.getByRole('textbox', { name: /Texte du bouton/ })).toHaveValue(
    'Prendre rendez-vous',
  );
  // Nothing is saved: the form refuses a button text without its link before sending it.
  await services.getByRole('textbox', { name: /Lien du bouton/ }).fill('');
  await services.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(services.getByText(CTA_PAIR_MESSAGE)).toBeVisible();
  await expect(services.getByRole('textbox', { name: /Texte du bouton/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoSeriousAccessibilityViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await saveScreenshot(page, {
    path: test.info().outputPath('admin-composants-390.png'),
    fullPage: true,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await saveScreenshot(page, {
    path: test.info().outputPath('admin-composants-1280.png'),
    fullPage: true,
  });
});
