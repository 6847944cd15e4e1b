import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import {
  createOwnSite,
  dataOf,
  loginOnOwnSite,
  ownerApi,
  visitorGet,
  type OwnSite,
} from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * Publishing a page checks its draft for accessibility first (decision 0112): axe-core runs in the
 * owner's browser on the draft preview, and the serious or critical problems are listed in French
 * before the page goes live. The owner may fix them first or publish anyway; a page without any
 * publishes with no question. Each journey works on a brochure site of its own.
 */

const IMAGE = '/samples/page-blocks/caves-tuffeau.svg';
const PUBLISHED = 'La page est publiée et son aperçu est mis à jour.';

interface CreatedPage {
  id: number;
  url: string;
  title: string;
}

async function createPage(site: OwnSite, title: string): Promise<CreatedPage> {
  const api = await ownerApi(site);
  try {
    return await dataOf<CreatedPage>(
      api.post('/admin/page', {
        data: {
          url: `/${title.toLowerCase().replaceAll(' ', '-')}-${randomBytes(3).toString('hex')}`,
          title,
          menuTitle: null,
          metaDescription: `${title} : une page du back-office.`,
          showInMenu: false,
          isFixedOnRight: false,
          link: null,
          isCustomHeader: false,
          isCustomFooter: false,
          idParent: null,
        },
      }),
    );
  } finally {
    await api.dispose();
  }
}

async function openEditor(page: Page, site: OwnSite, created: CreatedPage) {
  await page.goto(site.url(`/admin/pages/${created.id}`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Contenu de « ${created.title} »` }),
  ).toBeVisible();
}

/** Adds an image block with that image and no description, seen in the preview. */
async function addImageWithoutDescription(page: Page, created: CreatedPage) {
  await page.getByLabel('Ajouter un bloc').selectOption({ label: 'Image' });
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  const block = page.getByRole('group', { name: 'Bloc 1 : Image' });
  await block.getByLabel("Adresse de l'image").fill(IMAGE);
  const preview = page.frameLocator(`iframe[title="Aperçu de la page « ${created.title} »"]`);
  await expect(preview.locator(`img[src="${IMAGE}"]`)).toBeAttached();
  return block;
}

function accessibilityDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Un problème d’accessibilité sur cette page' });
}

test.describe('the accessibility check on publish', () => {
  test('an image without alternative text is listed before the page goes live; the owner publishes anyway, and a clean page publishes with no question', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const site = await createOwnSite('publish-a11y');
    await loginOnOwnSite(page, site);
    const cellar = await createPage(site, 'Nos caves');
    await openEditor(page, site, cellar);
    await addImageWithoutDescription(page, cellar);

    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    const dialog = accessibilityDialog(page);
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    const finding = dialog.getByRole('listitem').filter({
      has: page.getByRole('heading', { name: /Image sans texte alternatif/ }),
    });
    await expect(finding).toContainText('Description de l’image');
    await expect(finding.getByRole('list', { name: 'Éléments concernés' })).toContainText(
      `L’image ${IMAGE}`,
    );
    // « Corriger d'abord » has the focus: Entrée does not publish by mistake.
    await expect(dialog.getByRole('button', { name: 'Corriger d’abord' })).toBeFocused();
    // Not live yet.
    expect((await visitorGet(site, cellar.url)).text).not.toContain(IMAGE);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, { path: testInfo.outputPath('publish-check-1280.png') });

    await dialog.getByRole('button', { name: 'Publier quand même' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(PUBLISHED).first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await visitorGet(site, cellar.url)).text).toContain(IMAGE);

    // A page with nothing to fix goes live at once.
    const visit = await createPage(site, 'Visite du domaine');
    await openEditor(page, site, visit);
    await page.getByLabel('Ajouter un bloc').selectOption({ label: 'Texte' });
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    const text = `Visite des chais le samedi ${randomBytes(2).toString('hex')}`;
    await page
      .getByRole('group', { name: 'Bloc 1 : Texte' })
      .getByLabel('Texte (HTML)')
      .fill(`<p>${text}</p>`);
    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    await expect(page.getByText(PUBLISHED).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect.poll(async () => (await visitorGet(site, visit.url)).text).toContain(text);
  });

  test('on a phone, the owner fixes the image first, then the page publishes with no question', async ({
    page,
  }, testInfo) => {
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const site = await createOwnSite('publish-a11y-phone');
    await loginOnOwnSite(page, site);
    const cellar = await createPage(site, 'Le chai');
    await openEditor(page, site, cellar);
    const block = await addImageWithoutDescription(page, cellar);

    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    const dialog = accessibilityDialog(page);
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toContainText(`L’image ${IMAGE}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, { path: testInfo.outputPath('publish-check-390.png') });

    await dialog.getByRole('button', { name: 'Corriger d’abord' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Publication suspendue')).toBeVisible();
    expect((await visitorGet(site, cellar.url)).text).not.toContain(IMAGE);

    await block
      .getByLabel("Description de l'image (texte alternatif)")
      .fill('Le chai creusé dans le tuffeau, ses barriques alignées');
    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    await expect(page.getByText(PUBLISHED).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect
      .poll(async () => (await visitorGet(site, cellar.url)).text)
      .toContain('Le chai creusé dans le tuffeau');
  });
});
