import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { register } from '@comptoir/contract/auth';
import { createApiClient } from '@comptoir/contract/client';
import { getElementList } from '@comptoir/contract/element';
import { updateNewsletterSubscription } from '@comptoir/contract/newsletter';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { loginThroughApi, newCustomer, SITE_91_ADMIN } from './support/accounts';
import { apiFor } from './support/api';
import { createOwnSite, dataOf, loginOnOwnSite, ownerApi } from './support/own-site';
import { API_URL } from './support/urls';
import { saveScreenshot } from './support/screenshots';

/*
 * A site's owner in the back office's site screens: a banner message with its colour, a new
 * service, a new mailing list and a popup, each seen where visitors meet it (the storefront's
 * banner, the services page) or where the owner uses it (the CSV of the list's subscribers). Each
 * journey that saves something works on a brochure site of its own (support/own-site.ts): the
 * journeys that count site 91's banner messages, services and lists never see it. The phone
 * journey, which saves nothing, looks at site 91's screens.
 */

async function bannerIds(siteId: number): Promise<number[]> {
  const { list } = await apiFor(siteId).call(getElementList, {
    params: { route: 'bandeau-promotionnel' },
    query: { nbItem: 1000 },
  });
  return list.map((message) => message.id);
}

function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test('the owner adds a coloured banner message and sees it in the storefront’s banner', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const site = await createOwnSite('site-banner');
  // A message already there, so that the new one has a place to climb.
  const api = await ownerApi(site);
  try {
    await dataOf(
      api.post('/admin/element/bandeau-promotionnel', {
        data: { title: 'Nouveaux horaires', html: 'Ouvert le lundi', backgroundColor: '#2f4858' },
      }),
    );
  } finally {
    await api.dispose();
  }
  const before = await bannerIds(site.id);
  expect(before).toHaveLength(1);
  const message = `Portes ouvertes ${Date.now().toString(36)}`;
  await loginOnOwnSite(page, site);
  await page.goto(site.url('/admin/elements'));
  const banner = page.getByRole('region', { name: 'Bandeau promotionnel' });
  await banner.getByRole('button', { name: 'Ajouter un message' }).click();
  await banner.getByRole('textbox', { name: 'Titre' }).fill(message);
  await banner.getByRole('textbox', { name: /Message \(HTML\)/ }).fill(`${message} samedi`);
  await banner.getByRole('textbox', { name: /Couleur de fond/ }).fill('#1d4e89');
  await banner.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(banner.getByRole('status')).toHaveText(`« ${message} » ajouté.`);

  // Put first with the keyboard alternative to dragging, so that it is the slide shown on load.
  const up = banner.getByRole('button', { name: `Monter « ${message} »` });
  for (let position = before.length; position >= 1; position -= 1) {
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(banner.getByRole('status')).toHaveText(
      `« ${message} » est maintenant en position ${position}.`,
    );
  }

  // The storefront was told to refresh its elements: its banner opens on the message, painted
  // on its colour (on the message's own box or one of its parents).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(async () => {
    await page.goto(site.url('/'));
    const text = page
      .getByRole('region', { name: 'Offres du moment' })
      .getByText(`${message} samedi`);
    await expect(text).toBeVisible({ timeout: 1_000 });
    const painted = await text.evaluate((element) => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        if (getComputedStyle(node).backgroundColor === 'rgb(29, 78, 137)') return true;
      }
      return false;
    });
    expect(painted).toBe(true);
  }).toPass({ timeout: 20_000 });
});

