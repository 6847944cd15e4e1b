import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { createOwnSite, dataOf, loginOnOwnSite, ownerApi } from './support/own-site';
import { openUntilShown } from './support/revalidated-page';
import { saveScreenshot } from './support/screenshots';

/*
 * A site's owner writes a blog article with formatted text and an image, publishes it and reads it
 * on the storefront; adds a promoted news item; creates an album, sends two photos at once and sees
 * them in a page's gallery. On a brochure site of the journey's own (support/own-site.ts): the
 * journeys that read site 91's newest article and news meanwhile never see these.
 */
/** The back office's screens render on the server per request: a loaded machine takes seconds. */
const slowExpect = expect.configure({ timeout: 30_000 });

/** A 480×320 PNG of one colour, drawn by the browser itself. */
async function picture(page: Page, colour: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 320;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/png');
  }, colour);
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, { path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveScreenshot(page, { path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
}

test('the owner publishes an article with an image, adds a news item and an album of two photos', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const suffix = randomBytes(3).toString('hex');
  await page.setViewportSize({ width: 1280, height: 900 });
  const site = await createOwnSite('blog');
  await loginOnOwnSite(page, site);
  await test.step('an article with formatted text and an image, published', async () => {
    await page.goto(site.url('/admin/blog'));
    await slowExpect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await page.getByRole('link', { name: 'Écrire un article' }).click();
    await slowExpect(page.getByRole('heading', { level: 1, name: 'Nouvel article' })).toBeVisible();

    const title = `Préparer ses cheveux à l’hiver ${suffix}`;
    await page.getByLabel('Titre', { exact: true }).fill(title);
    await slowExpect(page.getByLabel('Adresse', { exact: true })).toHaveValue(
      `preparer-ses-cheveux-a-l-hiver-${suffix}`,
    );
    await page.getByLabel('Résumé').fill('Trois gestes pour des cheveux en forme.');

    const editor = page.getByRole('textbox', { name: 'Texte' });
    await editor.click();
    // A toolbar button gives the focus back to the text a moment after the click (TipTap's
    // focus command): keys typed before that went to the button, a space pressing it again.
    const toggle = async (name: string, pressed: 'true' | 'false') => {
      const button = page.getByRole('button', { name, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-pressed', pressed);
      await expect(editor).toBeFocused();
    };
    await toggle('Titre', 'true');
    await page.keyboard.type('Les bons gestes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Avant tout, ');
    await toggle('Gras', 'true');
    await page.keyboard.type('hydratez');
    await toggle('Gras', 'false');
    await page.keyboard.type(' vos longueurs chaque semaine.');

    await page.getByLabel("Description de l'image à insérer").fill('Un soin hydratant au salon');
    await page
      .locator('input[type=file]')
      .first()
      .setInputFiles({
        name: 'soin.png',
        mimeType: 'image/png',
        buffer: await picture(page, '#b46a55'),
      });
    await slowExpect(page.getByText('Image insérée dans le texte.')).toBeVisible();
    await slowExpect(editor.locator('img')).toHaveAttribute('alt', 'Un soin hydratant au salon');

    await page.getByLabel('Publié (visible sur le site)').check();
    await expectNoSeriousAccessibilityViolations(page);
    await screenshots(page, 'article');
    await page.getByRole('button', { name: "Enregistrer l'article" }).click();
    await slowExpect(page.getByText('Article enregistré et publié.')).toBeVisible();

    await page.goto(site.url(`/blog/preparer-ses-cheveux-a-l-hiver-${suffix}`));
    await slowExpect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const main = page.getByRole('main');
    await slowExpect(
      main.getByRole('heading', { level: 2, name: 'Les bons gestes' }),
    ).toBeVisible();
    await slowExpect(main.locator('strong', { hasText: 'hydratez' })).toBeVisible();
    const image = main.getByRole('img', { name: 'Un soin hydratant au salon' });
    await slowExpect(image).toBeVisible();
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(480);
  });

  await test.step('a promoted news item', async () => {
    await page.goto(site.url('/admin/actualites'));
    await slowExpect(page.getByRole('heading', { level: 1, name: 'Actualités' })).toBeVisible();
    await page.getByRole('button', { name: 'Nouvelle actualité' }).click();
    await page.getByLabel('Titre', { exact: true }).fill(`Nouveaux horaires ${suffix}`);
    await page.getByLabel('Résumé').fill('Le salon ouvre le lundi après-midi.');
    await page.getByLabel('À la une').check();
    await expectNoSeriousAccessibilityViolations(page);
    await screenshots(page, 'news');
    await page.getByRole('button', { name: "Enregistrer l'actualité" }).click();
    await slowExpect(
      page.getByText(`Actualité « Nouveaux horaires ${suffix} » enregistrée.`),
    ).toBeVisible();
    await slowExpect(page.getByText(`Nouveaux horaires ${suffix}`, { exact: true })).toBeVisible();
  });

  await test.step('an album with two photos sent at once', async () => {
    await page.goto(site.url('/admin/albums'));
    await slowExpect(page.getByRole('heading', { level: 1, name: 'Albums photo' })).toBeVisible();
    await page.getByRole('button', { name: 'Nouvel album' }).click();
    await page.getByLabel("Titre de l'album").fill(`Chignons de mariée ${suffix}`);
    await page.getByRole('button', { name: "Créer l'album" }).click();
    await slowExpect(
      page.getByRole('heading', { level: 1, name: `Album « Chignons de mariée ${suffix} »` }),
    ).toBeVisible();
    await page.locator('input[type=file][multiple]').setInputFiles([
      { name: 'chignon-1.png', mimeType: 'image/png', buffer: await picture(page, '#6a8caf') },
      { name: 'chignon-2.png', mimeType: 'image/png', buffer: await picture(page, '#af6a8c') },
    ]);
    await slowExpect(page.getByText('2 photos ajoutées sur 2.')).toBeVisible();
    await slowExpect(page.getByLabel('Description (photo n°2)')).toBeVisible();
    await page.getByLabel('Description (photo n°1)').fill('Chignon bas tressé');
    await page.getByRole('button', { name: 'Enregistrer la photo n°1' }).click();
    await slowExpect(page.getByText('Photo n°1 enregistrée.')).toBeVisible();
    // The keyboard way to reorder: the second photo goes first.
    await page.getByRole('button', { name: "Monter l'élément n°2" }).focus();
    await page.keyboard.press('Enter');
    await slowExpect(page.getByText('Élément n°2 déplacé en position 1.')).toBeVisible();
    await slowExpect(page.getByLabel('Description (photo n°2)')).toHaveValue('Chignon bas tressé');
    // Next writes the title of a page reached by the client router once its metadata resolved.
    await slowExpect(page).toHaveTitle(/^Album « Chignons de mariée/);
    await expectNoSeriousAccessibilityViolations(page);
    await screenshots(page, 'album');

    const albumId = Number(page.url().split('/').at(-1));
    const api = await ownerApi(site);
    const created = await dataOf<{ id: number }>(
      api.post('/admin/page', {
        data: {
          url: `/galerie-${suffix}`,
          title: `Galerie ${suffix}`,
          menuTitle: null,
          metaDescription: null,
          showInMenu: false,
          isFixedOnRight: false,
          link: null,
          isCustomHeader: false,
          isCustomFooter: false,
          idParent: null,
        },
      }),
    );
    await dataOf(
      api.put(`/admin/page/${created.id}/blocks`, {
        data: {
          blocks: [
            { type: 'newsFeed', title: 'Actualités', nbItem: 3 },
            { type: 'gallery', title: 'Nos chignons', albumId },
          ],
        },
      }),
    );
    await api.dispose();

    // The page made a moment ago: the storefront may still answer from the menu it knew before
    // its revalidation (a 404), so the page is opened again until it shows.
    await openUntilShown(page, site.url(`/galerie-${suffix}`), (shown) =>
      shown.getByRole('main').getByText(`Nouveaux horaires ${suffix}`).first(),
    );
    const main = page.getByRole('main');
    await slowExpect(
      main.getByRole('button', { name: 'Agrandir la photo n°2 : Chignon bas tressé' }),
    ).toBeVisible();
    await slowExpect(main.getByRole('button', { name: /^Agrandir la photo n°1/ })).toBeVisible();
  });
});
