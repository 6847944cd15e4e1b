import { expect, test } from '@playwright/test';
import { getElementList } from '@comptoir/contract/element';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { loginThroughApi, SITE_91_ADMIN } from './support/accounts';
import { apiFor } from './support/api';

/*
 * The owner of site 91 adds a banner message in the back office's element lists screen, puts it
 * first and sees it in the storefront's banner. A site made from a platform template has no banner
 * list, so this journey works on site 91's: it runs after the journeys that count its messages
 * (content-frame) or write them (stored-xss), before the others that add one (admin-site), and puts
 * the list back as it was (playwright.config.ts).
 */

const asSite91 = { siteId: '91' };

async function bannerIds(): Promise<number[]> {
  const { list } = await apiFor(91).call(getElementList, {
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
    const before = await bannerIds();
    const message = `Soldes d'hiver ${Date.now().toString(36)}`;
    await loginThroughApi(page, SITE_91_ADMIN);
    try {
      await page.goto('/admin/elements');
      await expect(
        page.getByRole('heading', { level: 1, name: "Listes d'éléments" }),
      ).toBeVisible();
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
      await expectNoSeriousAccessibilityViolations(page);
      await page.screenshot({ path: test.info().outputPath('elements-1280.png'), fullPage: true });

      await expect(async () => {
        await page.goto('/');
        const storefrontBanner = page.getByRole('region', { name: 'Offres du moment' });
        await expect(storefrontBanner.getByText(`${message} : -20 % sur les soins`)).toBeVisible({
          timeout: 1_000,
        });
      }).toPass({ timeout: 10_000 });
    } finally {
      const added = (await bannerIds()).filter((id) => !before.includes(id));
      for (const id of added) {
        await page.request.delete(`/api/admin/element/bandeau-promotionnel/${id}`, {
          headers: asSite91,
        });
      }
      await page.request.put('/api/admin/element/bandeau-promotionnel/order', {
        headers: asSite91,
        data: { ids: before },
      });
    }
  });
});
