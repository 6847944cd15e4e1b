import { expect, test } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { DEMO_ADMIN_PASSWORD, SITE_91_ADMIN, loginThroughApi } from './support/accounts';
import { waitForMail } from './support/mail';
import { WEB_PORT } from './support/urls';
import { saveScreenshot } from './support/screenshots';

/*
 * The platform administrator creates a brochure site from its template with its own test address
 * (a *.localhost host, which Chromium sends to this machine), invites its owner, who chooses a
 * password through the mailed link on the new site's host and enters its back office. A site's
 * ADMIN never sees the platform. The journey writes only its own new site.
 */

const SUPER_ADMIN = { email: 'plateforme@atelier-clemence.fr', password: DEMO_ADMIN_PASSWORD };

test('a site ADMIN has no platform screen, and its API refuses them', async ({ page }) => {
  await loginThroughApi(page, SITE_91_ADMIN);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Administration' });
  await expect(nav.getByRole('link', { name: 'Formulaires' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Plateforme' })).toHaveCount(0);
  const api = await page.request.get('/api/admin/platform/sites', { headers: { siteId: '91' } });
  expect(api.status()).toBe(403);
});

test('the platform administrator creates a site, and its invited owner enters its back office', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const marker = `${Date.now()}`;
  const name = `Fleurs de Lune ${marker}`;
  const origin = `http://fleurs-${marker}.localhost:${WEB_PORT}`;
  const ownerEmail = `gerante.${marker}@fleurs-de-lune.example.fr`;
  await loginThroughApi(page, SUPER_ADMIN);

  await test.step('the site is created from the brochure template with its test address', async () => {
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Plateforme' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plateforme' })).toBeVisible({
      timeout: 20_000,
    });
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('heading', { name: 'Créer un site' }) });
    await form.getByRole('radio', { name: /Site vitrine/ }).check();
    await form.getByLabel('Nom du site').fill(name);
    await form.getByLabel('Adresse de test').fill('pas une adresse');
    await form.getByRole('button', { name: 'Créer le site' }).click();
    await expect(form.getByText(/Saisissez une adresse complète/)).toBeVisible();
    await form.getByLabel('Adresse de test').fill(origin);
    await form.getByRole('button', { name: 'Créer le site' }).click();
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(name) })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, { path: 'test-results/admin-platform-1280.png', fullPage: true });
  });

  await test.step('its owner is invited by mail', async () => {
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: new RegExp(name) }) });
    await card.getByText(`Inviter un administrateur de « ${name} »`).click();
    await card.getByLabel('Prénom').fill('Nina');
    await card.getByLabel('Nom', { exact: true }).fill('Roux');
    await card.getByLabel('Adresse e-mail').fill(ownerEmail);
    await card.getByRole('button', { name: 'Inviter' }).click();
    await expect(card).toContainText(`${ownerEmail}> (invitation en attente)`);
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, { path: 'test-results/admin-platform-390.png', fullPage: true });
  });

  await test.step('the owner chooses a password on the new site and enters its back office', async () => {
    const mail = await waitForMail(ownerEmail, /Votre accès à l’administration du site/);
    const link = mail.text.match(/https?:\/\/\S+\/password\/reset\/\S+/)![0];
    expect(link.startsWith(`${origin}/password/reset/`)).toBe(true);
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await owner.goto(link);
    const password = `Fleurs-${marker}-Lune`;
    await owner.getByLabel('Nouveau mot de passe', { exact: true }).fill(password);
    await owner.getByLabel('Confirmation du nouveau mot de passe').fill(password);
    await owner.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(owner).toHaveURL(/\/auth$/, { timeout: 20_000 });
    const form = owner.getByRole('form', { name: 'Connexion' });
    await form.getByLabel('Adresse e-mail').fill(ownerEmail);
    await form.getByLabel('Mot de passe', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await expect(owner).not.toHaveURL(/\/auth(\?|$)/);
    await owner.goto(`${origin}/admin`);
    await expect(owner.getByText(name).first()).toBeVisible();
    await expect(
      owner
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Plateforme' }),
    ).toHaveCount(0);
    // The link is used up.
    await owner.goto(link);
    await owner.getByLabel('Nouveau mot de passe', { exact: true }).fill(`${password}2`);
    await owner.getByLabel('Confirmation du nouveau mot de passe').fill(`${password}2`);
    await owner.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(owner.getByText(/plus valide/)).toBeVisible();
    await ownerContext.close();
  });
});
