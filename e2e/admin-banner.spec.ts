import { expect, test } from '@playwright/test';
import { getElementList } from '@comptoir/contract/element';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { apiFor } from './support/api';
import { createOwnSite, dataOf, loginOnOwnSite, ownerApi } from './support/own-site';
import { saveScreenshot } from './support/screenshots';

/*
 * A site's owner adds a banner message in the back office's element lists screen, puts it first and
 * sees it in the storefront's banner. On a brochure site of the journey's own (support/own-site.ts),
 * which starts with an empty banner list: two messages are put there first, through the API, so that
 * the new one has places to climb. The journeys that count site 91's messages never see it.
 */

async function bannerIds(siteId: number): Promise<number[]> {
  const { list } = await apiFor(siteId).call(getElementList, {
    params: { route: 'bandeau-promotionnel' },
    query: { nbItem: 1000 },
  });
  return list.map((message) => message.id);
}

test.describe('element lists', () => {
  test('the owner adds a banner message, puts it first and sees it in the storefront’s banner', async ({
    page,
  }) => {
    test.slow();
    const site = await createOwnSite('banner');
    // A new site's banner is there, empty (its template's lists).
    expect(await bannerIds(site.id)).toEqual([]);
    const api = await ownerApi(site);
    try {
      for (const [title, colour] of [
        ['Ouverture le samedi', '#2f4858'],
        ['Nouvelles couleurs', '#5b2a4e'],
      ]) {
        await dataOf(
          api.post('/admin/element/bandeau-promotionnel', {
            data: { title, html: `<strong>${title}</strong>`, backgroundColor: colour },
          }),
        );
      }
    } finally {
      await api.dispose();
    }
    const before = await bannerIds(site.id);
    expect(before).toHaveLength(2);
    const message = `Soldes d'hiver ${Date.now().toString(36)}`;
    await loginOnOwnSite(page, site);
    await page.goto(site.url('/admin/elements'));
    await expect(page.getByRole('heading', { level: 1, name: "Listes d'éléments" })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);

    const banner = page.getByRole('region', { name: 'Bandeau promotionnel' });
    await banner.getByRole('button', { name: 'Ajouter un message' }).click();
    await banner.getByRole('textbox', { name: 'Titre' }).fill(message);
    await banner
      .getByRole('textbox', { name: /Message \(HTML\)/ })
      .fill(`<strong>${message}</strong> : -20 % sur les soins`);
    await banner.getByRole('textbox', { name: /Couleur de fond/ }).fill('#7a2e1c');
    await expect(banner.getByText(`${message} : -20 % sur les soins`)).toBeVisible();
    await banner.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(banner.getByRole('status')).toHaveText(`« ${message} » ajouté.`);

    // Moved to the top with the keyboard alternative to dragging.
    const up = banner.getByRole('button', { name: `Monter « ${message} »` });
    for (let position = before.length; position >= 1; position -= 1) {
      await up.focus();
      await page.keyboard.press('Enter');
      await expect(banner.getByRole('status')).toHaveText(
        `« ${message} » est maintenant en position ${position}.`,
      );
    }
    await expect(up).toBeDisabled();
    const after = await bannerIds(site.id);
    expect(after).toHaveLength(3);
    expect(after.slice(1)).toEqual(before);
    await expectNoSeriousAccessibilityViolations(page);
    await saveScreenshot(page, {
      path: test.info().outputPath('elements-1280.png'),
      fullPage: true,
    });

    await expect(async () => {
      await page.goto(site.url('/'));
      const storefrontBanner = page.getByRole('region', { name: 'Offres du moment' });
      await expect(storefrontBanner.getByText(`${message} : -20 % sur les soins`)).toBeVisible({
        timeout: 1_000,
      });
    }).toPass({ timeout: 10_000 });
  });
});