test('the owner adds a service, sees it on the services page, and deletes it', async ({ page }) => {
  test.setTimeout(240_000);
  const title = `Atelier chignon ${Date.now().toString(36)}`;
  const site = await createOwnSite('services');
  await loginOnOwnSite(page, site);
  await page.goto(site.url('/admin/services'));
  await expect(page.getByRole('heading', { level: 1, name: 'Prestations' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Ajouter une prestation' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Titre' }) });
  await form.getByRole('textbox', { name: 'Titre' }).fill(title);
  await form.getByRole('textbox', { name: /Prix TTC/ }).fill('49,999');
  await form.getByRole('button', { name: 'Ajouter la prestation' }).click();
  // A wrong price is named under its field, and nothing is sent.
  await expect(form.getByText(/Saisissez un prix positif en euros/)).toBeVisible();
  await form.getByRole('textbox', { name: /Prix TTC/ }).fill('49,90');
  await form.getByRole('textbox', { name: /Durée/ }).fill('45');
  await form
    .getByRole('textbox', { name: /Résumé/ })
    .fill('Un chignon pour une soirée, appris pas à pas.');
  await expectNoSeriousAccessibilityViolations(page);
  await saveScreenshot(page, {
    path: test.info().outputPath('services-form-1280.png'),
    fullPage: true,
  });
  await form.getByRole('button', { name: 'Ajouter la prestation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `« ${title} » ajoutée.` })).toBeVisible();
  await saveScreenshot(page, { path: test.info().outputPath('services-1280.png'), fullPage: true });

  try {
    await expect(async () => {
      await page.goto(site.url('/prestation-conseil-en-image'));
      const card = page
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2, name: title }) });
      await expect(card).toContainText('49,90 €', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  } finally {
    await page.goto(site.url('/admin/services'));
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Supprimer « ${title} »` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `« ${title} » supprimée.` }),
    ).toBeVisible();
  }
  await expect(async () => {
    await page.goto(site.url('/prestation-conseil-en-image'));
    await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 10_000 });
});

test('the owner creates a mailing list and downloads its subscribers as CSV', async ({ page }) => {
  test.setTimeout(240_000);
  const name = `Invitations ${Date.now().toString(36)}`;
  const site = await createOwnSite('newsletter');
  await loginOnOwnSite(page, site);
  await page.goto(site.url('/admin/newsletter'));
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await page.getByRole('button', { name: 'Créer une liste' }).click();
  await page.getByRole('textbox', { name: 'Nom de la liste' }).fill(name);
  await page.getByRole('button', { name: 'Créer la liste' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Liste « ${name} » créée.` }),
  ).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await saveScreenshot(page, {
    path: test.info().outputPath('newsletter-1280.png'),
    fullPage: true,
  });

  const api = await ownerApi(site);
  const lists = await dataOf<{ id: number; name: string }[]>(api.get('/admin/newsletter/list'));
  await api.dispose();
  const listId = lists.find((list) => list.name === name)!.id;
  // A visitor subscribes from their account: the owner then finds them in the list.
  const visitor = newCustomer('Lecteur', 'Fidèle');
  const visitorEmail = visitor.email;
  const { token } = await apiFor(site.id).call(register, {
    body: { ...visitor, phone: '06 12 34 56 78', acceptTerms: true },
  });
  await createApiClient({ baseUrl: API_URL, siteId: site.id, token }).call(
    updateNewsletterSubscription,
    { body: { listIds: [listId] } },
  );
  await page.reload();

  await page.getByRole('link', { name: new RegExp(`1 inscrit dans « ${name} »`) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher une adresse' }).fill('lecteur.');
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByRole('cell', { name: visitorEmail, exact: true })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger les inscrits (CSV pour Excel)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^inscrits-invitations-[a-z0-9]+\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF"Adresse e-mail";"Compte client";"Date d\'inscription"')).toBe(true);
  expect(csv).toContain(`"${visitorEmail}";"oui"`);

  // On a phone the subscribers' table becomes cards that fit the width.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await saveScreenshot(page, {
    path: test.info().outputPath('subscribers-390.png'),
    fullPage: true,
  });
});

