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
 * A site's owner arranges the menu in the back office (from the keyboard and by dragging), writes
 * a page's content in the block editor, publishes it, and deletes a page with a redirect; each
 * change shows on the storefront. The menu is what every page shows: each journey works on a
 * brochure site of its own (support/own-site.ts), so the journeys that follow site 91's menu
 * meanwhile never see these pages, and nothing needs putting back.
 */

interface CreatedPage {
  id: number;
  url: string;
  title: string;
}

async function createMenuPage(site: OwnSite, title: string, url: string): Promise<CreatedPage> {
  const api = await ownerApi(site);
  try {
    return await dataOf<CreatedPage>(
      api.post('/admin/page', {
        data: {
          url,
          title,
          menuTitle: null,
          metaDescription: `${title} : la page de démonstration du back-office.`,
          showInMenu: true,
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

/** The storefront's main menu entries, in order. */
async function menuLabels(page: Page, site: OwnSite): Promise<string[]> {
  await page.goto(site.url('/'));
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu).toBeVisible();
  return (await menu.getByRole('link').allTextContents()).map((text) => text.trim());
}

async function expectMenuOrder(page: Page, site: OwnSite, first: string, second: string) {
  // The storefront shows the new order once the API's revalidation reached it and the page was
  // rendered again: seconds on a loaded machine, hence more than expect's default 5 s.
  await expect
    .poll(
      async () => {
        const labels = await menuLabels(page, site);
        return labels.indexOf(first) >= 0 && labels.indexOf(first) < labels.indexOf(second);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

test.describe('pages and menu in the back office', () => {
  test('the owner reorders the menu from the keyboard and by dragging, edits and publishes a block, and deletes a page with a redirect', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const site = await createOwnSite('pages');
    await loginOnOwnSite(page, site);
    const suffix = randomBytes(3).toString('hex');
    const first = await createMenuPage(site, 'Ateliers couleur', `/ateliers-couleur-${suffix}`);
    const second = await createMenuPage(site, 'Ateliers style', `/ateliers-style-${suffix}`);
    await expectMenuOrder(page, site, first.title, second.title);

    await page.goto(site.url('/admin/pages'));
    await expect(page.getByRole('heading', { level: 1, name: 'Pages et menu' })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, { path: testInfo.outputPath('pages-1280.png'), fullPage: true });

    // From the keyboard: « Monter » on the second page, announced to screen readers.
    const up = page.getByRole('button', { name: `Monter « ${second.title} »`, exact: true });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `« ${second.title} » est maintenant en position` }),
    ).toBeAttached();
    await expectMenuOrder(page, site, second.title, first.title);

    // By dragging: the first page's handle above the second page's row.
    await page.goto(site.url('/admin/pages'));
    const handle = page.getByRole('button', {
      name: `Glisser « ${first.title} » pour le déplacer`,
    });
    const targetRow = page.locator(`li[data-page-id="${second.id}"]`);
    await handle.scrollIntoViewIfNeeded();
    await targetRow.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await targetRow.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
    await page.mouse.up();
    await expect(
      page.getByRole('status').filter({ hasText: `« ${first.title} » est maintenant en position` }),
    ).toBeAttached();
    await expectMenuOrder(page, site, first.title, second.title);

    // The block editor: a text block, seen in the preview before it is published.
    await page.goto(site.url(`/admin/pages/${first.id}`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Contenu de « ${first.title} »` }),
    ).toBeVisible();
    await page.getByLabel('Ajouter un bloc').selectOption({ label: 'Texte' });
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    const text = `Stage de colorimétrie du ${suffix}`;
    await page
      .getByRole('group', { name: 'Bloc 1 : Texte' })
      .getByLabel('Texte (HTML)')
      .fill(`<p>${text}</p>`);
    const preview = page.frameLocator(`iframe[title="Aperçu de la page « ${first.title} »"]`);
    await expect(preview.getByText(text)).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, { path: testInfo.outputPath('editor-1280.png'), fullPage: true });
    // Not published yet: visitors do not see it.
    expect((await visitorGet(site, first.url)).text).not.toContain(text);

    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(
      page.getByText('La page est publiée et son aperçu est mis à jour.').first(),
    ).toBeVisible({
      timeout: 20_000,
    });

    // The storefront shows it, and the stored preview was made from what visitors now get.
    await page.goto(site.url(first.url));
    await expect(page.getByText(text)).toBeVisible();
    const html = await page.locator('#contenu').evaluate((main) => main.innerHTML);
    const api = await ownerApi(site);
    try {
      expect(
        await dataOf(api.post(`/admin/page/${first.id}/layout/1/hash/check`, { data: { html } })),
      ).toEqual({ upToDate: true });
    } finally {
      await api.dispose();
    }

    // Deleting the page: its address now leads to the chosen page, permanently.
    await page.goto(site.url('/admin/pages'));
    await page.getByRole('button', { name: `Supprimer « ${first.title} »` }).click();
    const dialog = page.getByRole('dialog', { name: `Supprimer « ${first.title} » ?` });
    await dialog
      .getByLabel(`Rediriger ${first.url} vers`)
      .selectOption({ label: `${second.title} (${second.url})` });
    await dialog.getByRole('button', { name: 'Supprimer et rediriger' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${first.url} mène désormais à ${second.url}` }),
    ).toBeAttached();
    await expect
      .poll(async () => {
        const response = await visitorGet(site, first.url);
        return [response.status, response.location];
      })
      .toEqual([308, second.url]);
    await page.goto(site.url(first.url));
    await expect(page).toHaveURL(new RegExp(`${second.url}$`));
  });

  test('on a phone, the tree and the block editor are usable and accessible', async ({
    page,
  }, testInfo) => {
    // Two axe scans and two full-page screenshots on a phone: give it three times the timeout.
    test.slow();
    await page.setViewportSize({ width: 390, height: 844 });
    const site = await createOwnSite('pages-phone');
    await loginOnOwnSite(page, site);
    const suffix = randomBytes(3).toString('hex');
    const created = await createMenuPage(
      site,
      `Conseil mariage ${suffix}`,
      `/conseil-mariage-${suffix}`,
    );
    await page.goto(site.url('/admin/pages'));
    await expect(page.getByRole('heading', { level: 1, name: 'Pages et menu' })).toBeVisible();
    const up = page.getByRole('button', { name: `Monter « ${created.title} »`, exact: true });
    await up.scrollIntoViewIfNeeded();
    await up.click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: `« ${created.title} » est maintenant en position` }),
    ).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, { path: testInfo.outputPath('pages-390.png'), fullPage: true });

    await page.getByRole('link', { name: `Contenu de « ${created.title} »` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Contenu de « ${created.title} »` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Bloc 1 : Texte' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, { path: testInfo.outputPath('editor-390.png'), fullPage: true });
  });
});
