import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { SITE_91_ADMIN, loginThroughApi } from './support/accounts';
import { rememberPopupsClosed } from './support/welcome-popup';
import { saveScreenshot } from './support/screenshots';

/*
 * The owner of site 91 builds a form in the back office (a text field, a required choice field,
 * a file field, moved from the keyboard), shows it on a new page of blocks, a visitor answers it,
 * the owner renames a field (the storefront shows it on the next visit) and downloads the answers
 * as CSV. The journey creates its own page and form and deletes them: nothing site-wide changes.
 */

const SITE = { siteId: '91' };
// A 1×1 PNG for the file field.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function fieldCard(page: Page, position: number): Locator {
  return page.getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 3, name: new RegExp(`^Champ ${position} :`) }),
  });
}

async function addField(page: Page, position: number, label: string, type?: string) {
  await page.getByRole('button', { name: '+ Ajouter un champ' }).click();
  const card = fieldCard(page, position);
  // The new field's label has the focus: the owner types at once.
  await expect(card.getByLabel('Libellé')).toBeFocused();
  await page.keyboard.type(label);
  if (type) await card.getByLabel('Type de champ').selectOption({ label: type });
  return card;
}

test('the owner builds a form, shows it on a page, a visitor answers it, and the answers download as CSV', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const marker = `${Date.now()}`;
  const title = `Demande de devis ${marker}`;
  const pageUrl = `/devis-${marker}`;
  let formId = 0;
  let pageId = 0;
  await loginThroughApi(page, SITE_91_ADMIN);

  try {
    await test.step('the owner creates the form with three fields, ordered from the keyboard', async () => {
      await page.goto('/admin/formulaires');
      await page.getByRole('link', { name: 'Créer un formulaire' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Nouveau formulaire' })).toBeVisible(
        { timeout: 20_000 },
      );
      await page.getByLabel('Titre', { exact: true }).fill(title);
      await page.getByLabel('Libellé du bouton d’envoi').fill('Demander mon devis');

      await addField(page, 1, 'Photo de la pièce', 'Fichier joint');
      const file = fieldCard(page, 1);
      for (const format of ['WebP', 'GIF', 'PDF', 'Word (DOCX)', 'OpenDocument (ODT)']) {
        await file.getByRole('checkbox', { name: format }).uncheck();
      }
      await file.getByLabel('Taille maximale d’un fichier (Mo)').fill('2');
      await expect(file).toContainText('un fichier par champ');

      await addField(page, 2, 'Votre nom');
      const choice = await addField(page, 3, 'Prestation', 'Liste de choix');
      await choice.getByLabel('Obligatoire').check();
      await choice.getByLabel('Choix proposés (un par ligne)').fill('Coupe\nCouleur\nChignon');

      // The file field goes last: its « Descendre » button, pressed twice with the keyboard.
      await page.getByRole('button', { name: 'Descendre le champ 1' }).focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('status').filter({ hasText: 'est maintenant le champ 2' }),
      ).toBeAttached();
      await expect(page.getByRole('button', { name: 'Descendre le champ 2' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(fieldCard(page, 3)).toContainText('Photo de la pièce');
      await expect(fieldCard(page, 1)).toContainText('Votre nom');

      // A choice list without choices is refused next to its field, before anything is sent.
      await fieldCard(page, 2).getByLabel('Choix proposés (un par ligne)').fill('');
      await page.getByRole('button', { name: 'Créer le formulaire' }).click();
      await expect(
        fieldCard(page, 2).getByText('Une liste de choix propose au moins un choix'),
      ).toBeVisible();
      await fieldCard(page, 2)
        .getByLabel('Choix proposés (un par ligne)')
        .fill('Coupe\nCouleur\nChignon');

      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, {
        path: 'test-results/admin-forms-builder-390.png',
        fullPage: true,
      });
      await page.setViewportSize({ width: 1280, height: 900 });
      await expectNoSeriousAccessibilityViolations(page);
      await saveScreenshot(page, {
        path: 'test-results/admin-forms-builder-1280.png',
        fullPage: true,
      });

      await page.getByRole('button', { name: 'Créer le formulaire' }).click();
      await expect(page).toHaveURL(/\/admin\/formulaires\/\d+\/modifier$/, { timeout: 20_000 });
      formId = Number(/formulaires\/(\d+)\//.exec(page.url())![1]);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`avec le numéro ${formId}`)).toBeVisible();
    });

    await test.step('the form is placed on a new page of blocks', async () => {
      const created = await page.request.post('/api/admin/page', {
        headers: SITE,
        data: {
          url: pageUrl,
          title: `Devis ${marker}`,
          menuTitle: null,
          metaDescription: null,
          showInMenu: false,
          isFixedOnRight: false,
          link: null,
          isCustomHeader: false,
          isCustomFooter: false,
          idParent: null,
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
      pageId = (await created.json()).data.id;
      const blocks = await page.request.put(`/api/admin/page/${pageId}/blocks`, {
        headers: SITE,
        data: { blocks: [{ type: 'form', formId }] },
      });
      expect(blocks.ok(), await blocks.text()).toBe(true);
      await page.reload();
      await expect(page.getByRole('link', { name: `Devis ${marker}` })).toBeVisible();
    });

    await test.step('a visitor answers it on the storefront', async () => {
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await rememberPopupsClosed(visitor);
      await visitor.goto(pageUrl);
      const form = visitor.getByRole('form', { name: title });
      await form.getByLabel('Votre nom').fill(`Odile ${marker}`);
      const photo = form.getByLabel(/Photo de la pièce/);
      await expect(photo).toHaveAttribute('accept', 'image/jpeg,image/png');
      await expect(photo).toHaveAccessibleDescription(/JPEG, PNG ; 2 Mo au plus/);
      // The choice is required: the server says so next to it.
      await form.getByRole('button', { name: 'Demander mon devis' }).click();
      await expect(form.getByLabel('Prestation')).toHaveAttribute('aria-invalid', 'true');
      await form.getByLabel('Prestation').selectOption({ label: 'Couleur' });
      await photo.setInputFiles({ name: 'salon.png', mimeType: 'image/png', buffer: PNG });
      await form.getByRole('button', { name: 'Demander mon devis' }).click();
      await expect(visitor.getByRole('status').filter({ hasText: 'Merci' })).toBeVisible();
      await visitorContext.close();
    });

    await test.step('the owner renames a field: the storefront shows it on the next visit', async () => {
      await fieldCard(page, 1).getByLabel('Libellé').fill('Nom et prénom');
      await page.getByRole('button', { name: 'Enregistrer le formulaire' }).click();
      await expect(page.getByText('Formulaire enregistré.')).toBeVisible();
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await rememberPopupsClosed(visitor);
      await expect
        .poll(
          async () => {
            await visitor.goto(pageUrl);
            return visitor.getByRole('form', { name: title }).getByLabel('Nom et prénom').count();
          },
          { timeout: 15_000 },
        )
        .toBe(1);
      await visitorContext.close();
    });

    await test.step('the answers download as CSV with the field labels', async () => {
      await page.getByRole('link', { name: 'Voir les réponses (1)' }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: /Télécharger les réponses/ }).click();
      const csv = await download;
      expect(csv.suggestedFilename()).toBe(`reponses-demande-de-devis-${marker}.csv`);
      const text = (await readFile((await csv.path())!)).toString('utf8');
      const [header, row] = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toBe('"Date";"Nom et prénom";"Prestation";"Photo de la pièce"');
      expect(row).toMatch(new RegExp(`;"Odile ${marker}";"Couleur";"salon\\.png"$`));
    });

    await test.step('a form shown on a page cannot be deleted; once removed from it, it can', async () => {
      await page.goto(`/admin/formulaires/${formId}/modifier`);
      await page.getByRole('button', { name: 'Supprimer le formulaire' }).click();
      const dialog = page.getByRole('dialog', { name: `Supprimer « ${title} » ?` });
      await expect(dialog).toContainText('retirez-en le bloc d’abord');
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await page.request.put(`/api/admin/page/${pageId}/blocks`, {
        headers: SITE,
        data: { blocks: [] },
      });
      await page.reload();
      await page.getByRole('button', { name: 'Supprimer le formulaire' }).click();
      await expect(dialog).toContainText('Sa réponse sera supprimée');
      await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
      await expect(page).toHaveURL(/\/admin\/formulaires$/);
      await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0);
      formId = 0;
    });
  } finally {
    if (pageId) {
      const tree = await page.request.get('/api/admin/pages', { headers: SITE });
      const { pages } = (await tree.json()).data as { pages: { id: number; url: string }[] };
      const home = pages.find((entry) => entry.url === '/')!;
      await page.request.delete(`/api/admin/page/${pageId}`, {
        headers: SITE,
        params: { idRedirectPage: String(home.id) },
      });
    }
    if (formId) await page.request.delete(`/api/admin/form/${formId}`, { headers: SITE });
  }
});
