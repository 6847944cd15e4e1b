import { expect, test, type Page } from '@playwright/test';
import {
  INVALID_CREDENTIALS_MESSAGE,
  RESET_ASKED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
} from '@comptoir/contract/auth';
import { REQUIRED_LASTNAME_MESSAGE } from '@comptoir/contract/account-fields';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '@comptoir/contract/user';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import {
  loginThroughApi,
  loginThroughPage,
  newCustomer,
  registerThroughPage,
  SITE_91_ADMIN,
} from './support/accounts';
import { linkPath, waitForMail } from './support/mail';

/** A visitor creates an account, comes and goes, keeps it up to date, and finally erases it. */

const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Mon espace personnel' });
const topBar = (page: Page) =>
  page
    .getByRole('banner')
    .filter({ has: page.getByRole('navigation', { name: 'Menu principal' }) });
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text);

async function logOut(page: Page): Promise<void> {
  await accountMenu(page).getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(topBar(page).getByRole('link', { name: 'Se connecter' })).toBeVisible();
}

test.describe('account', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  test('a visitor registers, logs out and in, edits the profile, changes and resets the password, then deletes the account', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const customer = newCustomer();

    await test.step('register from /auth, accepting the terms of use', async () => {
      await page.goto('/auth');
      const form = page.getByRole('form', { name: 'Création de compte' });
      // Submitting without ticking the box is refused next to the box, which takes the focus.
      await form.getByLabel('Prénom').fill(customer.firstname);
      await form.getByLabel('Nom', { exact: true }).fill(customer.lastname);
      await form.getByLabel('Adresse e-mail').fill(customer.email);
      await form.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
      await form.getByLabel('Confirmation du mot de passe').fill(customer.password);
      await form.getByRole('button', { name: 'Créer mon compte' }).click();
      const terms = form.getByRole('checkbox', {
        name: "Je reconnais avoir lu et compris les conditions générales d'utilisation et je les accepte",
      });
      await expect(terms).toHaveAttribute('aria-invalid', 'true');
      await expect(terms).toBeFocused();
      await expect(
        form.getByRole('link', { name: "conditions générales d'utilisation" }),
      ).toHaveAttribute('href', '/use-terms');

      await terms.check();
      await form.getByRole('button', { name: 'Créer mon compte' }).click();
      // The account is created, the cart handed over, then the page moves on.
      await expect(page).toHaveURL(/\/mon-compte$/, { timeout: 15_000 });
      await expect(page.getByText(customer.email)).toBeVisible();
      await expect(topBar(page).getByRole('link', { name: 'Mon compte' })).toHaveAttribute(
        'href',
        '/mon-compte',
      );
    });

    await test.step('the session lives in an httpOnly cookie, the cart id in localStorage', async () => {
      const cookies = await context.cookies();
      const token = cookies.find((cookie) => cookie.name === 'token');
      expect(token?.httpOnly).toBe(true);
      expect(cookies.find((cookie) => cookie.name === 'siteId')?.value).toBe('91');
      const storage = await page.evaluate(() => JSON.stringify({ ...localStorage }));
      expect(storage).not.toContain(token!.value);
      const cart = await page.evaluate(() =>
        JSON.parse(localStorage.getItem('comptoir-cart') ?? 'null'),
      );
      expect(cart?.state?.cartId).toEqual(expect.any(Number));
    });

    await test.step('log out: cookies, user and cart id are gone', async () => {
      await logOut(page);
      const names = (await context.cookies()).map((cookie) => cookie.name);
      expect(names).not.toContain('token');
      expect(names).not.toContain('siteId');
      const cart = await page.evaluate(() =>
        JSON.parse(localStorage.getItem('comptoir-cart') ?? 'null'),
      );
      expect(cart?.state?.cartId ?? null).toBeNull();
    });

    await test.step('an account page sends to the login, which brings back to it', async () => {
      await page.goto('/mon-compte/mot-de-passe');
      await expect(page).toHaveURL(/\/auth\?next=%2Fmon-compte%2Fmot-de-passe$/);
      const form = page.getByRole('form', { name: 'Connexion' });
      await form.getByLabel('Adresse e-mail').fill(customer.email);
      await form.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon-2026');
      await form.getByRole('button', { name: 'Se connecter' }).click();
      await expect(toast(page, INVALID_CREDENTIALS_MESSAGE)).toBeVisible();
      await form.getByLabel('Mot de passe', { exact: true }).fill(customer.password);
      await form.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page).toHaveURL(/\/mon-compte\/mot-de-passe$/);
      await expect(page.getByRole('heading', { name: 'Changer mon mot de passe' })).toBeVisible();
    });

    await test.step('edit the profile', async () => {
      await accountMenu(page).getByRole('link', { name: 'Mes informations' }).click();
      const form = page.getByRole('form', { name: 'Mes informations' });
      await form.getByLabel('Nom', { exact: true }).fill('');
      await form.getByRole('button', { name: 'Enregistrer mes informations' }).click();
      const lastname = form.getByLabel('Nom', { exact: true });
      await expect(lastname).toHaveAttribute('aria-invalid', 'true');
      await expect(lastname).toBeFocused();
      await expect(lastname).toHaveAccessibleDescription(REQUIRED_LASTNAME_MESSAGE);

      await lastname.fill('Martin-Durand');
      await form.getByLabel('Prénom').fill('Léonie');
      await form.getByLabel('Téléphone').fill('06 12 34 56 78');
      await form.getByLabel('Date de naissance').fill('1992-05-17');
      await form.getByRole('button', { name: 'Enregistrer mes informations' }).click();
      await expect(form.getByRole('status')).toHaveText('Vos informations sont enregistrées.');

      await page.reload();
      await expect(form.getByLabel('Prénom')).toHaveValue('Léonie');
      await expect(form.getByLabel('Nom', { exact: true })).toHaveValue('Martin-Durand');
      await expect(form.getByLabel('Téléphone')).toHaveValue('06 12 34 56 78');
      await expect(form.getByLabel('Date de naissance')).toHaveValue('1992-05-17');
    });

    const changedPassword = `${customer.password}-bis`;
    await test.step('change the password', async () => {
      await accountMenu(page).getByRole('link', { name: 'Mot de passe' }).click();
      const form = page.getByRole('form', { name: 'Changer mon mot de passe' });
      await form.getByLabel('Mot de passe actuel').fill('pas-le-bon-2026');
      await form.getByLabel('Nouveau mot de passe', { exact: true }).fill(changedPassword);
      await form.getByLabel('Confirmation du nouveau mot de passe').fill(changedPassword);
      await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
      const current = form.getByLabel('Mot de passe actuel');
      await expect(current).toHaveAccessibleDescription(WRONG_CURRENT_PASSWORD_MESSAGE);
      await expect(toast(page, WRONG_CURRENT_PASSWORD_MESSAGE)).toBeVisible();

      await current.fill(customer.password);
      await form.getByRole('button', { name: 'Changer le mot de passe' }).click();
      await expect(form.getByRole('status')).toContainText('Votre mot de passe est modifié.');
      await logOut(page);
      await loginThroughPage(page, { email: customer.email, password: changedPassword });
      await expect(page).toHaveURL(/\/mon-compte$/);
      await logOut(page);
    });

    const resetPassword = `Balayage-${Date.now()}-ok`;
    await test.step('reset the forgotten password through the link of the mail', async () => {
      await page.goto('/auth');
      await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
      await expect(page).toHaveURL(/\/password\/reset\/ask$/);
      await page.getByLabel('Adresse e-mail de votre compte').fill(customer.email);
      await page.getByRole('button', { name: 'Recevoir le lien' }).click();
      await expect(page.getByRole('status').filter({ hasText: RESET_ASKED_MESSAGE })).toBeVisible();

      const mail = await waitForMail(customer.email, /mot de passe/i);
      await page.goto(linkPath(mail, '/password/reset/'));
      await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(resetPassword);
      await page.getByLabel('Confirmation du nouveau mot de passe').fill(resetPassword);
      await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(toast(page, /Votre mot de passe est modifié/)).toBeVisible();

      // The link is used up.
      await page.goto(linkPath(mail, '/password/reset/'));
      await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(`${resetPassword}2`);
      await page.getByLabel('Confirmation du nouveau mot de passe').fill(`${resetPassword}2`);
      await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
      await expect(toast(page, RESET_LINK_INVALID_MESSAGE)).toBeVisible();

      await loginThroughPage(page, { email: customer.email, password: resetPassword });
      await expect(page).toHaveURL(/\/mon-compte$/);
    });

    await test.step('subscribe to a newsletter, then leave every list from the unsubscription page', async () => {
      await accountMenu(page).getByRole('link', { name: "Lettres d'information" }).click();
      const list = page.getByRole('switch', { name: 'Conseils beauté' });
      await expect(list).toHaveAttribute('aria-checked', 'false');
      await list.click();
      await expect(list).toHaveAttribute('aria-checked', 'true');
      await page.reload();
      await expect(page.getByRole('switch', { name: 'Conseils beauté' })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await expect(page.getByRole('switch', { name: 'Actualités du salon' })).toHaveAttribute(
        'aria-checked',
        'false',
      );

      await accountMenu(page).getByRole('link', { name: 'Désinscription' }).click();
      await page
        .getByRole('button', { name: "Me désinscrire de toutes les lettres d'information" })
        .click();
      await expect(
        page.getByText("Vous ne recevrez plus aucune de nos lettres d'information."),
      ).toBeVisible();
      await accountMenu(page).getByRole('link', { name: "Lettres d'information" }).click();
      await expect(page.getByRole('switch', { name: 'Conseils beauté' })).toHaveAttribute(
        'aria-checked',
        'false',
      );
    });

    await test.step('delete the account after confirming in a modal dialog', async () => {
      await accountMenu(page).getByRole('link', { name: 'Désinscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
      const open = () => page.getByRole('button', { name: 'Supprimer mon compte' }).click();

      await open();
      await expect(dialog).toBeVisible();
      const backdrop = await dialog.evaluate(
        (element) => getComputedStyle(element, '::backdrop').backgroundColor,
      );
      expect(backdrop).toBe('rgba(0, 0, 0, 0.44)');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await open();
      await page.mouse.click(8, 450);
      await expect(dialog).toBeHidden();

      await open();
      await dialog.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(
        toast(page, 'Votre compte et vos données personnelles sont supprimés.'),
      ).toBeVisible();
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('token');

      await page.goto('/auth');
      const form = page.getByRole('form', { name: 'Connexion' });
      await form.getByLabel('Adresse e-mail').fill(customer.email);
      await form.getByLabel('Mot de passe', { exact: true }).fill(resetPassword);
      await form.getByRole('button', { name: 'Se connecter' }).click();
      await expect(toast(page, INVALID_CREDENTIALS_MESSAGE)).toBeVisible();
    });
  });

  test('the reset page without a token explains where the link is and offers a new one', async ({
    page,
  }) => {
    await page.goto('/password/reset');
    await expect(
      page.getByText(/ouvrez le lien que nous vous avons envoyé par e-mail/),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
    // The first visit of a page renders it for the site (then it is cached): allow for it.
    await expect(page).toHaveURL(/\/password\/reset\/ask$/, { timeout: 15_000 });
  });

  test('the login never sends the visitor to another site', async ({ page }) => {
    const customer = newCustomer('Inès', 'Roux');
    await registerThroughPage(page, customer);
    await logOut(page);
    await loginThroughPage(page, customer, 'https://evil.example/');
    await expect(page).toHaveURL(/localhost:\d+\/mon-compte$/);
  });

  test('the admin panel appears for an administrator, with working preview actions', async ({
    page,
  }) => {
    await loginThroughApi(page, SITE_91_ADMIN);
    // A page without live parts (the workshops' remaining seats change as visitors register):
    // its HTML is the same from one check to the next.
    await page.goto('/qui-sommes-nous');
    const panel = page.getByRole('complementary', { name: 'Administration du site' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('/qui-sommes-nous')).toBeVisible();

    await panel.getByRole('button', { name: "Vérifier l'aperçu" }).click();
    await expect(panel.getByRole('status')).toHaveText(
      "L'aperçu ne correspond plus à la page : mettez-le à jour.",
    );
    await panel.getByRole('button', { name: "Mettre à jour l'aperçu" }).click();
    await expect(panel.getByRole('status')).toHaveText("L'aperçu est mis à jour.");
    await panel.getByRole('button', { name: "Vérifier l'aperçu" }).click();
    await expect(panel.getByRole('status')).toHaveText("L'aperçu est à jour.");
    await expectNoSeriousAccessibilityViolations(page);
  });

  test('the admin panel stays hidden from customers and visitors', async ({ page }) => {
    await page.goto('/');
    await expect(topBar(page).getByRole('link', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Administration du site' })).toHaveCount(
      0,
    );

    const customer = newCustomer('Hugo', 'Lefèvre');
    await registerThroughPage(page, customer);
    await page.goto('/');
    await expect(topBar(page).getByRole('link', { name: 'Mon compte' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Administration du site' })).toHaveCount(
      0,
    );
  });

  test('the login, password and account pages have no serious accessibility violation', async ({
    page,
  }) => {
    // Fifteen pages, each checked by axe at two widths: minutes on a busy machine.
    test.setTimeout(180_000);
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/auth', '/password/reset/ask', '/password/reset']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSeriousAccessibilityViolations(page);
      }
    }

    await page.setViewportSize({ width: 1366, height: 900 });
    await registerThroughPage(page, newCustomer('Chloé', 'Bernard'));
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, heading] of [
        ['/mon-compte', 'Mes informations'],
        ['/mon-compte/mot-de-passe', 'Changer mon mot de passe'],
        ['/mon-compte/lettres-d-information', "Mes lettres d'information"],
        ['/mon-compte/desinscription', 'Demande de désinscription'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /Chargement/ })).toHaveCount(0);
        await expectNoSeriousAccessibilityViolations(page);
      }
    }
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await expect(page.getByRole('dialog', { name: 'Supprimer votre compte ?' })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
  });
});