test('the owner creates a popup, opens it from a page, then every time, and deletes it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const title = `Journées portes ouvertes ${Date.now().toString(36)}`;
  const site = await createOwnSite('popups');
  await loginOnOwnSite(page, site);
  // A page no popup opens yet.
  const api = await ownerApi(site);
  const { popups, pages } = await dataOf<{
    popups: { id: number; title: string; pageIds: number[] }[];
    pages: { id: number; title: string; url: string }[];
  }>(api.get('/admin/popup'));
  await api.dispose();
  const taken = new Set(popups.flatMap((popup) => popup.pageIds));
  const free = pages.filter((choice) => !taken.has(choice.id) && choice.url !== '/').at(-1)!;
  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement;
      return `${element?.tagName ?? ''} ${element?.textContent ?? ''}`;
    });

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(site.url('/admin/popups'));
  await expect(page.getByRole('heading', { level: 1, name: 'Fenêtres' })).toBeVisible();
  await page.getByRole('button', { name: 'Créer une fenêtre' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('textbox', { name: 'Titre' }) });
  // The new popup's form takes the place of its button, and the focus with it.
  await expect(form.getByRole('textbox', { name: 'Titre' })).toBeFocused();

  await form.getByRole('button', { name: 'Créer la fenêtre' }).click();
  await expect(form.getByText('Le titre est obligatoire.')).toBeVisible();
  await expect(form.getByText('Le contenu est obligatoire.')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Titre' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Titre' }).fill(title);
  await expect(form.getByText('Le titre est obligatoire.')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Contenu (HTML)' }).fill('<p>Samedi de 10 h à 18 h.</p>');
  const days = form.getByRole('spinbutton', { name: 'Reste fermée pendant (jours)' });
  await days.fill('400');
  await form.getByRole('checkbox', { name: `${free.title} (${free.url})`, exact: true }).check();
  // Every reload hides the days, and unticking it brings them back as typed.
  const everyReload = form.getByRole('checkbox', {
    name: 'S’ouvre à chaque chargement de la page',
  });
  await everyReload.check();
  await expect(days).toHaveCount(0);
  await everyReload.uncheck();
  await expect(days).toHaveValue('400');
  await form.getByRole('button', { name: 'Créer la fenêtre' }).click();
  await expect(form.getByText('Saisissez un nombre de jours (0 à 365).')).toBeVisible();
  await days.fill('3');
  await expectNoSeriousAccessibilityViolations(page);
  await saveScreenshot(page, {
    path: test.info().outputPath('popups-form-1366.png'),
    fullPage: true,
  });
  await form.getByRole('button', { name: 'Créer la fenêtre' }).click();

  try {
    await expect(
      page.getByRole('status').filter({ hasText: `Fenêtre « ${title} » créée.` }),
    ).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText(`Ouverte par : ${free.title}. Reste fermée 3 jours.`);
    // The focus is on the new row, not lost with the form.
    expect(await focused()).toMatch(new RegExp(`^LI ${title}`));

    await row.getByRole('button', { name: `Modifier « ${title} »` }).click();
    await row.getByRole('checkbox', { name: 'S’ouvre à chaque chargement de la page' }).check();
    await row.getByRole('checkbox', { name: `${free.title} (${free.url})`, exact: true }).uncheck();
    await row.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Fenêtre « ${title} » enregistrée.` }),
    ).toBeVisible();
    await expect(row).toContainText('Désactivée : aucune page ne l’ouvre. À chaque chargement.');
    await saveScreenshot(page, { path: test.info().outputPath('popups-1366.png'), fullPage: true });
  } finally {
    await page.goto(site.url('/admin/popups'));
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Supprimer « ${title} »` }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Fenêtre « ${title} » supprimée.` }),
    ).toBeVisible();
  }
  // The focus goes to the row that took its place, or to the list's heading.
  expect(await focused()).toMatch(/^(LI|H2) /);
  await expect(page.getByRole('button', { name: `Supprimer « ${title} »` })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the services, newsletter and popups screens fit the width and are accessible', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await loginThroughApi(page, SITE_91_ADMIN);
    for (const [path, heading] of [
      ['/admin/services', 'Prestations'],
      ['/admin/newsletter', 'Newsletter'],
      ['/admin/popups', 'Fenêtres'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, {
        path: test.info().outputPath(`${path.split('/').pop()}-390.png`),
        fullPage: true,
      });
    }
  });
});
