import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { loginThroughApi, newCustomer, registerThroughPage } from './support/accounts';
import { SUPER_ADMIN } from './support/own-site';
import { openUntilShown } from './support/revalidated-page';
import { openWineShop, SITE_92_ADMIN, wineSite } from './support/wine-shop';
import { saveScreenshot } from './support/screenshots';

/*
 * RGPD and LCEN (decision 0110): a visitor's cookie choice reaches the log its owner downloads,
 * a customer downloads their own data, and the legal notice names the host the platform sets.
 */

/** The page at a computer's and a phone's width, for a look at the new screens. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await saveScreenshot(page, {
      path: test.info().outputPath(`${name}-${width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function downloaded(page: Page, link: string): Promise<string> {
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: link }).click();
  const path = await (await download).path();
  return readFile(path, 'utf8');
}

test('a visitor’s cookie choice is in the consent log its owner downloads (site 92)', async ({
  browser,
  page,
  baseURL,
}) => {
  const recorded = page.waitForResponse(
    (response) => response.url().endsWith('/api/consent') && response.request().method() === 'POST',
  );
  await openWineShop(page, baseURL, '/le-domaine');
  expect((await recorded).status()).toBe(200);

  // The owner, in a browser of their own.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  try {
    await ownerPage.goto(wineSite(baseURL, '/nos-vins'));
    const status = await ownerPage.evaluate(async (credentials) => {
      const response = await fetch('/api/login', {
        method: 'POST',
        headers: { siteId: '92', 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      return response.status;
    }, SITE_92_ADMIN);
    expect(status).toBe(200);
    await ownerPage.goto(wineSite(baseURL, '/admin/cookies'));
    await expect(
      ownerPage.getByRole('heading', { level: 1, name: 'Consentements aux cookies' }),
    ).toBeVisible();
    await expectNoSeriousAccessibilityViolations(ownerPage);
    await screenshots(ownerPage, 'consent-log');

    const csv = await downloaded(ownerPage, 'Télécharger le registre (CSV)');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFF"Date";"Choix";"Version du bandeau";"Empreinte de l’adresse"',
    );
    expect(csv).toMatch(/"gtag : refusé[^"]*";"2026-11-29";"[0-9a-f]{64}"/);
    expect(csv).not.toContain('127.0.0.1');
  } finally {
    await owner.close();
  }
});

test('a customer downloads their own data from the account page (site 91)', async ({ page }) => {
  const customer = newCustomer('Sidonie', 'Lebrun');
  await registerThroughPage(page, customer);
  const section = page.getByRole('region', { name: 'Mes données' });
  await expect(section).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await screenshots(page, 'account-data');

  const data = JSON.parse(await downloaded(page, 'Télécharger mes données')) as {
    account: { email: string; firstname: string };
    orders: unknown[];
    newsletterSubscriptions: unknown[];
  };
  expect(data.account).toMatchObject({ email: customer.email, firstname: 'Sidonie' });
  expect(data.orders).toEqual([]);
  expect(Array.isArray(data.newsletterSubscriptions)).toBe(true);
});

test('the legal notice names the host the platform administrator sets', async ({ page }) => {
  const hostName = `Hébergeur ${randomBytes(3).toString('hex')} SAS`;
  await loginThroughApi(page, SUPER_ADMIN);
  await page.goto('/admin/plateforme');
  const form = page.getByRole('form', { name: 'Hébergeur' });
  await form.getByLabel('Nom ou raison sociale').fill(hostName);
  await form.getByLabel('Adresse').fill('2 rue Kellermann, 59100 Roubaix');
  await form.getByLabel('Téléphone').fill('09 72 10 10 10');
  await form.getByRole('button', { name: 'Enregistrer l’hébergeur' }).click();
  await expect(page.getByText('Hébergeur enregistré')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await screenshots(page, 'platform-host');

  await openUntilShown(page, '/legal-notice', (shown) => shown.getByText(hostName));
  const host = page.getByRole('region', { name: 'Hébergement' });
  await expect(host).toContainText('2 rue Kellermann, 59100 Roubaix');
  await expect(host.getByRole('link', { name: '09 72 10 10 10' })).toHaveAttribute(
    'href',
    'tel:0972101010',
  );
  await expectNoSeriousAccessibilityViolations(page);
  await screenshots(page, 'legal-notice-host');
});
