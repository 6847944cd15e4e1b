import { expect, test, type Page } from '@playwright/test';
import { getAlbumList, getAlbum, type Album } from '@comptoir/contract/album';
import { apiFor } from './support/api';
import { expectNoSeriousAccessibilityViolations } from './support/accessibility';
import { rememberPopupsClosed } from './support/welcome-popup';

/**
 * The salon page's gallery (album 'le-salon': five photos and a video) and the full-screen slider
 * it opens (docs/requirements/storefront-layout.md): 'n / total', arrows from 996 px up, swipe, Escape, arrow keys, a video at
 * most 950 px wide, and focus back on the thumbnail once closed.
 */

const SALON_PAGE = '/salon-coiffure-saint-malo-du-bois';
const GALLERY_TITLE = 'Le salon en images';

async function salonAlbum(): Promise<Album> {
  const api = apiFor(91);
  const [summary] = (await api.call(getAlbumList, { query: { slug: 'le-salon' } })).list;
  return api.call(getAlbum, { params: { id: summary!.id } });
}

/** Opens the salon page, keeping every request on this machine and counting console errors. */
async function openSalonPage(page: Page): Promise<string[]> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => route.abort(),
  );
  await rememberPopupsClosed(page);
  await page.goto(SALON_PAGE);
  return consoleErrors;
}

test('a visitor browses the salon photos and video in the full-screen slider with the keyboard', async ({
  page,
}) => {
  const album = await salonAlbum();
  const consoleErrors = await openSalonPage(page);
  const gallery = page.getByRole('region', { name: GALLERY_TITLE });
  await expect(gallery.getByRole('heading', { level: 2, name: GALLERY_TITLE })).toBeVisible();
  await expect(gallery.getByRole('listitem')).toHaveCount(album.media.length);
  const third = gallery.getByRole('button', {
    name: `Agrandir la photo n°3 : ${album.media[2]!.alt}`,
  });

  const slider = page.getByRole('dialog', { name: GALLERY_TITLE });
  const counter = slider.getByText(/^\d+ \/ \d+$/);

  await test.step('a thumbnail opens the slider at its photo, over 90 % of the window', async () => {
    await third.click();
    await expect(slider).toBeVisible();
    await expect(counter).toHaveText('3 / 6');
    const frame = await slider.locator('.yarl__container').boundingBox();
    const viewport = page.viewportSize()!;
    expect(frame!.width).toBeCloseTo(viewport.width * 0.9, 0);
    expect(frame!.height).toBeCloseTo(viewport.height * 0.9, 0);
    await expect(slider.getByRole('button', { name: 'Fermer' })).toBeVisible();
  });

  await test.step('the next arrow and the arrow keys move through the album', async () => {
    await slider.getByRole('button', { name: 'Suivant' }).click();
    await expect(counter).toHaveText('4 / 6');
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText('5 / 6');
    await page.keyboard.press('ArrowLeft');
    await expect(counter).toHaveText('4 / 6');
    await slider.getByRole('button', { name: 'Précédent' }).click();
    await expect(counter).toHaveText('3 / 6');
  });

  await test.step('the open slider has no serious accessibility problem', async () => {
    await expectNoSeriousAccessibilityViolations(page);
  });

  await test.step('the video plays in the slider, at most 950 px wide, with its description', async () => {
    // One key at a time: the slider ignores keys while it is still moving.
    for (const position of ['4 / 6', '5 / 6', '6 / 6']) {
      await page.keyboard.press('ArrowRight');
      await expect(counter).toHaveText(position);
    }
    const video = slider.locator('video');
    await expect(video).toBeVisible();
    await expect(video.locator('source')).toHaveAttribute('src', album.media[5]!.url);
    expect((await video.boundingBox())!.width).toBeLessThanOrEqual(950);
    await expect(slider.getByText(album.media[5]!.caption!)).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
  });

  await test.step('Escape closes the slider and gives focus back to the thumbnail', async () => {
    await page.keyboard.press('Escape');
    await expect(slider).toBeHidden();
    await expect(third).toBeFocused();
  });

  expect(consoleErrors).toEqual([]);
});

test('on a phone the arrows give way to swiping, and the close button closes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const album = await salonAlbum();
  const consoleErrors = await openSalonPage(page);
  const gallery = page.getByRole('region', { name: GALLERY_TITLE });
  const first = gallery.getByRole('button', {
    name: `Agrandir la photo n°1 : ${album.media[0]!.alt}`,
  });
  await first.click();
  const slider = page.getByRole('dialog', { name: GALLERY_TITLE });
  const counter = slider.getByText(/^\d+ \/ \d+$/);
  await expect(counter).toHaveText('1 / 6');

  await test.step('no arrow is shown under 996 px', async () => {
    await expect(slider.getByRole('button', { name: 'Suivant' })).toBeHidden();
    await expect(slider.getByRole('button', { name: 'Précédent' })).toBeHidden();
  });

  await test.step('a swipe to the left shows the next photo', async () => {
    const frame = (await slider.locator('.yarl__container').boundingBox())!;
    const y = frame.y + frame.height / 2;
    await page.mouse.move(frame.x + frame.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.15, y, { steps: 12 });
    await page.mouse.up();
    await expect(counter).toHaveText('2 / 6');
  });

  await test.step('the close button closes the slider and gives focus back', async () => {
    await slider.getByRole('button', { name: 'Fermer' }).click();
    await expect(slider).toBeHidden();
    await expect(first).toBeFocused();
  });

  expect(consoleErrors).toEqual([]);
});
